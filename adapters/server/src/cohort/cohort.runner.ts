// Runs cohort jobs in worker_threads workers, one per run. The instance computing a run keeps its
// latest progress and writes it, with a heartbeat, to the run's row a couple of times a second; any
// instance answers the progress from that row (decision 0021). The same write tells the computing
// instance when the run stopped being Running (another instance cancelled it, or failed it for
// silence): it then ends the worker. Cancel asks the solver to stop and ends the thread, so a
// cancelled run frees its core at once.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { BEAT_MS, type CohortJob, type CohortRunner, type RunProgress, type WorkerMessage } from '@tandem/application'
import type { CohortRunId } from '@tandem/core'
import { workerOwner } from '../data-folder.js'

// A path, not `new URL('./…', import.meta.url)`: Vite rewrites that form into an asset address when
// the web app's screen tests run this server (web/test/utils/realApi.ts).
const WORKER_FILE = join(dirname(fileURLToPath(import.meta.url)), 'cohort.worker.mjs')

type Entry = { worker?: Worker; flag?: Int32Array; progress: RunProgress; readonly timer: NodeJS.Timeout }

export { QUIET_MS, type CohortRunner } from '@tandem/application'

export const createCohortRunner = (options: { readonly dataDir: string; readonly beatMs?: number }): CohortRunner => {
  const live = new Map<CohortRunId, Entry>()
  let closed = false

  const stop = (runId: CohortRunId): Promise<number> | undefined => {
    const entry = live.get(runId)
    if (entry === undefined) return undefined
    live.delete(runId)
    clearInterval(entry.timer)
    if (entry.flag !== undefined) Atomics.store(entry.flag, 0, 1)
    return entry.worker?.terminate() ?? Promise.resolve(0)
  }

  return {
    owner: workerOwner(options.dataDir),
    claim: (runId, beat) => {
      if (closed) return
      let beating = false
      const timer = setInterval(() => {
        // One write at a time: a slow database does not pile up heartbeats.
        if (beating) return
        beating = true
        void beat(entry.progress)
          .then((running) => {
            if (!running && live.get(runId) === entry) void stop(runId)
          })
          // A failed write (a lost connection) is tried again at the next beat.
          .catch(() => undefined)
          .finally(() => {
            beating = false
          })
      }, options.beatMs ?? BEAT_MS)
      timer.unref()
      const entry: Entry = { progress: { phase: 'loading', fraction: 0 }, timer }
      live.set(runId, entry)
    },
    report: (runId, progress) => {
      const entry = live.get(runId)
      if (entry !== undefined) entry.progress = progress
    },
    start: (runId, job, handlers) => {
      const entry = live.get(runId)
      if (closed || entry === undefined) return
      const cancel = new SharedArrayBuffer(4)
      const flag = new Int32Array(cancel)
      const worker = new Worker(WORKER_FILE, { workerData: { ...job, cancel } satisfies CohortJob })
      entry.worker = worker
      entry.flag = flag
      let settled = false
      const settle = (report: () => void): void => {
        if (settled) return
        settled = true
        if (live.get(runId) === entry) live.delete(runId)
        clearInterval(entry.timer)
        void worker.terminate()
        report()
      }
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'progress') entry.progress = { phase: message.phase, fraction: message.fraction }
        else if (message.type === 'done') settle(() => handlers.done(message.result, message.firstCome))
        else if (message.type === 'cancelled') settle(handlers.cancelled)
        else settle(() => handlers.failed(message.message))
      })
      // A worker may throw anything, not only an Error.
      worker.on('error', (error: unknown) => settle(() => handlers.failed(error instanceof Error ? error.message : String(error))))
      // A cancel terminates the thread: the run was marked cancelled by whoever asked.
      worker.on('exit', () => {
        const unexpected = live.get(runId) === entry
        settle(() => (unexpected ? handlers.failed('the worker stopped') : undefined))
      })
    },
    progress: (runId) => live.get(runId)?.progress,
    cancel: (runId) => stop(runId) !== undefined,
    local: () => [...live.keys()],
    closed: () => closed,
    close: async () => {
      closed = true
      await Promise.all([...live.keys()].flatMap((id) => stop(id) ?? []))
    },
  }
}
