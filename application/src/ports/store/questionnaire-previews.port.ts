// The questionnaire impact previews, stored so that any instance answers their progress and result
// and any instance can cancel one (docs/admin.md, "Impact preview"); @tandem/store implements it on
// SQLite and PostgreSQL. Only the computing instance writes progress; every end is a conditional
// write from Running, so a cancel and a finish never both win.
import type { ImpactPreview, Instant, PreviewState, UserId } from '@tandem/core'

export type StoredPreview = {
  readonly id: number
  /** The draft's revision the preview is of. */
  readonly revision: number
  readonly state: PreviewState
  /** The share done, 0–1 (1 once finished). */
  readonly fraction: number
  /** The figures, once Done: aggregates only, nobody's data. */
  readonly result: ImpactPreview | null
  /** Why it failed (or null). */
  readonly message: string | null
  readonly startedAt: Instant
  readonly startedBy: UserId
  /** The instance computing it (its runner's owner). */
  readonly holder: string
  /** The computing instance's latest write. */
  readonly heartbeatAt: Instant
}

export type QuestionnairePreviewRepository = {
  /** A new Running preview, computed by `holder`; its id. */
  readonly start: (preview: {
    readonly revision: number
    readonly startedAt: Instant
    readonly startedBy: UserId
    readonly holder: string
  }) => Promise<number>
  readonly byId: (id: number) => Promise<StoredPreview | undefined>
  /**
   * The computing instance's progress and heartbeat, conditional on the preview still Running; false
   * when it is not (cancelled, or failed by another instance), so the worker stops.
   */
  readonly progress: (id: number, fraction: number, at: Instant) => Promise<boolean>
  /**
   * Ends a Running preview as Done (with its figures), Failed (with why) or Cancelled, and in the
   * same transaction deletes the finished previews beyond the newest PREVIEWS_KEPT; false, and
   * nothing written, when it was no longer Running.
   */
  readonly finish: (
    id: number,
    end:
      | { readonly state: 'Done'; readonly result: ImpactPreview }
      | { readonly state: 'Failed'; readonly message: string }
      | { readonly state: 'Cancelled' },
    at: Instant,
  ) => Promise<boolean>
  /**
   * Fails the Running previews whose heartbeat stopped before `quietSince`, and those of `holder`
   * (this instance's previous process computed them) when given; how many.
   */
  readonly failInterrupted: (at: Instant, quietSince: Instant, holder: string | null) => Promise<number>
}
