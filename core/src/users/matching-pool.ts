// Who matching may pair, derived from the status tables so a new status cannot slip past them: the
// mentors in the pool (a run may propose them), the mentees a cohort of a program year may take, the
// mentees a run may start for, those a manual team may pair, and who the pool statistics count as
// waiting. The store's SQL builds its conditions from these lists (adapters/store/src/queries/*.predicates.ts).
import type { ClusterId } from '../shared/ids.js'
import type { Instant } from '../shared/time.js'
import type { MenteeSide, MentorSide } from './participant.js'
import { STATUSES, type StatusName } from './status.js'
import { menteeStatusMove, mentorStatusMove } from './status.moves.js'

/** The mentor statuses a run may propose from: the pool's statuses (matching enabled, no tandem held). */
export const MENTOR_POOL_STATUSES: readonly StatusName[] = STATUSES.filter((s) => mentorStatusMove(s, 'Proposed') !== undefined)

/**
 * A mentor is in the pool when a run may propose them: published, and in a status the proposal can
 * move from (matching enabled, not reserved or matched). Runs, manual teams, cohorts, the pool
 * statistics and the list of mentors out of the pool all ask this one question.
 */
export const isInMentorPool = (mentor: Pick<MentorSide, 'status' | 'published'> | null | undefined): boolean =>
  mentor != null && mentor.published && MENTOR_POOL_STATUSES.includes(mentor.status)

/** The mentee statuses a published cohort draft may pair from (never started a run, or waiting again). */
export const COHORT_MENTEE_STATUSES: readonly StatusName[] = STATUSES.filter((s) => menteeStatusMove(s, 'CohortProposed') !== undefined)

/**
 * A mentee may join the cohort of a program year when they belong to that year and a cohort pairing
 * may move their status. Completeness of profile and questionnaire is asked separately (isSideComplete).
 */
export const mayJoinCohort = (mentee: Pick<MenteeSide, 'status' | 'clusterId'> | null | undefined, clusterId: ClusterId): boolean =>
  mentee != null && mentee.clusterId === clusterId && COHORT_MENTEE_STATUSES.includes(mentee.status)

/** The mentee statuses from which a run may start (their own start or the waitlist's): those the run's start may move. */
export const RUN_START_STATUSES: readonly StatusName[] = STATUSES.filter((s) => menteeStatusMove(s, 'StartRun') !== undefined)

/** Whether a run may start from the mentee's status (docs/matching.md#waitlist asks it of every waiting mentee). */
export const mayStartRun = (mentee: Pick<MenteeSide, 'status'> | null | undefined): boolean =>
  mentee != null && RUN_START_STATUSES.includes(mentee.status)

/**
 * The mentee statuses the pool statistics count as waiting (docs/admin.md, pool balance over time):
 * the status a run holds the mentee in while it looks (PENDING) and the one a run that found nobody
 * leaves them in (AVAILABLE).
 */
export const POOL_WAITING_MENTEE_STATUSES: readonly StatusName[] = STATUSES.filter((to) =>
  STATUSES.some((from) => menteeStatusMove(from, 'StartRun') === to || menteeStatusMove(from, 'RunFoundNone') === to),
)

/** A mentee the pool statistics count as waiting: they started matching once and are in a waiting status. */
export const isWaitingInPool = (mentee: { readonly status: StatusName; readonly firstStartedAt: Instant | null } | null): boolean =>
  mentee != null && mentee.firstStartedAt !== null && POOL_WAITING_MENTEE_STATUSES.includes(mentee.status)

/** The mentee statuses an administrator's manual team may pair from. */
export const MANUAL_MENTEE_STATUSES: readonly StatusName[] = STATUSES.filter((s) => menteeStatusMove(s, 'ManualProposed') !== undefined)

/** Whether an administrator's manual team may pair the mentee (the picker offers them; the team's creation checks the same move). */
export const mayBePairedByHand = (mentee: Pick<MenteeSide, 'status'> | null | undefined): boolean =>
  mentee != null && MANUAL_MENTEE_STATUSES.includes(mentee.status)
