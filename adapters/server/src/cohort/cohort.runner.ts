// Runs cohort jobs in worker_threads workers, one per run, and keeps each run's latest progress in
// memory (the draft itself goes to the database when the worker is done). Cancel asks the solver
// to stop and ends the thread, so a cancelled run frees its core at once.
import { Worker } from 'node:worker_threads'
import type { CohortResult, FirstComeResult } from '@tandem/core'
import type { CohortJob, WorkerMessage } from './cohort.messages.js'

export type RunProgress = { readonly phase: string; readonly fraction: number }

export type RunHandlers = {
  readonly done: (result: CohortResult, firstCome: FirstComeResult) => void
  readonly cancelled: () => void
  readonly failed: (message: string) => void
}

export type CohortRunner = {
  readonly start: (runId: number, job: Omit<CohortJob, 'cancel'>, handlers: RunHandlers) => void
  /** The latest progress of a run this process is working on; undefined when it has none. */
  readonly progress: (runId: number) => RunProgress | undefined
  /** Stops a run of this process; false when it has none by that id. */
  readonly cancel: (runId: number) => boolean
  /** Ends every worker (server shutdown); no run starts after it. */
  readonly close: () => Promise<void>
  readonly closed: () => boolean
}

const WORKER_URL = new URL('./cohort.worker.mjs', import.meta.url)

export const createCohortRunner = (): CohortRunner => {
  const live = new Map<number, { worker: Worker; flag: Int32Array; progress: RunProgress }>()
  let closed = false

  const stop = (runId: number): Promise<number> | undefined => {
    const entry = live.get(runId)
    if (entry === undefined) return undefined
    live.delete(runId)
    Atomics.store(entry.flag, 0, 1)
    return entry.worker.terminate()
  }

  return {
    start: (runId, job, handlers) => {
      if (closed) return
      const cancel = new SharedArrayBuffer(4)
      const flag = new Int32Array(cancel)
      const worker = new Worker(WORKER_URL, { workerData: { ...job, cancel } satisfies CohortJob })
      const entry = { worker, flag, progress: { phase: 'loading', fraction: 0 } as RunProgress }
      live.set(runId, entry)
      let settled = false
      const settle = (report: () => void): void => {
        if (settled) return
        settled = true
        live.delete(runId)
        void worker.terminate()
        report()
      }
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'progress') entry.progress = { phase: message.phase, fraction: message.fraction }
        else if (message.type === 'done') settle(() => handlers.done(message.result, message.firstCome))
        else if (message.type === 'cancelled') settle(handlers.cancelled)
        else settle(() => handlers.failed(message.message))
      })
      worker.on('error', (error) => settle(() => handlers.failed(error.message)))
      // A cancel terminates the thread: the run was marked cancelled by whoever asked.
      worker.on('exit', () => {
        const unexpected = live.has(runId)
        settle(() => (unexpected ? handlers.failed('the worker stopped') : undefined))
      })
    },
    progress: (runId) => live.get(runId)?.progress,
    cancel: (runId) => stop(runId) !== undefined,
    closed: () => closed,
    close: async () => {
      closed = true
      await Promise.all([...live.keys()].flatMap((id) => stop(id) ?? []))
    },
  }
}
