// The packed fast path against the reference: same proposals, same scores, on random input.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { QuestionPair } from '../src/questionnaire/questionnaire.codec.js'
import {
  compileQuestionnaire,
  packMentorPool,
  poolRanker,
  rankMentors,
  rankMentorsReference,
  rankPool,
  unpackMentorAnswers,
  userIdOf,
} from '../src/index.js'
import { answersArb, matchingCaseArb } from './arbitraries/questionnaire.arbitraries.js'

describe('packed ranking', () => {
  it('returns exactly what the reference ranking returns', () => {
    fc.assert(
      fc.property(matchingCaseArb(), (c) => {
        const compiled = compileQuestionnaire(c.questionnaire)
        const expected = rankMentorsReference(c.questionnaire, c.mentee, c.candidates, c)
        expect(rankPool(compiled, packMentorPool(compiled, c.candidates), c.mentee, c)).toEqual(expected)
        expect(rankMentors(c.questionnaire, c.mentee, c.candidates, c)).toEqual(expected)
      }),
      { numRuns: 1000 },
    )
  })

  it('ranks many mentees against one packed pool, each as the reference would', () => {
    const withMoreMentees = matchingCaseArb().chain((c) =>
      fc.tuple(fc.constant(c), fc.array(answersArb(c.questionnaire), { minLength: 1, maxLength: 4 })),
    )
    fc.assert(
      fc.property(withMoreMentees, ([c, others]) => {
        const compiled = compileQuestionnaire(c.questionnaire)
        const pool = packMentorPool(compiled, c.candidates)
        for (const [i, answers] of [c.mentee.answers, ...others].entries()) {
          const mentee = { id: userIdOf(c.mentee.id + i), answers }
          expect(rankPool(compiled, pool, mentee, c)).toEqual(rankMentorsReference(c.questionnaire, mentee, c.candidates, c))
        }
      }),
      { numRuns: 300 },
    )
  })

  it('ranks again, further and with more excluded, as a fresh reference ranking would (the pool scored once)', () => {
    const withExclusions = matchingCaseArb().chain((c) =>
      fc.tuple(
        fc.constant(c),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 12 }), fc.subarray(c.candidates.map((m) => m.id))), { minLength: 1, maxLength: 4 }),
      ),
    )
    fc.assert(
      fc.property(withExclusions, ([c, asks]) => {
        const compiled = compileQuestionnaire(c.questionnaire)
        const ranker = poolRanker(compiled, packMentorPool(compiled, c.candidates), c.mentee)
        for (const [limit, excluded] of asks) {
          const options = { threshold: c.threshold, limit, exclude: new Set([...c.exclude, ...excluded]) }
          const expected = rankMentorsReference(c.questionnaire, c.mentee, c.candidates, options)
          expect(ranker.ids(options)).toEqual(expected.map((r) => r.mentorId))
          expect(ranker.rank(options)).toEqual(expected)
        }
      }),
      { numRuns: 500 },
    )
  })

  it('agrees with the reference on questionnaires of one rule kind at a time', () => {
    for (const rule of ['SingleFit', 'MultipleFit', 'MultipleMatchesFit', 'YearsFit'] as const) {
      fc.assert(
        fc.property(matchingCaseArb([rule]), (c) => {
          expect(rankMentors(c.questionnaire, c.mentee, c.candidates, c)).toEqual(
            rankMentorsReference(c.questionnaire, c.mentee, c.candidates, c),
          )
        }),
        { numRuns: 200 },
      )
    }
  })

  it('packs one mask per choice pair and one year per years pair, mentor-major', () => {
    const bi = { en: 'x', de: 'x' }
    const side = { questionId: 1, text: bi, maxOption: 3 }
    const base = { kind: 'choice' as const, weight: 1, mustFit: false, minYearsAhead: 0, topic: 't', mentee: side, mentor: side }
    const options = [1, 2, 3].map((id) => ({ id, text: bi, noPreference: id === 3, noSuchBackground: false }))
    const pairs: QuestionPair[] = [
      { ...base, questionPairId: 1, rule: 'MultipleFit', options },
      { ...base, questionPairId: 2, rule: 'YearsFit', options: [] },
      { ...base, questionPairId: 3, rule: 'MentorOnly', options: [] },
    ]
    const compiled = compileQuestionnaire({ pairs })
    const pool = packMentorPool(compiled, [
      {
        id: userIdOf(5),
        poolSince: 10,
        answers: [
          { questionPairId: 1, optionIds: [1, 3, 99], year: null, text: null },
          { questionPairId: 2, optionIds: [], year: 2001, text: null },
        ],
      },
      { id: userIdOf(6), poolSince: null, answers: [] },
    ])
    expect([pool.size, pool.choiceSlots, pool.yearSlots]).toEqual([2, 1, 1])
    expect([...pool.masks]).toEqual([0b101, 0])
    expect([...pool.years]).toEqual([2001, Number.NaN])
    expect([...pool.ids]).toEqual([5, 6])
    expect([...pool.poolSince]).toEqual([10, Number.NaN])
    expect(unpackMentorAnswers(compiled, pool, 0)).toEqual([
      { questionPairId: 1, optionIds: [1, 3], year: null, text: null },
      { questionPairId: 2, optionIds: [], year: 2001, text: null },
    ])
  })

  it('refuses a questionnaire whose pair has more than 32 options', () => {
    const bi = { en: 'x', de: 'x' }
    const side = { questionId: 1, text: bi, maxOption: 1 }
    const options = Array.from({ length: 33 }, (_, id) => ({ id, text: bi, noPreference: false, noSuchBackground: false }))
    const pair: QuestionPair = {
      questionPairId: 1,
      rule: 'SingleFit',
      kind: 'choice',
      weight: 1,
      mustFit: false,
      minYearsAhead: 0,
      topic: 't',
      mentee: side,
      mentor: side,
      options,
    }
    expect(() => compileQuestionnaire({ pairs: [pair] })).toThrow(/at most 32/)
  })
})
