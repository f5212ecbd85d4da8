// The whole-cohort solver keeps every score of the first rows (a byte each) and widens those rows
// from them; the other rows are scored again when widened. Both ways must give the same rows, the
// same bounds and the same solution, whichever rows keep their scores: declined pairs, the same
// person on both sides, knock-outs, capacities and a full cohort included.
import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { userIdOf, type CohortInput } from '../src/index.js'
import { setUp } from '../src/matching/cohort.js'
import { collectCandidateRows, rowWidener, type CohortRows } from '../src/matching/cohort.edges.js'
import { solveCohortFlow } from '../src/matching/cohort.flow.js'
import { zipfCohort } from './support/cohort.population.js'

/** Solved on a frame of its own: a scorer keeps a mentee's tables under the key it was given. */
const solvedWith = (input: CohortInput, scoresBudget: number) => {
  const setup = setUp(input)
  if (E.isLeft(setup)) throw new Error(JSON.stringify(setup.left))
  const { frame } = setup.right
  const rows = collectCandidateRows(frame, 64, 1024, () => false, scoresBudget)
  if (rows === null) throw new Error('not cancelled')
  const state = solveCohortFlow(rows, frame.mentors, frame.places, rowWidener(frame, rows), frame.scorer.scale, () => false)
  if (state === null) throw new Error('not cancelled')
  return { rows, state }
}

/** Each row's pairs (in order), reserve and bounds. */
const rowsOf = (rows: CohortRows) =>
  Array.from({ length: rows.mentees }, (_, i) => ({
    mentors: Array.from(rows.mentor.subarray(rows.start[i], rows.end[i])),
    weights: Array.from(rows.weight.subarray(rows.start[i], rows.end[i])),
    reserve: Array.from(rows.reserveMentor.subarray(i * rows.reserveSize, i * rows.reserveSize + rows.reserved[i]!)),
    bounds: [rows.floor[i], rows.cap[i], rows.farFloor[i], rows.farCap[i], rows.candidates[i]],
  }))

/** A Zipf cohort with declined pairs and a mentee who is also a mentor. */
const cohort = (seed: number, mentees: number, mentors: number, maxCapacity: number): CohortInput => {
  const input = zipfCohort({ seed, mentees, mentors, maxCapacity })
  return {
    ...input,
    mentors: input.mentors.map((m, j) => (j === 3 ? { ...m, id: userIdOf(2) } : m)),
    declined: Array.from({ length: 40 }, (_, k) => ({
      menteeId: userIdOf(1 + ((k * 7) % mentees)),
      mentorId: input.mentors[(k * 11) % mentors]!.id,
    })),
  }
}

describe('rows widened from kept scores', () => {
  it('are the rows, bounds and solution that scoring the mentees again gives', () => {
    for (const [seed, mentees, mentors, maxCapacity] of [
      [21, 600, 600, 1],
      [5, 800, 300, 3],
      [7, 1500, 600, 2],
    ] as const) {
      const input = cohort(seed, mentees, mentors, maxCapacity)
      const scoredAgain = solvedWith(input, 0)
      expect(scoredAgain.rows.scoredRows).toBe(0)
      expect(scoredAgain.rows.widened, `seed ${seed}: rows are widened over every mentor`).toBeGreaterThan(100)
      // All rows' scores kept, and only the first half's (the rest scored again).
      for (const budget of [mentees * mentors, Math.floor(mentees / 2) * mentors]) {
        const kept = solvedWith(input, budget)
        expect(kept.rows.scoredRows).toBe(Math.floor(budget / mentors))
        expect(kept.rows.widened, `seed ${seed}, budget ${budget}`).toBe(scoredAgain.rows.widened)
        expect(kept.rows.widenedFromReserve).toBe(scoredAgain.rows.widenedFromReserve)
        expect(rowsOf(kept.rows)).toEqual(rowsOf(scoredAgain.rows))
        expect(Array.from(kept.state.mentorOf)).toEqual(Array.from(scoredAgain.state.mentorOf))
        expect(Array.from(kept.state.potential)).toEqual(Array.from(scoredAgain.state.potential))
      }
    }
  })
})
