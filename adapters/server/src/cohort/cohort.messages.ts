// What the main thread and a cohort worker say to each other: plain data, structured-cloned.
import type { CohortInput, CohortPhase, CohortResult, FirstComeInput, FirstComeResult } from '@tandem/core'

export type CohortJob = {
  readonly input: CohortInput
  readonly firstCome: FirstComeInput
  /** One Int32: 1 asks the solver to stop (read between its steps). */
  readonly cancel: SharedArrayBuffer
}

export type WorkerMessage =
  | { readonly type: 'progress'; readonly phase: CohortPhase; readonly fraction: number }
  | { readonly type: 'done'; readonly result: CohortResult; readonly firstCome: FirstComeResult }
  | { readonly type: 'cancelled' }
  | { readonly type: 'failed'; readonly message: string }
