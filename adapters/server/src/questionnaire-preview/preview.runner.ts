// Runs questionnaire previews in worker_threads workers, one per preview. The previews themselves
// are stored (their row, adapters/store): this process keeps only its workers and their latest
// share done, and writes that share with a heartbeat to the row every PREVIEW_BEAT_MS. The same
// write tells it when the preview stopped being Running (an administrator cancelled it on any
// instance, or another instance failed it for silence): it then ends the worker, so no result is
// written after a cancel.
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { PREVIEW_BEAT_MS, type PreviewHandlers, type PreviewRunner, type PreviewWorkerMessage } from '@tandem/application'
import { workerOwner } from '../data-folder.js'

// A path, not `new URL('./…', import.meta.url)`: Vite rewrites that form into an asset address when
// the web app's screen tests run this server (web/test/utils/realApi.ts).
const WORKER_FILE = join(dirname(fileURLToPath(import.meta.url)), 'preview.worker.mjs')

/** Previews computed at once by one process: each takes a core for a second or two. More fail at once. */
export const MAX_RUNNING_PREVIEWS = 2

/** Why a preview is not started; stored as its failure. */
export const STOPPING = 'the server is stopping'
export const TOO_MANY = 'too many previews are running; try again shortly'

type Entry = { readonly worker: Worker; fraction: number; readonly timer: NodeJS.Timeout }

export const createPreviewRunner = (options: { readonly dataDir: string; readonly beatMs?: number }): PreviewRunner => {
  const live = new Map<number, Entry>()
  let closed = false

  /** Ends a preview's worker and heartbeat; the row says why (it is no longer Running, or ends now). */
  const stop = (previewId: number): Promise<number> | undefined => {
    const entry = live.get(previewId)
    if (entry === undefined) return undefined
    live.delete(previewId)
    clearInterval(entry.timer)
    return entry.worker.terminate()
  }

  return {
    owner: workerOwner(options.dataDir),
    start: (previewId, job, handlers: PreviewHandlers) => {
      if (closed) return STOPPING
      // Only this process's workers count: another instance's previews take its own cores.
      if (live.size >= MAX_RUNNING_PREVIEWS) return TOO_MANY
      const worker = new Worker(WORKER_FILE, { workerData: job })
      let writing = false
      const timer = setInterval(() => {
        // One write at a time: a slow database does not pile up progress writes.
        if (writing) return
        writing = true
        void handlers
          .progress(entry.fraction)
          .then((running) => {
            if (!running && live.get(previewId) === entry) void stop(previewId)
          })
          // A failed write (a lost connection) is tried again at the next beat.
          .catch(() => undefined)
          .finally(() => {
            writing = false
          })
      }, options.beatMs ?? PREVIEW_BEAT_MS)
      timer.unref()
      const entry: Entry = { worker, fraction: 0, timer }
      live.set(previewId, entry)
      // Only a worker still ours reports its end: a stopped one was cancelled or failed elsewhere.
      const settle = (report: () => void): void => {
        if (live.get(previewId) !== entry) return
        void stop(previewId)
        report()
      }
      worker.on('message', (message: PreviewWorkerMessage) => {
        if (message.type === 'progress') entry.fraction = message.fraction
        else if (message.type === 'done') settle(() => void handlers.done(message.result))
        else settle(() => void handlers.failed(message.message))
      })
      // A worker may throw anything, not only an Error.
      worker.on('error', (error: unknown) => settle(() => void handlers.failed(error instanceof Error ? error.message : String(error))))
      worker.on('exit', () => settle(() => void handlers.failed('the worker stopped')))
      return null
    },
    stop: (previewId) => stop(previewId) !== undefined,
    close: async () => {
      closed = true
      await Promise.all([...live.keys()].flatMap((id) => stop(id) ?? []))
    },
  }
}
