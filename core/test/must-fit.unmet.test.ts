// The must-fit answers nobody offers (docs/matching.md#no-match), against the scoring rules: a named
// pair knocks every mentor of the pool out, and a pair that is not named lets one of them through.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { scoreMentor, scorePair, unmetMustFitsOf, type Answer, type QuestionPair } from '../src/index.js'
import { hasAnswered } from '../src/questionnaire/questionnaire.unanswered.js'

const OPTIONS = ['German', 'English', 'French', 'No preference']
const pairOf = (questionPairId: number, rule: QuestionPair['rule'], mustFit: boolean): QuestionPair => ({
  questionPairId,
  rule,
  kind: rule === 'YearsFit' ? 'year' : 'choice',
  weight: 1,
  mustFit,
  minYearsAhead: 2,
  topic: 't',
  mentee: { questionId: 10 * questionPairId, text: { en: 'q', de: 'f' }, maxOption: 4 },
  mentor: { questionId: 10 * questionPairId + 1, text: { en: 'q', de: 'f' }, maxOption: 4 },
  options:
    rule === 'YearsFit'
      ? []
      : OPTIONS.map((en, i) => ({
          id: 100 * questionPairId + i,
          text: { en, de: en },
          noPreference: en === 'No preference',
          noSuchBackground: false,
        })),
})
const languages = pairOf(1, 'MultipleFit', true)
const format = pairOf(2, 'SingleFit', true)
const topics = pairOf(3, 'MultipleMatchesFit', false)
const start = pairOf(4, 'YearsFit', true)
const questionnaire = { pairs: [languages, format, topics, start] }
const choice = (pair: QuestionPair, ...indexes: number[]): Answer => ({
  questionPairId: pair.questionPairId,
  optionIds: indexes.map((i) => 100 * pair.questionPairId + i),
  year: null,
  text: null,
})
const year = (pair: QuestionPair, y: number): Answer => ({ questionPairId: pair.questionPairId, optionIds: [], year: y, text: null })

describe('unmetMustFitsOf', () => {
  it('names the must-fit answers every mentor of the pool is knocked out by, with the mentee’s options or year', () => {
    const mentee = [choice(languages, 2), choice(format, 0), choice(topics, 1), year(start, 2020)]
    const pool = [
      [choice(languages, 0, 1), choice(format, 0), choice(topics, 0), year(start, 2019)],
      [choice(languages, 1), choice(format, 1), choice(topics, 0), year(start, 2019)],
    ]
    expect(unmetMustFitsOf(questionnaire, mentee, pool)).toEqual([
      { questionPairId: 1, optionIds: [102], year: null },
      { questionPairId: 4, optionIds: [], year: 2020 },
    ])
  })

  it('names nothing for an empty pool, a mentor who has not answered, or "no preference" on either side', () => {
    const mentee = [choice(languages, 2)]
    expect(unmetMustFitsOf(questionnaire, mentee, [])).toEqual([])
    expect(unmetMustFitsOf(questionnaire, mentee, [[choice(languages, 0)], []])).toEqual([])
    expect(unmetMustFitsOf(questionnaire, mentee, [[choice(languages, 3)]])).toEqual([])
    expect(unmetMustFitsOf(questionnaire, [choice(languages, 3)], [[choice(languages, 0)]])).toEqual([])
  })

  it('agrees with the scoring rules pair by pair over random answers', () => {
    const answer = (pair: QuestionPair) =>
      pair.rule === 'YearsFit'
        ? fc.option(
            fc.integer({ min: 2010, max: 2024 }).map((y) => year(pair, y)),
            { nil: undefined },
          )
        : fc.option(
            fc.subarray([0, 1, 2, 3], { minLength: 1 }).map((ix) => choice(pair, ...ix)),
            { nil: undefined },
          )
    const answers = fc.tuple(...questionnaire.pairs.map(answer)).map((as) => as.filter((a): a is Answer => a !== undefined))
    fc.assert(
      fc.property(answers, fc.array(answers, { maxLength: 4 }), (mentee, pool) => {
        const named = new Set(unmetMustFitsOf(questionnaire, mentee, pool).map((u) => u.questionPairId))
        for (const pair of questionnaire.pairs) {
          const m = mentee.find((a) => a.questionPairId === pair.questionPairId)
          const knocksOutAll =
            pool.length > 0 &&
            pair.mustFit &&
            hasAnswered(pair, m) &&
            pool.every((answersOfMentor) => {
              const o = answersOfMentor.find((a) => a.questionPairId === pair.questionPairId)
              return hasAnswered(pair, o) && scorePair(pair, m, o).knockedOut
            })
          expect(named.has(pair.questionPairId)).toBe(knocksOutAll)
        }
        // A named answer means no mentor of the pool scores at all: the run could propose nobody.
        if (named.size > 0) for (const mentor of pool) expect(scoreMentor(questionnaire, mentee, mentor)).toBeNull()
      }),
    )
  })
})
