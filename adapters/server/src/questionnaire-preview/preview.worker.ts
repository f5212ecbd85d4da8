// The body of a questionnaire preview's worker thread: computes the draft's impact (core
// impactPreview), posting progress; the main thread stays free.
import { parentPort, workerData } from 'node:worker_threads'
import type { PreviewJob, PreviewWorkerMessage } from '@tandem/application'
import { impactPreview } from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'

const port = parentPort
if (port === null) throw new Error('preview.worker runs in a worker thread')
const job = workerData as PreviewJob
const post = (message: PreviewWorkerMessage): void => port.postMessage(message)

// Progress comes often from the loops: one message per 2 % is plenty.
let last = -1
const result = impactPreview(job.population, job.published, job.draft, (fraction) => {
  if (fraction - last < 0.02 && fraction < 1) return
  last = fraction
  post({ type: 'progress', fraction })
})
post(isLeft(result) ? { type: 'failed', message: result.left.reason } : { type: 'done', result: result.right })
