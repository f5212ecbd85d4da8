// The questionnaire preview runner port: how the application hands a draft's impact preview to be
// computed off the request thread (the server runs it in a worker thread,
// adapters/server/src/questionnaire-preview/preview.runner.ts), and what the two sides say.
import type { ImpactPreview, PreviewPopulation, PreviewVersion } from '@tandem/core'

export type PreviewJob = {
  /** The draft's revision the preview is of (shown with the result; the worker does not read it). */
  readonly revision: number
  readonly population: PreviewPopulation
  readonly published: PreviewVersion
  readonly draft: PreviewVersion
}

export type PreviewWorkerMessage =
  | { readonly type: 'progress'; readonly fraction: number }
  | { readonly type: 'done'; readonly result: ImpactPreview }
  | { readonly type: 'failed'; readonly message: string }

export type PreviewHandlers = {
  /**
   * Writes the latest share done and the heartbeat to the preview's row; false when the preview is
   * no longer Running there (cancelled, or failed by another instance), so the worker is ended.
   */
  readonly progress: (fraction: number) => Promise<boolean>
  /** Stores the result (nothing once the preview stopped being Running); settles once the store answered. */
  readonly done: (result: ImpactPreview) => Promise<void>
  /** Stores the failure, as `done` does. */
  readonly failed: (message: string) => Promise<void>
}

export type PreviewRunner = {
  /** The name of this instance in the previews it computes: host and data folder (one server per folder). */
  readonly owner: string
  /**
   * Starts the stored preview's job in a worker; why not instead (the process is stopping, or it
   * computes MAX_RUNNING_PREVIEWS already), and then nothing started.
   */
  readonly start: (previewId: number, job: PreviewJob, handlers: PreviewHandlers) => string | null
  /** Ends the worker of a preview this process computes (a cancel); false when it has none by that id. */
  readonly stop: (previewId: number) => boolean
  /** Ends every worker (server shutdown). */
  readonly close: () => Promise<void>
}

/** How often the computing instance writes a preview's progress and heartbeat (and sees a cancel). */
export const PREVIEW_BEAT_MS = 250
