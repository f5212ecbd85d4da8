// Scoring a row may also count how many mentors score each value (counts[v + 1], −1 for none): the
// cohort cuts each mentee's kept pairs from these counts. They must be the row's own histogram, added
// to what the caller's array held, whichever row the scorer counted before.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compileQuestionnaire, packMentorPool } from '../src/index.js'
import { cohortScorer, highestBase } from '../src/matching/cohort.scores.js'
import { matchingCaseArb } from './arbitraries/questionnaire.arbitraries.js'

describe('values counted while scoring a row', () => {
  it('are the histogram of the scored row, added to the counts passed in', () => {
    fc.assert(
      fc.property(matchingCaseArb(), matchingCaseArb(), fc.integer({ min: 0, max: 100 }), (c, other, threshold) => {
        const compiled = compileQuestionnaire(c.questionnaire)
        const pool = packMentorPool(compiled, c.candidates)
        const scorer = cohortScorer(compiled, pool, threshold)
        if (scorer === null) throw new Error('the arbitraries use weights with few decimals')
        const length = Math.round(highestBase(compiled) * scorer.scale) + 2
        // Another row counted first, into an array of its own and without counts: neither may leak.
        scorer.scoreRow(other.mentee.answers, new Int32Array(pool.size), new Int32Array(length))
        scorer.scoreRow(other.mentee.answers, new Int32Array(pool.size))
        const out = new Int32Array(pool.size)
        const counts = new Int32Array(length).fill(1)
        scorer.scoreRow(c.mentee.answers, out, counts)
        const expected = new Array<number>(length).fill(1)
        for (const v of out) expected[v + 1]!++
        expect(Array.from(counts)).toEqual(expected)
      }),
      { numRuns: 500 },
    )
  })
})
