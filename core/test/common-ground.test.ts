// "What you have in common": only pairs that earned points and have something to show, with the
// two years a YearsFit pair compared, the weightiest first.
import { describe, expect, it } from 'vitest'
import type { Answer, QuestionPair, Questionnaire } from '../src/questionnaire/questionnaire.codec.js'
import { commonGround, scoreMentor } from '../src/index.js'

const bi = (s: string) => ({ en: s, de: s })
const pair = (
  questionPairId: number,
  rule: QuestionPair['rule'],
  weight: number,
  optionIds: number[],
  extra: Partial<QuestionPair> = {},
): QuestionPair => ({
  questionPairId,
  rule,
  kind: rule === 'YearsFit' ? 'year' : 'choice',
  weight,
  mustFit: false,
  minYearsAhead: 0,
  topic: 't',
  mentee: { questionId: questionPairId * 10 + 1, text: bi('q'), maxOption: 3 },
  mentor: { questionId: questionPairId * 10 + 2, text: bi('q'), maxOption: 3 },
  options: optionIds.map((id) => ({ id, text: bi(`o${id}`), noPreference: false, noSuchBackground: false })),
  ...extra,
})
const choice = (questionPairId: number, ...optionIds: number[]): Answer => ({ questionPairId, optionIds, year: null, text: null })
const year = (questionPairId: number, y: number): Answer => ({ questionPairId, optionIds: [], year: y, text: null })

const light = pair(1, 'MultipleFit', 1, [11, 12])
const heavy = pair(2, 'SingleFit', 3, [21, 22])
const careerStart = pair(3, 'YearsFit', 2, [], { minYearsAhead: 5 })
const missed = pair(4, 'SingleFit', 4, [41, 42])
const questionnaire: Questionnaire = { version: 1, pairs: [light, heavy, careerStart, missed] }

describe('commonGround', () => {
  it('keeps the years a YearsFit pair compared in the breakdown', () => {
    const score = scoreMentor(questionnaire, [year(3, 2020)], [year(3, 2010)])
    expect(score?.breakdown.find((b) => b.questionPairId === 3)).toEqual({
      questionPairId: 3,
      points: 2,
      max: 2,
      common: [],
      years: { mentee: 2020, mentor: 2010 },
    })
  })

  it('lists what the two share, the weightiest first, and leaves out pairs without points or without anything to show', () => {
    const score = scoreMentor(
      questionnaire,
      [choice(1, 11), choice(2, 21), year(3, 2020), choice(4, 41)],
      [choice(1, 11, 12), choice(2, 21), year(3, 2010), choice(4, 42)],
    )
    expect(commonGround(score?.breakdown ?? []).map((b) => b.questionPairId)).toEqual([2, 3, 1])
  })

  it('leaves out a YearsFit pair that did not fit', () => {
    const score = scoreMentor(questionnaire, [year(3, 2020), choice(2, 21)], [year(3, 2018), choice(2, 21)])
    expect(commonGround(score?.breakdown ?? []).map((b) => b.questionPairId)).toEqual([2])
  })

  it('leaves out a pair with points but nothing in common to name (a score stored before years were kept)', () => {
    expect(commonGround([{ questionPairId: 3, points: 2, max: 2, common: [] }])).toEqual([])
  })
})
