import fc from 'fast-check'
import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import {
  applyFitsAll,
  fromSaveAnswerItems,
  QuestionnaireQuestion,
  SaveAnswerItem,
  toQuestionAnswerResponse,
  toSaveAnswerItem,
} from '../src/api/index.js'
import type { Answer, AnswerOption, QuestionPair, Questionnaire } from '../src/questionnaire/questionnaire.codec.js'

const option = (id: number, noPreference = false): AnswerOption => ({
  id,
  text: { en: `en${id}`, de: `de${id}` },
  noPreference,
  noSuchBackground: false,
})
const side = (questionId: number, maxOption: number) => ({ questionId, text: { en: `Q${questionId}`, de: `F${questionId}` }, maxOption })
const base = { weight: 1, mustFit: false, minYearsAhead: 0, topic: 'industries' }
const choicePair: QuestionPair = {
  ...base,
  questionPairId: 1,
  rule: 'MultipleFit',
  kind: 'choice',
  mentee: side(11, 2),
  mentor: side(21, 2),
  options: [option(1), option(2), option(3, true)],
}
const yearPair: QuestionPair = {
  ...base,
  questionPairId: 2,
  rule: 'YearsFit',
  kind: 'year',
  mentee: side(12, 0),
  mentor: side(22, 0),
  options: [],
}
const textPair: QuestionPair = {
  ...base,
  questionPairId: 3,
  rule: 'MentorOnly',
  kind: 'text',
  mentee: null,
  mentor: side(23, 0),
  options: [],
}
const questionnaire: Questionnaire = { version: 1, pairs: [choicePair, yearPair, textPair] }
const empty = (questionPairId: number): Answer => ({ questionPairId, optionIds: [], year: null, text: null })

describe('answers on the wire', () => {
  it('the no-preference choice sets the fits-all flag on each selected answer', () => {
    const item = toSaveAnswerItem(choicePair, 'Mentee', { ...empty(1), optionIds: [3] })
    expect(item.PossibleAnswer).toEqual([{ originalPossibleAnswerId: 3, isSetOptionThatFitsAll: 1 }])
    expect(
      toSaveAnswerItem(choicePair, 'Mentee', { ...empty(1), optionIds: [1, 2] }).PossibleAnswer.map((p) => p.isSetOptionThatFitsAll),
    ).toEqual([0, 0])
  })

  it('applyFitsAll corrects a flag the browser sent wrongly', () => {
    const item: SaveAnswerItem = {
      OriginalQuestionId: 11,
      QuestionPairId: 1,
      DirectFieldAnswer: null,
      RuleName: 'MultipleFit',
      MaxOption: 2,
      PossibleAnswer: [{ originalPossibleAnswerId: 1, isSetOptionThatFitsAll: 1 }],
    }
    expect(applyFitsAll(item, choicePair).PossibleAnswer).toEqual([{ originalPossibleAnswerId: 1, isSetOptionThatFitsAll: 0 }])
    expect(
      applyFitsAll({ ...item, PossibleAnswer: [{ originalPossibleAnswerId: 3, isSetOptionThatFitsAll: 0 }] }, choicePair).PossibleAnswer,
    ).toEqual([{ originalPossibleAnswerId: 3, isSetOptionThatFitsAll: 1 }])
  })

  it("writes the year as 4 digits and the text in DirectFieldAnswer, with the side's question id", () => {
    expect(toSaveAnswerItem(yearPair, 'Mentor', { ...empty(2), year: 1999 })).toMatchObject({
      OriginalQuestionId: 22,
      DirectFieldAnswer: '1999',
      PossibleAnswer: [],
    })
    expect(toSaveAnswerItem(textPair, 'Mentor', { ...empty(3), text: 'Why not' })).toMatchObject({
      OriginalQuestionId: 23,
      DirectFieldAnswer: 'Why not',
      RuleName: 'MentorOnly',
    })
  })

  it('refuses a year that is not 4 digits', () => {
    const item = { ...toSaveAnswerItem(yearPair, 'Mentee', empty(2)), DirectFieldAnswer: '21' }
    expect(fromSaveAnswerItems(questionnaire, 'Mentee', [item])).toEqual(E.left([{ field: 'answers.2', key: 'invalid-year' }]))
  })

  it('refuses items of unknown pairs, of pairs the side is not asked, or with a stale question identity', () => {
    const ok = toSaveAnswerItem(choicePair, 'Mentee', { ...empty(1), optionIds: [1] })
    const mentorText = toSaveAnswerItem(textPair, 'Mentor', { ...empty(3), text: 'x' })
    const result = fromSaveAnswerItems(questionnaire, 'Mentee', [
      { ...ok, QuestionPairId: 99 },
      mentorText,
      { ...ok, MaxOption: 5 },
      { ...ok, OriginalQuestionId: 21 },
    ])
    expect(E.isLeft(result) && result.left.map((e) => `${e.field}:${e.key}`)).toEqual([
      'answers.99:invalid-value',
      'answers.3:invalid-value',
      'answers.1:invalid-value',
      'answers.1:invalid-value',
    ])
  })

  it('property: reading back what was written gives the same answers', () => {
    const answers = fc.tuple(
      fc.subarray([1, 2, 3]),
      fc.option(fc.integer({ min: 1000, max: 9999 }), { nil: null }),
      fc.option(
        fc.string({ minLength: 1, maxLength: 50 }).filter((s) => s.trim() !== ''),
        { nil: null },
      ),
    )
    fc.assert(
      fc.property(answers, ([optionIds, year, text]) => {
        const written: Answer[] = [
          { ...empty(1), optionIds },
          { ...empty(2), year },
          { ...empty(3), text },
        ]
        const items = questionnaire.pairs.map((p, i) => toSaveAnswerItem(p, 'Mentor', written[i]!))
        expect(fromSaveAnswerItems(questionnaire, 'Mentor', items)).toEqual(E.right(written))
      }),
    )
  })

  it("builds the questionnaire response in the requested language, with only the side's questions and its answers", () => {
    const response = toQuestionAnswerResponse(
      questionnaire,
      'Mentee',
      [
        { ...empty(1), optionIds: [2] },
        { ...empty(2), year: 2010 },
      ],
      'de',
      false,
      'NEW',
    )
    expect(response.questionAnswerModel.map((q) => q.questionText)).toEqual(['F11', 'F12'])
    expect(response.questionAnswerModel[0]?.possibleAnswers.map((o) => o.optionText)).toEqual(['de1', 'de2', 'de3'])
    expect(response.questionAnswerModel[0]?.userSelectedAnswers).toEqual([
      { originalQuestionId: 11, originalPossibleAnswerId: 2, directFieldAnswer: null },
    ])
    expect(response.questionAnswerModel[1]?.userSelectedAnswers).toEqual([
      { originalQuestionId: 12, originalPossibleAnswerId: null, directFieldAnswer: '2010' },
    ])
    for (const q of response.questionAnswerModel) expect(E.isRight(QuestionnaireQuestion.decode(q))).toBe(true)
  })
})
