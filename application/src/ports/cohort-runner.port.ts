// The cohort runner port: how the application hands a whole-cohort run to be computed elsewhere (the
// server runs it in a worker thread, adapters/server/src/cohort/cohort.runner.ts), and what the two
// sides say to each other (plain data, structured-cloned).
import type { CohortInput, CohortPhase, CohortResult, CohortRunId, FirstComeInput, FirstComeResult } from '@tandem/core'

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

export type RunProgress = { readonly phase: string; readonly fraction: number }

export type RunHandlers = {
  readonly done: (result: CohortResult, firstCome: FirstComeResult) => void
  readonly cancelled: () => void
  readonly failed: (message: string) => void
}

/** Writes the progress as the heartbeat; false when the run is no longer Running in the database. */
export type Beat = (progress: RunProgress) => Promise<boolean>

export type CohortRunner = {
  /** The name of this instance in the runs it computes: host and data folder (one server per folder). */
  readonly owner: string
  /** This instance computes the run from now on: its heartbeat starts (phase `loading`). */
  readonly claim: (runId: CohortRunId, beat: Beat) => void
  /** The progress of a claimed run before its worker reports (the loading of its people). */
  readonly report: (runId: CohortRunId, progress: RunProgress) => void
  /** Starts the worker of a claimed run; nothing when the run was dropped meanwhile. */
  readonly start: (runId: CohortRunId, job: Omit<CohortJob, 'cancel'>, handlers: RunHandlers) => void
  /** The latest progress of a run this process is working on; undefined when it has none. */
  readonly progress: (runId: CohortRunId) => RunProgress | undefined
  /** Stops a run of this process (worker and heartbeat); false when it has none by that id. */
  readonly cancel: (runId: CohortRunId) => boolean
  /** The runs this process is working on. */
  readonly local: () => readonly CohortRunId[]
  /** Ends every worker (server shutdown); no run starts after it. */
  readonly close: () => Promise<void>
  readonly closed: () => boolean
}

/** How often the computing instance writes progress and heartbeat: two small writes a second. */
export const BEAT_MS = 500
/** A Running run without a heartbeat for this long is failed: its instance stopped (decision 0021). */
export const QUIET_MS = 30_000
