// Whole-cohort matching, one named rule per example; every result's certificate is checked by the
// independent checker as well.
import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { assignCohort, userIdOf, type CohortInput, type CohortProgress, type CohortResult } from '../src/index.js'
import { answers, cohort, cohortQuestionnaire, mentee, mentor, NO_PREFERENCE_TOPIC } from './support/cohort.builders.js'
import { candidatesOf, certificateProblems } from './support/cohort.checker.js'

const solve = (input: CohortInput): CohortResult => {
  const result = assignCohort(input)
  if (E.isLeft(result)) throw new Error(JSON.stringify(result.left))
  expect(certificateProblems(input, result.right, candidatesOf(input))).toEqual([])
  return result.right
}

const pairsOf = (result: CohortResult): string[] => result.pairs.map((p) => `${p.menteeId}-${p.mentorId}`).sort()
const reasons = (result: CohortResult): Record<number, string> => Object.fromEntries(result.unmatched.map((u) => [u.menteeId, u.reason]))

// A (1) fits X (10) best (6 points) and Y (11) a little (1); B (2) fits only X (3), Y is knocked out (no common language).
const twoObjectives = (objective: CohortInput['objective']) =>
  cohort({
    objective,
    mentees: [mentee(1, answers(1, [1, 2, 3])), mentee(2, answers(1, [], [1]))],
    mentors: [mentor(10, answers(1, [1, 2, 3])), mentor(11, answers(2, [1], [2]))],
  })

describe('assignCohort', () => {
  it('matches the most mentees first, then the highest total (maxMatched)', () => {
    const result = solve(twoObjectives('maxMatched'))
    expect(pairsOf(result)).toEqual(['1-11', '2-10'])
    expect(result.totals).toMatchObject({ matched: 2, unmatched: 0, totalScore: 4 })
  })

  it('takes the highest total even if someone stays unmatched (maxScore), and says why', () => {
    const result = solve(twoObjectives('maxScore'))
    expect(pairsOf(result)).toEqual(['1-10'])
    expect(result.totals).toMatchObject({ matched: 1, totalScore: 6 })
    expect(reasons(result)).toEqual({ 2: 'TakenByBetterAssignment' })
  })

  it('carries each pair’s score and per-question breakdown as the participant run computes it', () => {
    const result = solve(twoObjectives('maxScore'))
    expect(result.pairs[0]!.score).toMatchObject({ base: 6, max: 6, percentage: 100 })
    expect(result.pairs[0]!.score.breakdown.map((b) => [b.questionPairId, b.points])).toEqual([
      [1, 3],
      [2, 3],
      [3, 0],
    ])
  })

  it('breaks ties without losing anyone: identical mentees and mentors all match', () => {
    const same = answers(2, [1, 2])
    const result = solve(cohort({ mentees: [1, 2, 3].map((id) => mentee(id, same)), mentors: [10, 11, 12].map((id) => mentor(id, same)) }))
    expect(result.totals).toMatchObject({ matched: 3, totalScore: 15 })
  })

  it('gives a mentor as many mentees as their capacity, the best ones first; capacity defaults to 1', () => {
    const input = cohort({
      mentees: [mentee(1, answers(1, [1])), mentee(2, answers(1, [1, 2])), mentee(3, answers(1, [1, 2, 3])), mentee(4, answers(2, []))],
      mentors: [mentor(10, answers(1, [1, 2, 3]), 3), mentor(11, answers(3, [5]), 0)],
    })
    const result = solve(input)
    expect(pairsOf(result)).toEqual(['1-10', '2-10', '3-10'])
    expect(reasons(result)).toEqual({ 4: 'TakenByBetterAssignment' })
    expect(result.totals.places).toBe(3)
    expect(solve({ ...input, mentors: [mentor(10, answers(1, [1, 2, 3]))] }).totals.matched).toBe(1)
  })

  it('handles empty sides: no mentees, or no mentors (then nobody has a mentor above the threshold)', () => {
    expect(solve(cohort({ mentors: [mentor(10, answers(1))] })).totals).toMatchObject({ mentees: 0, matched: 0 })
    const noMentors = solve(cohort({ mentees: [mentee(1, answers(1)), mentee(2, answers(2))] }))
    expect(reasons(noMentors)).toEqual({ 1: 'NoMentorAboveThreshold', 2: 'NoMentorAboveThreshold' })
  })

  it('leaves everyone unmatched when a knock-out excludes every mentor', () => {
    const result = solve(
      cohort({
        mentees: [mentee(1, answers(1, [], [1])), mentee(2, answers(2, [], [1]))],
        mentors: [mentor(10, answers(1, [], [2])), mentor(11, answers(2, [], [2]))],
      }),
    )
    expect(result.pairs).toEqual([])
    expect(reasons(result)).toEqual({ 1: 'MustFitKnocksEveryMentorOut', 2: 'MustFitKnocksEveryMentorOut' })
  })

  it('gives one mentor wanted by many to the mentee it fits best', () => {
    const result = solve(
      cohort({
        mentees: [
          mentee(1, answers(1, [1])),
          mentee(2, answers(1, [1, 2, 3, 4])),
          mentee(3, answers(2, [1, 2])),
          mentee(4, answers(1, [1, 2])),
        ],
        mentors: [mentor(10, answers(1, [1, 2, 3, 4]))],
      }),
    )
    expect(pairsOf(result)).toEqual(['2-10'])
    expect(Object.values(reasons(result))).toEqual(['TakenByBetterAssignment', 'TakenByBetterAssignment', 'TakenByBetterAssignment'])
  })

  it('never proposes a declined pair again', () => {
    const input = cohort({
      mentees: [mentee(1, answers(1, [1, 2]))],
      mentors: [mentor(10, answers(1, [1, 2])), mentor(11, answers(1))],
    })
    expect(pairsOf(solve(input))).toEqual(['1-10'])
    expect(pairsOf(solve({ ...input, declined: [{ menteeId: userIdOf(1), mentorId: userIdOf(10) }] }))).toEqual(['1-11'])
    const allDeclined = solve({
      ...input,
      declined: [
        { menteeId: userIdOf(1), mentorId: userIdOf(10) },
        { menteeId: userIdOf(1), mentorId: userIdOf(11) },
      ],
    })
    expect(reasons(allDeclined)).toEqual({ 1: 'NoMentorAboveThreshold' })
  })

  it('leaves out mentees in a live tandem and counts a live tandem against the mentor’s capacity', () => {
    const result = solve(
      cohort({
        mentees: [mentee(1, answers(1, [1])), mentee(2, answers(1, [1])), mentee(3, answers(1, [1]))],
        mentors: [mentor(10, answers(1, [1]), 2), mentor(11, answers(1, [1]))],
        live: [
          { menteeId: userIdOf(1), mentorId: userIdOf(10) },
          { menteeId: userIdOf(99), mentorId: userIdOf(11) },
        ],
      }),
    )
    expect(result.alreadyLive).toEqual([1])
    expect(result.totals).toMatchObject({ mentees: 2, alreadyLive: 1, places: 1, matched: 1 })
    expect(result.pairs.map((p) => p.mentorId)).toEqual([10])
  })

  it('proposes only pairs at or above the threshold percentage (inclusive)', () => {
    // Topic fits (3 of 5 points = 60 %), no skill in common.
    const input = cohort({ mentees: [mentee(1, answers(1, [1, 2]))], mentors: [mentor(10, answers(1, [3]))] })
    expect(solve({ ...input, threshold: 60 }).totals.matched).toBe(1)
    expect(reasons(solve({ ...input, threshold: 61 }))).toEqual({ 1: 'NoMentorAboveThreshold' })
  })

  it('never pairs a person with themselves', () => {
    const result = solve(cohort({ mentees: [mentee(5, answers(1, [1]))], mentors: [mentor(5, answers(1, [1]))] }))
    expect(reasons(result)).toEqual({ 5: 'NoMentorAboveThreshold' })
  })

  it('treats "no preference" as fitting every topic', () => {
    const result = solve(cohort({ mentees: [mentee(1, answers(NO_PREFERENCE_TOPIC))], mentors: [mentor(10, answers(2))], threshold: 100 }))
    expect(result.pairs[0]!.score.percentage).toBe(100)
  })

  it('keeps exact whole numbers with fractional weights by scaling them', () => {
    const questionnaire = {
      ...cohortQuestionnaire,
      pairs: cohortQuestionnaire.pairs.map((p) => ({ ...p, weight: p.weight === 3 ? 0.3 : p.weight === 1 ? 0.25 : p.weight })),
    }
    const result = solve(
      cohort({
        questionnaire,
        mentees: [mentee(1, answers(1, [1, 2])), mentee(2, answers(2, [1]))],
        mentors: [mentor(10, answers(1, [1])), mentor(11, answers(2, [1, 2]))],
      }),
    )
    expect(result.certificate.scale).toBe(100)
    expect(result.totals.matched).toBe(2)
  })

  it('reports its phases with fractions from 0 to 1, and stops with Cancelled when asked', () => {
    const input = twoObjectives('maxMatched')
    const seen: CohortProgress[] = []
    expect(E.isRight(assignCohort(input, { onProgress: (p) => seen.push(p) }))).toBe(true)
    expect([...new Set(seen.map((p) => p.phase))]).toEqual(['scoring', 'solving', 'verifying', 'reporting'])
    expect(seen.every((p) => p.fraction >= 0 && p.fraction <= 1)).toBe(true)
    expect(assignCohort(input, { shouldCancel: () => true })).toEqual(E.left({ _tag: 'Cancelled', phase: 'scoring' }))
    let asked = 0
    const late = assignCohort(input, { shouldCancel: () => ++asked > 2 })
    expect(E.isLeft(late) && late.left._tag === 'Cancelled' && late.left.phase !== 'scoring').toBe(true)
  })

  it('refuses bad input with the field and the reason', () => {
    const input = twoObjectives('maxMatched')
    const fieldOf = (i: CohortInput) => {
      const r = assignCohort(i)
      return E.isLeft(r) && r.left._tag === 'InvalidCohortInput' ? r.left.field : 'accepted'
    }
    expect(fieldOf({ ...input, threshold: 101 })).toBe('threshold')
    expect(fieldOf({ ...input, threshold: Number.NaN })).toBe('threshold')
    expect(fieldOf({ ...input, objective: 'mostFun' as CohortInput['objective'] })).toBe('objective')
    expect(fieldOf({ ...input, mentors: [mentor(10, answers(1), 1.5)] })).toBe('mentors.capacity')
    expect(fieldOf({ ...input, mentors: [mentor(10, answers(1), -1)] })).toBe('mentors.capacity')
    expect(fieldOf({ ...input, mentees: [mentee(1, answers(1)), mentee(1, answers(2))] })).toBe('mentees')
    expect(fieldOf({ ...input, mentors: [mentor(10, answers(1)), mentor(10, answers(2))] })).toBe('mentors')
    expect(fieldOf({ ...input, questionnaire: { pairs: cohortQuestionnaire.pairs.map((p) => ({ ...p, weight: -1 })) } })).toBe(
      'questionnaire',
    )
    expect(fieldOf({ ...input, questionnaire: { pairs: cohortQuestionnaire.pairs.map((p) => ({ ...p, weight: 1 / 3 })) } })).toBe(
      'questionnaire',
    )
  })

  it('returns plain data that survives a structured clone and JSON unchanged (for a worker thread or a draft)', () => {
    const result = solve(twoObjectives('maxMatched'))
    expect(structuredClone(result)).toEqual(result)
    expect(JSON.parse(JSON.stringify(result))).toEqual(result)
  })
})
