// Timing helpers of the benchmarks: warm up, batch short runs so one sample lasts at least 10 ms,
// repeat, and report the median. Time is this process's CPU time, not wall time: the machines are
// shared, and time spent descheduled says nothing about the code.
import { readFileSync } from 'node:fs'

export type Measurement = { readonly medianMs: number; readonly samples: number }

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

export const measure = (
  run: () => number,
  options: { readonly warmupMs?: number; readonly budgetMs?: number; readonly minSamples?: number } = {},
): Measurement => {
  const { warmupMs = 200, budgetMs = 1500, minSamples = 5 } = options
  let sink = 0
  const warmupStart = cpuMs()
  let single = 0
  let runs = 0
  do {
    const start = cpuMs()
    sink += run()
    single = cpuMs() - start
    runs++
  } while (cpuMs() - warmupStart < warmupMs)
  const batch = Math.max(1, Math.ceil(10 / Math.max(single, (cpuMs() - warmupStart) / runs, 0.001)))
  const times: number[] = []
  const end = cpuMs() + budgetMs
  while (times.length < minSamples || cpuMs() < end) {
    const start = cpuMs()
    for (let i = 0; i < batch; i++) sink += run()
    times.push((cpuMs() - start) / batch)
  }
  // The sink keeps the optimiser from discarding the work.
  if (Number.isNaN(sink)) console.log('sink', sink)
  times.sort((a, b) => a - b)
  return { medianMs: times[Math.floor(times.length / 2)]!, samples: times.length }
}

export const table = (rows: readonly (readonly (string | number)[])[]): string => {
  const cells = rows.map((row) => row.map(String))
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)))
  return cells.map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')).join('\n')
}

/**
 * The main thread's time on a CPU and time spent runnable but waiting for one (Linux
 * /proc/self/schedstat, nanoseconds), in ms; null where the kernel does not say. On a shared machine
 * wall time minus the wait is what the work would take with a CPU to itself.
 */
export const schedulerTimes = (): { readonly runMs: number; readonly waitMs: number } | null => {
  try {
    const [run, wait] = readFileSync('/proc/self/schedstat', 'utf8').trim().split(/\s+/).map(Number)
    return run === undefined || wait === undefined || Number.isNaN(run + wait) ? null : { runMs: run / 1e6, waitMs: wait / 1e6 }
  } catch {
    return null
  }
}

/** The p-th percentile (nearest rank) of ascending values. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
