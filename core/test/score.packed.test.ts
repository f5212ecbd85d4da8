// The cohort report's pairwise scorer reads the mentor from the packed pool; it must give exactly
// what the reference rules give for the mentor's unpacked answers (same JSON, field order included),
// and the same as for the mentor's own answers whenever the pool loses nothing.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { QuestionPair, Questionnaire } from '../src/questionnaire/questionnaire.codec.js'
import { compileQuestionnaire, packMentorPool, scoreMentor, unpackMentorAnswers, userIdOf } from '../src/index.js'
import { packedScorer } from '../src/matching/score.packed.js'
import { answersArb, matchingCaseArb } from './arbitraries/questionnaire.arbitraries.js'

describe('packed pair scoring', () => {
  it('gives the reference score and breakdown for every mentor of the pool', () => {
    const withMoreMentees = matchingCaseArb().chain((c) =>
      fc.tuple(fc.constant(c), fc.array(answersArb(c.questionnaire), { minLength: 1, maxLength: 3 })),
    )
    fc.assert(
      fc.property(withMoreMentees, ([c, others]) => {
        const compiled = compileQuestionnaire(c.questionnaire)
        const pool = packMentorPool(compiled, c.candidates)
        const score = packedScorer(compiled, pool)
        // Several mentees through one scorer: what one call remembers must not leak into the next.
        for (const answers of [c.mentee.answers, ...others])
          c.candidates.forEach((candidate, j) => {
            const reference = scoreMentor(c.questionnaire, answers, unpackMentorAnswers(compiled, pool, j))
            expect(JSON.stringify(score(answers, j))).toBe(JSON.stringify(reference))
            expect(score(answers, j)).toEqual(scoreMentor(c.questionnaire, answers, candidate.answers))
          })
      }),
      { numRuns: 500 },
    )
  })

  it('reads a questionnaire that repeats a pair id as the reference reads the unpacked answers', () => {
    const bi = { en: 'x', de: 'x' }
    const side = { questionId: 1, text: bi, maxOption: 3 }
    const base = { kind: 'choice' as const, weight: 2, mustFit: false, minYearsAhead: 0, topic: 't', mentee: side, mentor: side }
    const option = (id: number) => ({ id, text: bi, noPreference: false, noSuchBackground: false })
    const pairs: QuestionPair[] = [
      { ...base, questionPairId: 7, rule: 'MultipleMatchesFit', options: [option(1), option(2)] },
      { ...base, questionPairId: 7, rule: 'MultipleMatchesFit', options: [option(3), option(4)] },
    ]
    const questionnaire: Questionnaire = { version: 1, pairs }
    const answers = [{ questionPairId: 7, optionIds: [1, 3], year: null, text: null }]
    const compiled = compileQuestionnaire(questionnaire)
    const pool = packMentorPool(compiled, [{ id: userIdOf(1), answers, poolSince: null }])
    const reference = scoreMentor(questionnaire, answers, unpackMentorAnswers(compiled, pool, 0))
    // The unpacked mentor answers the second pair with the first pair's options only: option 3 is
    // lost, so the mentor has not answered the second pair as the reference reads it, which leaves it out.
    expect(reference?.breakdown.map((b) => b.common)).toEqual([[1]])
    expect(packedScorer(compiled, pool)(answers, 0)).toEqual(reference)
  })
})
