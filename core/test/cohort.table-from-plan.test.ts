// The whole-cohort scorer writes a mentee's lookup tables straight from the plan (scoreTableInto):
// each entry must be the participant run's points (scoreColumns), or negative when a must-fit pair
// knocks the mentor out, at any offset into a shared table.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { QuestionPair } from '../src/questionnaire/questionnaire.codec.js'
import { compileQuestionnaire, packMentorPool, userIdOf } from '../src/index.js'
import { planFor, scoreColumns, scoreTableInto } from '../src/matching/ranking.packed.js'
import { matchingCaseArb } from './arbitraries/questionnaire.arbitraries.js'

const KNOCKOUT = -(1 << 24)

describe('lookup table written from the plan', () => {
  it('holds the same points as the scored columns, and a negative entry for every knock-out', () => {
    fc.assert(
      fc.property(matchingCaseArb(), fc.integer({ min: 0, max: 5 }), (c, at) => {
        const compiled = compileQuestionnaire(c.questionnaire)
        fc.pre(compiled.wholeWeights)
        const pool = packMentorPool(compiled, c.candidates)
        const plan = planFor(compiled, c.mentee.answers)
        const { base, knockedOut } = scoreColumns(plan, pool)
        // Stale values around and under the written stretch: the table is overwritten, not added to.
        const table = new Int32Array(at + pool.size + 3).fill(7)
        scoreTableInto(plan, pool, table, at, KNOCKOUT)
        expect(Array.from(table.subarray(0, at))).toEqual(Array(at).fill(7))
        expect(Array.from(table.subarray(at + pool.size))).toEqual([7, 7, 7])
        for (let j = 0; j < pool.size; j++) {
          if (knockedOut[j] === 1) expect(table[at + j]).toBeLessThan(0)
          else expect(table[at + j]).toBe(base[j])
        }
      }),
      { numRuns: 1000 },
    )
  })

  it('keeps a knocked-out entry negative after points from later steps are added', () => {
    const bi = { en: 'x', de: 'x' }
    const side = { questionId: 1, text: bi, maxOption: 2 }
    const options = [1, 2].map((id) => ({ id, text: bi, noPreference: false, noSuchBackground: false }))
    const pair = (questionPairId: number, mustFit: boolean): QuestionPair => ({
      kind: 'choice' as const,
      questionPairId,
      rule: 'SingleFit' as const,
      weight: 5,
      mustFit,
      minYearsAhead: 0,
      topic: 't',
      mentee: side,
      mentor: side,
      options,
    })
    const answer = (questionPairId: number, option: number) => ({ questionPairId, optionIds: [option], year: null, text: null })
    // Mentor 10 misses the must-fit pair 1, then fits pair 2: still knocked out. Mentor 11 fits both.
    const compiled = compileQuestionnaire({ pairs: [pair(1, true), pair(2, false)] })
    const pool = packMentorPool(compiled, [
      { id: userIdOf(10), poolSince: null, answers: [answer(1, 2), answer(2, 1)] },
      { id: userIdOf(11), poolSince: null, answers: [answer(1, 1), answer(2, 1)] },
    ])
    const plan = planFor(compiled, [answer(1, 1), answer(2, 1)])
    const table = new Int32Array(2)
    scoreTableInto(plan, pool, table, 0, KNOCKOUT)
    expect(table[0]).toBeLessThan(0)
    expect(table[1]).toBe(10)
  })
})
