// The server's periodic tasks (deadline sweep, reminder sweep) under a lease in the database, so
// that of several server processes sharing one database file only one sweeps at a time.
import { MINUTE, type Instant } from '@tandem/core'
import type { SchedulerLeases } from '@tandem/store'

export type ScheduledTask = {
  /** The lease's name: one row in `scheduler_leases`, shared by every process running this task. */
  readonly name: string
  readonly intervalMs: number
  readonly run: () => unknown
}

export type SchedulerLog = {
  readonly error: (fields: object, message: string) => void
  readonly info: (fields: object, message: string) => void
}

export type SchedulerOptions = {
  readonly leases: SchedulerLeases
  /** Unique per process (host and pid). */
  readonly holder: string
  readonly now: () => Instant
  readonly tasks: readonly ScheduledTask[]
  readonly log: SchedulerLog
  /** The shortest lease a tick takes (SWEEP_LEASE_MS); a minute unless configured. */
  readonly minimumLeaseMs?: number
}

/** What one tick of a task did: ran it, found another process holding the lease, or found its own
 *  previous round still running. */
export type TickOutcome = 'ran' | 'not-holder' | 'busy'

export type Scheduler = {
  /** One round of the named task: take or renew the lease, run the task if held. */
  readonly tick: (name: string) => Promise<TickOutcome>
  /** Starts a timer per task at its interval. */
  readonly start: () => void
  /** Stops the timers, waits for running rounds and releases this process's leases. */
  readonly stop: () => Promise<void>
}

/**
 * How long a lease lasts past a tick. Three intervals, so the holder renews it twice over before
 * another process may take over, and at least the minimum (a minute by default), so a slow sweep on a
 * loaded machine does not lose its lease mid-run (the sweeps are idempotent, so an overlap would cost
 * time, not correctness).
 */
export const leaseLength = (intervalMs: number, minimumMs: number = MINUTE): number => Math.max(3 * intervalMs, minimumMs)

export const createScheduler = (options: SchedulerOptions): Scheduler => {
  const { leases, holder, now, tasks, log, minimumLeaseMs = MINUTE } = options
  const running = new Map<string, Promise<unknown>>()
  const timers: NodeJS.Timeout[] = []

  const tick = async (name: string): Promise<TickOutcome> => {
    const task = tasks.find((t) => t.name === name)
    if (task === undefined) throw new Error(`no scheduled task ${name}`)
    // A round that outlasts the interval is not overlapped by the next one of the same process.
    if (running.has(name)) return 'busy'
    // Marked running before the lease is asked for, so a second tick meanwhile finds it busy.
    const round = (async (): Promise<TickOutcome> => {
      if (!(await leases.take(name, holder, now(), leaseLength(task.intervalMs, minimumLeaseMs)))) return 'not-holder'
      await task.run()
      return 'ran'
    })()
    running.set(name, round)
    try {
      return await round
    } finally {
      running.delete(name)
    }
  }

  return {
    tick,
    start: () => {
      for (const task of tasks) {
        timers.push(
          setInterval(() => {
            tick(task.name).catch((err: unknown) => log.error({ err, task: task.name }, `${task.name} failed`))
          }, task.intervalMs),
        )
      }
    },
    stop: async () => {
      for (const t of timers.splice(0)) clearInterval(t)
      await Promise.allSettled([...running.values()])
      for (const task of tasks) await leases.release(task.name, holder)
    },
  }
}
