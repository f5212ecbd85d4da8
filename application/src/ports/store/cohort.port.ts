// The store's cohort as the application needs it; @tandem/store implements it.
import {
  Score,
  type CohortPairOutcome,
  type CohortRunId,
  type CohortRunState,
  type CohortTotalsView,
  type ClusterId,
  type Instant,
  type UserId,
} from '@tandem/core'

export type CohortRunRecord = {
  readonly id: CohortRunId
  readonly clusterId: ClusterId
  readonly objective: 'maxMatched' | 'maxScore'
  readonly threshold: number
  readonly state: CohortRunState
  /** The administrator's e-mail. */
  readonly startedBy: string | null
  readonly startedAt: Instant
  readonly finishedAt: Instant | null
  readonly publishedBy: string | null
  readonly publishedAt: Instant | null
  readonly solverTotals: CohortTotalsView | null
  readonly firstCome: CohortTotalsView | null
  readonly failure: string | null
  /** While Running: the computing instance's latest phase and fraction, and when it last wrote them. */
  readonly phase: string | null
  readonly fraction: number
  readonly heartbeatAt: Instant | null
  /** The instance computing it (host and data folder). */
  readonly owner: string | null
}

export type DraftReason = 'MustFitKnocksEveryMentorOut' | 'NoMentorAboveThreshold' | 'TakenByBetterAssignment' | 'DroppedByAdmin'

export type DraftOutcome = 'Proposed' | 'Published' | 'Skipped'

export type CohortDraftRow = {
  readonly menteeId: UserId
  readonly menteeVersion: number
  /** null: no pair (see `reason`). */
  readonly mentor: {
    readonly id: UserId
    readonly version: number
    readonly score: Score
  } | null
  readonly reason: DraftReason | null
  readonly candidates: number
  readonly edited: boolean
  readonly outcome: DraftOutcome
  readonly skipReason: 'Changed' | 'NotAvailable' | null
  readonly tandemId: number | null
}

/** The lists of a draft: proposed pairs, mentees without a pair, pairs a publish skipped. */
export type DraftSection = 'pairs' | 'unmatched' | 'skipped'

export type DraftSummary = {
  readonly counts: {
    readonly pairs: number
    readonly unmatched: number
    readonly skipped: number
  }
  readonly totals: CohortTotalsView
}

export type DraftPerson = {
  readonly id: UserId
  readonly firstName: string
  readonly lastName: string
  readonly email: string
}

/** What publishing one pair did: its tandem, or why it was skipped (decided by core's publishCohortPairs). */
export type PublishStep = CohortPairOutcome

export type CohortRepository = {
  byId: (id: CohortRunId) => Promise<CohortRunRecord | undefined>
  rows: (runId: CohortRunId) => Promise<CohortDraftRow[]>
  /** One page of a list of the draft, by mentee id. */
  page: (runId: CohortRunId, section: DraftSection, offset: number, limit: number) => Promise<CohortDraftRow[]>
  /** How many rows each list of the draft has and its totals (as edited), counted by the database. */
  summary: (runId: CohortRunId) => Promise<DraftSummary>
  /** The names and addresses of the people of a page. */
  people: (ids: readonly UserId[]) => Promise<Map<UserId, DraftPerson>>
  latest: () => Promise<CohortRunRecord | undefined>
  running: () => Promise<CohortRunRecord | undefined>
  /** A new run in state Running; undefined when another run is Running (one at a time, across processes). */
  start: (run: {
    readonly clusterId: ClusterId
    readonly objective: 'maxMatched' | 'maxScore'
    readonly threshold: number
    readonly startedBy: string
    readonly startedAt: Instant
    /** The instance that will compute it. */
    readonly owner: string
    /** A Running run without a heartbeat since then is failed first: its instance is gone. */
    readonly quietSince: Instant
  }) => Promise<CohortRunRecord | undefined>
  /** Stores the draft of a Running run and makes it a Draft; false when it was cancelled meanwhile. */
  saveDraft: (
    id: CohortRunId,
    draft: {
      readonly rows: readonly CohortDraftRow[]
      readonly solverTotals: CohortTotalsView
      readonly firstCome: CohortTotalsView
      readonly finishedAt: Instant
    },
  ) => Promise<boolean>
  cancel: (id: CohortRunId, at: Instant) => Promise<boolean>
  fail: (id: CohortRunId, at: Instant, failure: string) => Promise<boolean>
  /**
   * At an instance's start: its own runs left Running (its previous process computed them) and
   * every run whose heartbeat stopped before `quietSince` become Failed. A run another live
   * instance computes keeps running.
   */
  failInterrupted: (at: Instant, owner: string, quietSince: Instant) => Promise<number>
  /** Fails a Running run whose heartbeat stopped before `quietSince`; false when it is not such a run. */
  failIfQuiet: (id: CohortRunId, at: Instant, quietSince: Instant) => Promise<boolean>
  /**
   * The computing instance's heartbeat: its phase and fraction, conditional on the run still
   * Running; false when it is not (cancelled or failed by another instance), so the worker stops.
   * Run on the Kysely handle, not as a store write: nothing cached depends on it, so it leaves the
   * store's generation (and every instance's caches) alone.
   */
  beat: (
    id: CohortRunId,
    progress: {
      readonly phase: string
      readonly fraction: number
    },
    at: Instant,
  ) => Promise<boolean>
  /** Sets or drops one mentee's pair of a Draft run; false when the run is no longer a Draft. */
  setPair: (
    id: CohortRunId,
    menteeId: UserId,
    mentor: {
      readonly id: UserId
      readonly version: number
      readonly score: Score
    } | null,
    candidates: number,
  ) => Promise<boolean>
  /** Moves a Draft run to Published, with who and when; false when it is no longer a Draft. */
  claimPublish: (id: CohortRunId, by: string, at: Instant) => Promise<boolean>
  /** Records what publishing did with each pair of the draft (by mentee). */
  recordOutcomes: (id: CohortRunId, outcomes: readonly { readonly menteeId: UserId; readonly outcome: PublishStep }[]) => Promise<void>
}
