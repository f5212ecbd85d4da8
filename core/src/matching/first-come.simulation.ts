// What first-come-first-served participant runs would give a cohort: the yardstick the admin's
// cohort page shows beside the whole-cohort assignment. Pure; uses the participant run's ranking.
import type { QuestionPair } from '../questionnaire/questionnaire.codec.js'
import type { UserId } from '../shared/ids.js'
import type { CohortPair } from './cohort.types.js'
import { packMentorPool } from './mentor-pool.packed.js'
import { compileQuestionnaire } from './questionnaire.compiled.js'
import { rankPool } from './ranking.packed.js'
import type { MatchCandidate, MatchMentee } from './ranking.types.js'

export type FirstComeInput = {
  readonly questionnaire: { readonly pairs: readonly QuestionPair[] }
  /** In the order their runs start (the cohort page uses registration order). */
  readonly mentees: readonly MatchMentee[]
  /** With their free places (1 when not given), as the whole-cohort run takes them. */
  readonly mentors: readonly (MatchCandidate & { readonly capacity?: number })[]
  readonly threshold: number
  /** Proposals per run, as configured for participant runs. */
  readonly limit: number
  readonly declined?: readonly CohortPair[]
}

export type FirstComeOutcome = { readonly menteeId: UserId; readonly mentorId: UserId; readonly percentage: number }

export type FirstComeResult = {
  readonly mentees: number
  /** Mentees whose run found at least one free mentor; each counted with their best proposal. */
  readonly matched: number
  readonly meanPercentage: number
  readonly outcomes: readonly FirstComeOutcome[]
}

/**
 * Every mentee starts a run at once, in order: each run reserves up to `limit` mentors with a place
 * still free, ranked exactly as a participant run ranks them (a reservation takes one of the mentor's
 * places and holds it for 48 h, so a later run cannot take that place). A mentee counts as matched
 * with their best proposal.
 */
export const simulateFirstComeFirstServed = (input: FirstComeInput): FirstComeResult => {
  const compiled = compileQuestionnaire(input.questionnaire)
  const pool = packMentorPool(compiled, input.mentors)
  const placesLeft = new Map(input.mentors.map((m) => [m.id, m.capacity ?? 1]))
  // Mentors with no place left: no run proposes them.
  const full = new Set(input.mentors.filter((m) => (m.capacity ?? 1) <= 0).map((m) => m.id))
  const declinedBy = new Map<UserId, UserId[]>()
  for (const pair of input.declined ?? []) declinedBy.set(pair.menteeId, [...(declinedBy.get(pair.menteeId) ?? []), pair.mentorId])
  const outcomes: FirstComeOutcome[] = []
  for (const mentee of input.mentees) {
    // One set for every run (no copy per mentee): the mentee's declined pairs join it for this run only.
    const declined = (declinedBy.get(mentee.id) ?? []).filter((id) => !full.has(id))
    for (const id of declined) full.add(id)
    const ranked = rankPool(compiled, pool, mentee, { threshold: input.threshold, limit: input.limit, exclude: full })
    for (const id of declined) full.delete(id)
    for (const r of ranked) {
      const left = (placesLeft.get(r.mentorId) ?? 1) - 1
      placesLeft.set(r.mentorId, left)
      if (left <= 0) full.add(r.mentorId)
    }
    const best = ranked[0]
    if (best !== undefined) outcomes.push({ menteeId: mentee.id, mentorId: best.mentorId, percentage: best.score.percentage })
  }
  const sum = outcomes.reduce((total, o) => total + o.percentage, 0)
  return {
    mentees: input.mentees.length,
    matched: outcomes.length,
    meanPercentage: outcomes.length === 0 ? 0 : sum / outcomes.length,
    outcomes,
  }
}
