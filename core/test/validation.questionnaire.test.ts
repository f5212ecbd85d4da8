import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Answer, AnswerOption, QuestionPair, Questionnaire } from '../src/questionnaire/questionnaire.codec.js'
import { calendarYearOf } from '../src/shared/time.js'
import { isQuestionnaireComplete, validateAnswer, validateAnswers, validateYearText, yearOfText } from '../src/validation/index.js'

const option = (id: number, flags: Partial<Pick<AnswerOption, 'noPreference' | 'noSuchBackground'>> = {}): AnswerOption => ({
  id,
  text: { en: `o${id}`, de: `o${id}` },
  noPreference: false,
  noSuchBackground: false,
  ...flags,
})
const side = (questionId: number, maxOption: number) => ({ questionId, text: { en: 'q', de: 'f' }, maxOption })
const pair = (questionPairId: number, over: Partial<QuestionPair>): QuestionPair => ({
  questionPairId,
  rule: 'SingleFit',
  kind: 'choice',
  weight: 1,
  mustFit: false,
  minYearsAhead: 0,
  topic: 't',
  mentee: side(100 + questionPairId, 1),
  mentor: side(200 + questionPairId, 1),
  options: [option(1), option(2), option(3)],
  ...over,
})

const single = pair(1, {})
const multiple = pair(2, {
  rule: 'MultipleFit',
  mentee: side(102, 2),
  mentor: side(202, 3),
  options: [option(21), option(22), option(23), option(24), option(25, { noPreference: true }), option(26, { noSuchBackground: true })],
})
const years = pair(3, { rule: 'YearsFit', kind: 'year', options: [], mentee: side(103, 0), mentor: side(203, 0) })
const mentorOnlyText = pair(4, { rule: 'MentorOnly', kind: 'text', options: [], mentee: null, mentor: side(204, 0) })
const questionnaire: Questionnaire = { version: 1, pairs: [single, multiple, years, mentorOnlyText] }

const choice = (questionPairId: number, ...optionIds: number[]): Answer => ({ questionPairId, optionIds, year: null, text: null })
const year = (y: number | null): Answer => ({ questionPairId: 3, optionIds: [], year: y, text: null })
const text = (s: string | null): Answer => ({ questionPairId: 4, optionIds: [], year: null, text: s })
const save = { mode: 'save', currentYear: 2026 } as const
const publish = { mode: 'publish', currentYear: 2026 } as const
const keys = (errors: readonly { key: string }[]) => errors.map((e) => e.key)

describe('questionnaire answers', () => {
  it('limits free text to 200 characters including spaces', () => {
    expect(validateAnswer(mentorOnlyText, 'Mentor', text(' '.repeat(100) + 'x'.repeat(100)), publish)).toEqual([])
    expect(validateAnswer(mentorOnlyText, 'Mentor', text('x '.repeat(100) + 'y'), save)).toEqual([
      { field: 'answers.4', key: 'questionnaire-text-too-long', params: { count: 201, max: 200 } },
    ])
  })

  it('allows up to maxOption options and refuses more with the maximum in the message', () => {
    expect(validateAnswer(multiple, 'Mentor', choice(2, 21, 22, 23), save)).toEqual([])
    expect(validateAnswer(multiple, 'Mentor', choice(2, 21, 22, 23, 24), save)).toEqual([
      { field: 'answers.2', key: 'max-options-exceeded', params: { max: 3 } },
    ])
  })

  it('asks to select just one option when maxOption is 1', () => {
    expect(keys(validateAnswer(single, 'Mentee', choice(1, 1, 2), save))).toEqual(['select-just-one-option'])
  })

  it('uses the maxOption of the answering side', () => {
    expect(keys(validateAnswer(multiple, 'Mentee', choice(2, 21, 22, 23), save))).toEqual(['max-options-exceeded'])
  })

  it('does not combine the no-preference option with others', () => {
    expect(keys(validateAnswer(multiple, 'Mentor', choice(2, 25, 21), save))).toEqual(['exclusive-option-combined'])
    expect(validateAnswer(multiple, 'Mentor', choice(2, 25), publish)).toEqual([])
  })

  it('does not combine the no-such-background option with others', () => {
    expect(keys(validateAnswer(multiple, 'Mentor', choice(2, 21, 26), save))).toEqual(['exclusive-option-combined'])
  })

  it('refuses option ids that do not belong to the pair, and repeated ids', () => {
    expect(keys(validateAnswer(single, 'Mentee', choice(1, 21), save))).toEqual(['unknown-option'])
    expect(keys(validateAnswer(multiple, 'Mentor', choice(2, 21, 21), save))).toEqual(['unknown-option'])
  })

  it('accepts years from 1960 to the current year only', () => {
    expect(validateAnswer(years, 'Mentee', year(1960), save)).toEqual([])
    expect(validateAnswer(years, 'Mentee', year(2026), save)).toEqual([])
    for (const y of [1959, 2027, 21, 20210, 2020.5])
      expect(validateAnswer(years, 'Mentee', year(y), save)).toEqual([
        { field: 'answers.3', key: 'invalid-year', params: { min: 1960, max: 2026 } },
      ])
  })

  it('checks a typed year: 4 digits like 2021, 1960 to the current year', () => {
    expect(validateYearText('2021', 2026, 'y')).toEqual([])
    expect(validateYearText('', 2026, 'y')).toEqual([])
    for (const typed of ['21', '02021', '20a1', '1959', '2027', '2,021'])
      expect(validateYearText(typed, 2026, 'y')).toEqual([{ field: 'y', key: 'invalid-year', params: { min: 1960, max: 2026 } }])
  })

  it('reads a typed year as four digits (blanks around ignored), an empty text as none, anything else as not a year', () => {
    expect([yearOfText('2021'), yearOfText(' 1999 '), yearOfText(''), yearOfText('   ')]).toEqual([2021, 1999, null, null])
    for (const typed of ['21', '20211', '20x1', '-202', '2021.0']) expect(Number.isNaN(yearOfText(typed))).toBe(true)
  })

  it('takes the current year of the year rules from the instant in UTC', () => {
    expect(calendarYearOf(Date.UTC(2026, 0, 1, 0, 0))).toBe(2026)
    expect(calendarYearOf(Date.UTC(2025, 11, 31, 23, 59))).toBe(2025)
  })

  it('requires the year when publishing or starting matching, but not when only saving', () => {
    expect(validateAnswer(years, 'Mentee', year(null), save)).toEqual([])
    expect(keys(validateAnswer(years, 'Mentee', year(null), publish))).toEqual(['requiredFieldError'])
  })

  it('requires single-choice, multiple-choice and mentor-only answers when publishing', () => {
    expect(keys(validateAnswer(single, 'Mentor', choice(1), publish))).toEqual(['requiredFieldError'])
    expect(keys(validateAnswer(multiple, 'Mentor', choice(2), publish))).toEqual(['requiredFieldError'])
    expect(keys(validateAnswer(mentorOnlyText, 'Mentor', text('   '), publish))).toEqual(['requiredFieldError'])
    expect(validateAnswer(single, 'Mentor', choice(1), save)).toEqual([])
  })

  it('refuses an answer from a side the pair does not ask (mentor-only asked of a mentee)', () => {
    expect(keys(validateAnswer(mentorOnlyText, 'Mentee', text('hi'), save))).toEqual(['invalid-value'])
  })

  it('refuses an answer that uses the slot of another kind', () => {
    expect(keys(validateAnswer(years, 'Mentee', { ...year(2000), text: 'x' }, save))).toEqual(['invalid-value'])
    expect(keys(validateAnswer(single, 'Mentee', { ...choice(1, 1), year: 2000 }, save))).toEqual(['invalid-value'])
  })
})

describe('whole questionnaire', () => {
  const mentorAnswers = [choice(1, 2), choice(2, 21, 22), year(1990), text('Because I was helped once.')]
  const menteeAnswers = [choice(1, 1), choice(2, 25), year(2015)]

  it('is complete for each side when every question the side is asked is answered validly', () => {
    expect(isQuestionnaireComplete(questionnaire, 'Mentor', mentorAnswers, 2026)).toBe(true)
    expect(isQuestionnaireComplete(questionnaire, 'Mentee', menteeAnswers, 2026)).toBe(true)
  })

  it('is incomplete when a question is missing, and says which with the summary key', () => {
    expect(isQuestionnaireComplete(questionnaire, 'Mentor', mentorAnswers.slice(0, 3), 2026)).toBe(false)
    expect(validateAnswers(questionnaire, 'Mentor', mentorAnswers.slice(0, 3), publish)).toEqual([
      { field: 'answers.4', key: 'requiredFieldError' },
      { field: 'questionnaire', key: 'questionnaire-fields-not-valid' },
    ])
  })

  it('saves a partial questionnaire', () => {
    expect(validateAnswers(questionnaire, 'Mentee', [choice(1, 1)], save)).toEqual([])
  })

  it('refuses answers to pairs the side is not asked and answers given twice', () => {
    expect(validateAnswers(questionnaire, 'Mentee', [...menteeAnswers, text('x')], save).map((e) => `${e.field}:${e.key}`)).toEqual([
      'answers.4:invalid-value',
      'questionnaire:questionnaire-fields-not-valid',
    ])
    expect(validateAnswers(questionnaire, 'Mentee', [...menteeAnswers, choice(1, 2)], save).map((e) => e.field)).toContain('answers.1')
  })

  it('property: any free text longer than 200 characters is refused', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 201, maxLength: 400, unit: 'grapheme-ascii' }), (s) => {
        expect(keys(validateAnswer(mentorOnlyText, 'Mentor', text(s), save))).toEqual(['questionnaire-text-too-long'])
      }),
    )
  })

  it('property: any year outside 1960..current is refused, any inside accepted', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 1960, max: 2100 }), (y, currentYear) => {
        const errors = validateAnswer(years, 'Mentee', year(y), { mode: 'publish', currentYear })
        expect(errors.length === 0).toBe(y >= 1960 && y <= currentYear)
      }),
    )
  })

  it('property: a choice of distinct plain options is valid exactly when it has at most maxOption of them', () => {
    fc.assert(
      fc.property(fc.subarray([21, 22, 23, 24]), (ids) => {
        expect(validateAnswer(multiple, 'Mentor', choice(2, ...ids), save).length === 0).toBe(ids.length <= 3)
      }),
    )
  })
})
