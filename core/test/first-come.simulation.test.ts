// What first-come-first-served runs give a cohort: each run reserves up to `limit` free mentors in
// the participant run's order, and a later run cannot take them.
import { describe, expect, it } from 'vitest'
import { simulateFirstComeFirstServed, userIdOf } from '../src/index.js'
import { answers, cohortQuestionnaire } from './support/cohort.builders.js'

const candidate = (id: number, a: ReturnType<typeof answers>, poolSince: number | null = null) => ({
  id: userIdOf(id),
  answers: a,
  poolSince,
})

describe('simulateFirstComeFirstServed', () => {
  it('gives 4 of 50 mentees a proposal against 10 mentors when each run reserves three', () => {
    const same = answers(1, [1, 2])
    const result = simulateFirstComeFirstServed({
      questionnaire: cohortQuestionnaire,
      mentees: Array.from({ length: 50 }, (_, i) => ({ id: userIdOf(i + 1), answers: same })),
      mentors: Array.from({ length: 10 }, (_, j) => candidate(100 + j, same, j)),
      threshold: 30,
      limit: 3,
    })
    expect(result).toMatchObject({ mentees: 50, matched: 4, meanPercentage: 100 })
    // The longest in the pool go first, as in a participant run.
    expect(result.outcomes.map((o) => o.mentorId)).toEqual([100, 103, 106, 109])
  })

  it('lets an early run hold the mentor a later mentee fits best, and counts each mentee’s best proposal', () => {
    const result = simulateFirstComeFirstServed({
      questionnaire: cohortQuestionnaire,
      // Mentee 1 fits both mentors; mentee 2 fits only mentor 10, which mentee 1 reserved first.
      mentees: [
        { id: userIdOf(1), answers: answers(1, [1, 2, 3]) },
        { id: userIdOf(2), answers: answers(1, [1, 2, 3], [1]) },
      ],
      mentors: [candidate(10, answers(1, [1, 2, 3])), candidate(11, answers(1, [1], [2]))],
      threshold: 0,
      limit: 3,
    })
    expect(result.outcomes).toEqual([{ menteeId: 1, mentorId: 10, percentage: 100 }])
    expect(result.matched).toBe(1)
  })

  it('lets a mentor with free places be reserved by as many runs as places, one place per run', () => {
    const same = answers(1, [1, 2])
    const result = simulateFirstComeFirstServed({
      questionnaire: cohortQuestionnaire,
      mentees: Array.from({ length: 6 }, (_, i) => ({ id: userIdOf(i + 1), answers: same })),
      // Mentor 100 has three free places, mentor 101 one, mentor 102 none.
      mentors: [
        { ...candidate(100, same, 0), capacity: 3 },
        { ...candidate(101, same, 1), capacity: 1 },
        { ...candidate(102, same, 2), capacity: 0 },
      ],
      threshold: 30,
      limit: 1,
    })
    expect(result.outcomes.map((o) => [o.menteeId, o.mentorId])).toEqual([
      [1, 100],
      [2, 100],
      [3, 100],
      [4, 101],
    ])
    expect(result).toMatchObject({ mentees: 6, matched: 4 })
  })

  it('never reserves a declined pair, and leaves the mentor free for the next run', () => {
    const same = answers(2, [1])
    const result = simulateFirstComeFirstServed({
      questionnaire: cohortQuestionnaire,
      mentees: [
        { id: userIdOf(1), answers: same },
        { id: userIdOf(2), answers: same },
      ],
      mentors: [candidate(10, same)],
      threshold: 0,
      limit: 1,
      declined: [{ menteeId: userIdOf(1), mentorId: userIdOf(10) }],
    })
    expect(result.outcomes).toEqual([{ menteeId: 2, mentorId: 10, percentage: 100 }])
  })

  it('leaves out mentors below the threshold and reports an empty cohort as nothing matched', () => {
    const low = simulateFirstComeFirstServed({
      questionnaire: cohortQuestionnaire,
      mentees: [{ id: userIdOf(1), answers: answers(1, [1, 2, 3, 4, 5]) }],
      mentors: [candidate(10, answers(2, [1]))],
      threshold: 50,
      limit: 3,
    })
    expect(low).toEqual({ mentees: 1, matched: 0, meanPercentage: 0, outcomes: [] })
  })
})
