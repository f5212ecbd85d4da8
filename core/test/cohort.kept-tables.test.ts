// The whole-cohort scorer keeps each mentee's lookup tables (16-bit, a knock-out stored as its points
// less a constant) from its first scoring for the next: a row scored again from kept tables must hold
// exactly what a fresh scoring gives, knock-outs and threshold included, whichever mentees came between.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compileQuestionnaire, packMentorPool } from '../src/index.js'
import { cohortScorer } from '../src/matching/cohort.scores.js'
import { matchingCaseArb } from './arbitraries/questionnaire.arbitraries.js'

describe('lookup tables kept between scorings of a mentee', () => {
  it('score a row again exactly as a fresh scoring does', () => {
    fc.assert(
      fc.property(matchingCaseArb(), matchingCaseArb(), fc.integer({ min: 0, max: 100 }), (c, other, threshold) => {
        const compiled = compileQuestionnaire(c.questionnaire)
        fc.pre(compiled.wholeWeights)
        const pool = packMentorPool(compiled, c.candidates)
        const kept = cohortScorer(compiled, pool, threshold, 2)
        const fresh = cohortScorer(compiled, pool, threshold)
        if (kept === null || fresh === null) throw new Error('whole weights give a scorer')
        const expected = new Int32Array(pool.size)
        fresh.scoreRow(c.mentee.answers, expected)
        const first = new Int32Array(pool.size)
        kept.scoreRow(c.mentee.answers, first, undefined, 1)
        // Another mentee in between overwrites whatever the scorer holds for the current row.
        kept.scoreRow(other.mentee.answers, new Int32Array(pool.size), undefined, 0)
        const again = new Int32Array(pool.size)
        kept.scoreRow(c.mentee.answers, again, undefined, 1)
        expect(Array.from(first)).toEqual(Array.from(expected))
        expect(Array.from(again)).toEqual(Array.from(expected))
      }),
      { numRuns: 500 },
    )
  })
})
