// Runs questionnaire previews in worker_threads workers, one per preview, and keeps their progress
// and results in this process's memory: a preview is a look before publishing, not a record, so it
// is not stored. The progress and result are answered by the instance that computes the preview;
// another instance answers NotFound (docs/admin.md, "Impact preview"), never one of its own: the ids
// are drawn at random, not counted from 1 in every process.
import { randomInt } from 'node:crypto'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { PreviewJob, PreviewRunner, PreviewStatus, PreviewWorkerMessage } from '@tandem/application'

// A path, not `new URL('./…', import.meta.url)`: Vite rewrites that form into an asset address when
// the web app's screen tests run this server (web/test/utils/realApi.ts).
const WORKER_FILE = join(dirname(fileURLToPath(import.meta.url)), 'preview.worker.mjs')

/** Finished previews kept to be read: the latest few, enough for the administrators looking at one. */
const KEEP_FINISHED = 20
/** Previews computed at once by one process: each takes a core for a second or two. More fail at once. */
export const MAX_RUNNING_PREVIEWS = 2
/** Ids below this (15 digits at most, as the query's id is read) and above 0. */
const ID_LIMIT = 2 ** 47

type Entry = { status: PreviewStatus; readonly revision: number; worker: Worker | null }

export const createPreviewRunner = (): PreviewRunner => {
  const previews = new Map<number, Entry>()
  let closed = false
  const newId = (): number => {
    for (;;) {
      const id = randomInt(1, ID_LIMIT)
      if (!previews.has(id)) return id
    }
  }
  const running = (): number => [...previews.values()].filter((e) => e.status.state === 'Running').length

  /** Forgets the oldest finished previews beyond KEEP_FINISHED (a Map iterates in insertion order). */
  const forgetOld = (): void => {
    const finished = [...previews].filter(([, e]) => e.status.state !== 'Running')
    for (const [id] of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) previews.delete(id)
  }

  return {
    start: (job: PreviewJob) => {
      const previewId = newId()
      const busy = running() >= MAX_RUNNING_PREVIEWS
      const entry: Entry = { status: { state: 'Running', fraction: 0 }, revision: job.revision, worker: null }
      previews.set(previewId, entry)
      if (closed || busy) {
        entry.status = { state: 'Failed', message: closed ? 'the server is stopping' : 'too many previews are running; try again shortly' }
        forgetOld()
        return previewId
      }
      const worker = new Worker(WORKER_FILE, { workerData: job })
      entry.worker = worker
      const settle = (status: PreviewStatus): void => {
        if (entry.status.state !== 'Running') return
        entry.status = status
        entry.worker = null
        void worker.terminate()
        forgetOld()
      }
      worker.on('message', (message: PreviewWorkerMessage) => {
        if (message.type === 'progress') {
          if (entry.status.state === 'Running') entry.status = { state: 'Running', fraction: message.fraction }
        } else if (message.type === 'done') settle({ state: 'Done', result: message.result })
        else settle({ state: 'Failed', message: message.message })
      })
      worker.on('error', (error) => settle({ state: 'Failed', message: error.message }))
      worker.on('exit', () => settle({ state: 'Failed', message: 'the worker stopped' }))
      return previewId
    },
    status: (previewId) => {
      const entry = previews.get(previewId)
      return entry === undefined ? undefined : { ...entry.status, revision: entry.revision }
    },
    close: async () => {
      closed = true
      await Promise.all([...previews.values()].flatMap((e) => (e.worker === null ? [] : [e.worker.terminate()])))
    },
  }
}
