// The body of a cohort run's worker thread: solves the cohort (core assignCohort) and simulates
// first-come-first-served runs on the same people, posting progress; the main thread stays free.
import { parentPort, workerData } from 'node:worker_threads'
import { assignCohort, simulateFirstComeFirstServed } from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'
import type { CohortJob, WorkerMessage } from './cohort.messages.js'

const port = parentPort
if (port === null) throw new Error('cohort.worker runs in a worker thread')
const job = workerData as CohortJob
const cancelFlag = new Int32Array(job.cancel)
const post = (message: WorkerMessage): void => port.postMessage(message)

// Progress comes often from the solver's loops: one message per phase change or 2 % is plenty.
let last = { phase: '', fraction: -1 }
const result = assignCohort(job.input, {
  onProgress: ({ phase, fraction }) => {
    if (phase === last.phase && fraction - last.fraction < 0.02 && fraction < 1) return
    last = { phase, fraction }
    post({ type: 'progress', phase, fraction })
  },
  shouldCancel: () => Atomics.load(cancelFlag, 0) === 1,
})
if (isLeft(result)) {
  post(
    result.left._tag === 'Cancelled' ? { type: 'cancelled' } : { type: 'failed', message: `${result.left.field}: ${result.left.reason}` },
  )
} else {
  post({ type: 'progress', phase: 'reporting', fraction: 1 })
  const firstCome = simulateFirstComeFirstServed(job.firstCome)
  post({ type: 'done', result: result.right, firstCome })
}
