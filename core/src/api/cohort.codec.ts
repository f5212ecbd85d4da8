// Wire codecs of the admin's cohort page (issue: whole-cohort matching): start a run, follow and
// cancel it, review and edit its draft, publish it. Shared by the HTTP adapter and the web app.
import * as t from 'io-ts'
import type { CohortRunState } from '../matching/cohort-run.moves.js'
import { Bilingual } from '../shared/language.js'
import { CohortRunIdFromString, UserIdFromString } from './query.codec.js'
import type { MessageKey } from '../messages.js'
import { refined } from './wire.codec.js'
import { ClusterId, CohortRunId, UserId } from '../shared/ids.js'

export const CohortObjectiveWire = t.keyof({ maxMatched: null, maxScore: null }, 'CohortObjective')

/** The minimum percentage of a cohort run: a whole number from 0 to 100. */
export const CohortThreshold = refined(
  'CohortThreshold',
  t.number,
  (n) => Number.isSafeInteger(n) && n >= 0 && n <= 100,
  'cohort-threshold-range',
)

/** POST /api/Admin/StartCohortRun */
export const CohortRunRequest = t.strict(
  { clusterId: ClusterId, objective: CohortObjectiveWire, threshold: CohortThreshold },
  'CohortRunRequest',
)
export type CohortRunRequest = t.TypeOf<typeof CohortRunRequest>

/** ?runId= of the progress, draft, cancel and publish calls; without it the progress and draft calls answer the latest run. */
export const CohortRunQuery = t.strict({ runId: CohortRunIdFromString }, 'CohortRunQuery')
export type CohortRunQuery = t.TypeOf<typeof CohortRunQuery>
export const LatestCohortRunQuery = t.exact(t.partial({ runId: CohortRunIdFromString }), 'LatestCohortRunQuery')
export type LatestCohortRunQuery = t.TypeOf<typeof LatestCohortRunQuery>

/** How many rows of each list of a draft one answer holds, unless the call asks for another number. */
export const COHORT_DRAFT_PAGE_SIZE = 50
/** The most rows of each list one answer may hold (a 50,000-mentee draft is read in pages). */
export const COHORT_DRAFT_PAGE_SIZE_MAX = 200

/** A whole number written in decimal digits, accepted within `accept`; else the message `key`. */
const wholeFromString = (name: string, accept: (n: number) => boolean, key: MessageKey) =>
  new t.Type<number, string, unknown>(
    name,
    (u): u is number => typeof u === 'number' && Number.isSafeInteger(u) && accept(u),
    (u, c) => {
      const n = typeof u === 'string' && /^\d{1,9}$/.test(u) ? Number(u) : Number.NaN
      return Number.isSafeInteger(n) && accept(n) ? t.success(n) : t.failure(u, c, key)
    },
    String,
  )

/** A page of a draft's list, counted from 1. */
export const CohortDraftPage = wholeFromString('CohortDraftPage', (n) => n >= 1, 'cohort-draft-page')
/** Rows per list and page: 1 to COHORT_DRAFT_PAGE_SIZE_MAX. */
export const CohortDraftPageSize = wholeFromString(
  'CohortDraftPageSize',
  (n) => n >= 1 && n <= COHORT_DRAFT_PAGE_SIZE_MAX,
  'cohort-draft-page-size',
)

/**
 * ?runId=&pairsPage=&unmatchedPage=&skippedPage=&pageSize= of the draft call: each list of the draft
 * (proposed pairs, mentees without a pair, pairs skipped at publish) is paged on its own; every part
 * may be left out (the latest run, page 1, COHORT_DRAFT_PAGE_SIZE rows).
 */
export const CohortDraftQuery = t.exact(
  t.partial({
    runId: CohortRunIdFromString,
    pairsPage: CohortDraftPage,
    unmatchedPage: CohortDraftPage,
    skippedPage: CohortDraftPage,
    pageSize: CohortDraftPageSize,
  }),
  'CohortDraftQuery',
)
export type CohortDraftQuery = t.TypeOf<typeof CohortDraftQuery>

/** ?runId=&menteeId= of the mentor choices for one mentee of a draft. */
export const CohortChoicesQuery = t.strict({ runId: CohortRunIdFromString, menteeId: UserIdFromString }, 'CohortChoicesQuery')
export type CohortChoicesQuery = t.TypeOf<typeof CohortChoicesQuery>

/** POST /api/Admin/EditCohortDraft: another mentor for the mentee, or null to drop the mentee's pair. */
export const CohortDraftEdit = t.strict({ runId: CohortRunId, menteeId: UserId, mentorId: t.union([UserId, t.null]) }, 'CohortDraftEdit')
export type CohortDraftEdit = t.TypeOf<typeof CohortDraftEdit>

export type CohortRunPhase = 'loading' | 'scoring' | 'solving' | 'verifying' | 'reporting' | 'saving'

export type CohortPerson = { readonly userId: UserId; readonly firstName: string; readonly lastName: string; readonly email: string }

/** A run as the progress call shows it. */
export type CohortRunView = {
  readonly runId: CohortRunId
  readonly clusterId: number
  readonly programYear: string
  readonly objective: t.TypeOf<typeof CohortObjectiveWire>
  readonly threshold: number
  readonly state: CohortRunState
  readonly phase: CohortRunPhase | null
  /** 0 to 1 within the phase. */
  readonly fraction: number
  /** The administrator's e-mail. */
  readonly startedBy: string | null
  readonly startedAt: string
  readonly finishedAt: string | null
  readonly publishedBy: string | null
  readonly publishedAt: string | null
}

export type CohortDraftPairView = {
  readonly mentee: CohortPerson
  readonly mentor: CohortPerson
  readonly base: number
  readonly max: number
  readonly percentage: number
  /** What the two share, the weightiest first (core commonGround), as "question: options" lines. */
  readonly shared: readonly Bilingual[]
  /** Picked by the admin rather than the solver. */
  readonly edited: boolean
  readonly outcome: 'Proposed' | 'Published' | 'Skipped'
  readonly tandemId: number | null
}

/** Why a mentee has no pair: the solver's reasons, or the admin dropped it. */
export type CohortUnmatchedReason = 'MustFitKnocksEveryMentorOut' | 'NoMentorAboveThreshold' | 'TakenByBetterAssignment' | 'DroppedByAdmin'
export type CohortUnmatchedView = { readonly mentee: CohortPerson; readonly reason: CohortUnmatchedReason; readonly candidates: number }

export type CohortTotalsView = { readonly mentees: number; readonly matched: number; readonly meanPercentage: number }

export type CohortSkippedView = {
  readonly mentee: CohortPerson
  readonly mentor: CohortPerson
  /** The mentee or the mentor changed since the draft (another run, an admin, a profile save), or the core refused. */
  readonly reason: 'Changed' | 'NotAvailable'
}

/** Which page of each list a draft answer holds (pages count from 1). */
export type CohortDraftPaging = {
  readonly pairsPage: number
  readonly unmatchedPage: number
  readonly skippedPage: number
  readonly pageSize: number
}

/** How many rows each list of the draft has in all. */
export type CohortDraftCounts = { readonly pairs: number; readonly unmatched: number; readonly skipped: number }

/** A draft, one page of each list at a time (a cohort may have 50,000 mentees), with the totals over all of it. */
export type CohortDraftView = CohortRunView & {
  /** The page `paging.pairsPage` of the proposed pairs, by mentee id. */
  readonly pairs: readonly CohortDraftPairView[]
  /** The page `paging.unmatchedPage` of the mentees without a pair, by mentee id. */
  readonly unmatched: readonly CohortUnmatchedView[]
  /** The draft as it stands (edits included). */
  readonly totals: CohortTotalsView
  /** What the solver proposed before any edit. */
  readonly solverTotals: CohortTotalsView
  /** What first-come-first-served participant runs would have given the same people. */
  readonly firstCome: CohortTotalsView
  /** The page `paging.skippedPage` of the pairs a publish skipped, by mentee id. */
  readonly skipped: readonly CohortSkippedView[]
  readonly counts: CohortDraftCounts
  readonly paging: CohortDraftPaging
}

/** A mentor the admin may pick for a mentee, with that pair's score. */
export type CohortMentorChoice = CohortPerson & {
  readonly base: number
  readonly max: number
  readonly percentage: number
  /** Already in another pair of the draft. */
  readonly taken: boolean
}

export type CohortPublishResult = {
  readonly published: number
  readonly tandemIds: readonly number[]
  readonly skipped: readonly CohortSkippedView[]
}
