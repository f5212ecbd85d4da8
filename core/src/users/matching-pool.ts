// Who matching may pair, derived from the status tables so a new status cannot slip past them: the
// mentors in the pool (a run may propose them) and the mentees a cohort of a program year may take.
import type { ClusterId } from '../shared/ids.js'
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
