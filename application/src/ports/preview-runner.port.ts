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

export type PreviewStatus =
  | { readonly state: 'Running'; readonly fraction: number }
  | { readonly state: 'Done'; readonly result: ImpactPreview }
  | { readonly state: 'Failed'; readonly message: string }

export type PreviewRunner = {
  /** Starts the job in a worker; its id, to ask for its status. */
  readonly start: (job: PreviewJob) => number
  /** The status of a preview this process computes or computed lately; undefined for none by that id. */
  readonly status: (previewId: number) => (PreviewStatus & { readonly revision: number }) | undefined
  /** Ends every worker (server shutdown). */
  readonly close: () => Promise<void>
}
