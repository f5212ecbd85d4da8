// Questionnaire answer rules of docs/product.md#questionnaire-answers, shared by the browser (as the user types) and the server
// (before saving). Saving keeps partial answers; publishing or starting matching needs all of them.
import type { Answer, QuestionPair, QuestionSide, Questionnaire } from '../questionnaire/questionnaire.codec.js'
import type { Side } from '../users/role.js'
import { QUESTIONNAIRE_TEXT_MAX, YEAR_MIN } from './limits.js'
import { type FieldError, fieldError } from '../messages.js'
import { countCharacters, isBlank } from './text.rules.js'

export type AnswerMode = 'save' | 'publish'
export type AnswerOptions = { readonly mode: AnswerMode; readonly currentYear: number }

/** The field an answer's errors are reported on. */
export const answerField = (questionPairId: number): string => `answers.${questionPairId}`
/** The field of the summary 'questionnaire-fields-not-valid'. */
export const QUESTIONNAIRE_SUMMARY_FIELD = 'questionnaire'

/** The question a side is asked in a pair; null when the side is not asked (MentorOnly for mentees). */
export const questionOf = (pair: QuestionPair, side: Side): QuestionSide | null => (side === 'Mentee' ? pair.mentee : pair.mentor)

export const emptyAnswer = (questionPairId: number): Answer => ({ questionPairId, optionIds: [], year: null, text: null })

const isUnanswered = (pair: QuestionPair, answer: Answer): boolean =>
  pair.kind === 'choice' ? answer.optionIds.length === 0 : pair.kind === 'year' ? answer.year === null : isBlank(answer.text)

/** An answer must use only the slot of its kind: options, a year or a text. */
const usesOtherSlots = (pair: QuestionPair, answer: Answer): boolean =>
  (pair.kind !== 'choice' && answer.optionIds.length > 0) ||
  (pair.kind !== 'year' && answer.year !== null) ||
  (pair.kind !== 'text' && answer.text !== null)

const choiceErrors = (pair: QuestionPair, question: QuestionSide, answer: Answer, field: string): readonly FieldError[] => {
  const chosen = answer.optionIds.map((id) => pair.options.find((o) => o.id === id))
  if (chosen.some((o) => o === undefined) || new Set(answer.optionIds).size !== answer.optionIds.length)
    return [fieldError(field, 'unknown-option')]
  if (answer.optionIds.length > question.maxOption)
    return [
      question.maxOption === 1
        ? fieldError(field, 'select-just-one-option')
        : fieldError(field, 'max-options-exceeded', { max: question.maxOption }),
    ]
  if (answer.optionIds.length > 1 && chosen.some((o) => o?.noPreference === true || o?.noSuchBackground === true))
    return [fieldError(field, 'exclusive-option-combined')]
  return []
}

const yearErrors = (year: number, currentYear: number, field: string): readonly FieldError[] =>
  Number.isInteger(year) && year >= YEAR_MIN && year <= currentYear
    ? []
    : [fieldError(field, 'invalid-year', { min: YEAR_MIN, max: currentYear })]

const textErrors = (text: string, field: string): readonly FieldError[] => {
  const count = countCharacters(text)
  return count > QUESTIONNAIRE_TEXT_MAX ? [fieldError(field, 'questionnaire-text-too-long', { count, max: QUESTIONNAIRE_TEXT_MAX })] : []
}

/**
 * The year a typed text names (format like 2021, surrounding blanks ignored): null when empty,
 * NaN when it is not four digits, which every year rule then refuses as an invalid year.
 */
export const yearOfText = (text: string): number | null => {
  const typed = text.trim()
  return typed === '' ? null : /^\d{4}$/.test(typed) ? Number(typed) : Number.NaN
}

/**
 * A year as typed: empty is left to the required rule; otherwise 4 digits, from 1960 to the
 * current year. For the browser's input field, before it becomes an Answer.
 */
export const validateYearText = (text: string, currentYear: number, field: string): readonly FieldError[] => {
  const year = yearOfText(text)
  return year === null ? [] : yearErrors(year, currentYear, field)
}

/** Errors of one side's answer to one pair; empty when valid for the mode. */
export const validateAnswer = (pair: QuestionPair, side: Side, answer: Answer, options: AnswerOptions): readonly FieldError[] => {
  const field = answerField(pair.questionPairId)
  const question = questionOf(pair, side)
  if (question === null || answer.questionPairId !== pair.questionPairId || usesOtherSlots(pair, answer))
    return [fieldError(field, 'invalid-value')]
  if (isUnanswered(pair, answer)) return options.mode === 'publish' ? [fieldError(field, 'requiredFieldError')] : []
  if (pair.kind === 'choice') return choiceErrors(pair, question, answer, field)
  if (pair.kind === 'year') return yearErrors(answer.year ?? Number.NaN, options.currentYear, field)
  return textErrors(answer.text ?? '', field)
}

/**
 * Errors of a side's whole questionnaire: every pair the side is asked (a missing answer counts as
 * unanswered), answers to pairs the side is not asked or answered twice, and the summary key.
 */
export const validateAnswers = (
  questionnaire: Questionnaire,
  side: Side,
  answers: readonly Answer[],
  options: AnswerOptions,
): readonly FieldError[] => {
  const asked = questionnaire.pairs.filter((p) => questionOf(p, side) !== null)
  const askedIds = new Set(asked.map((p) => p.questionPairId))
  const seen = new Set<number>()
  const stray: FieldError[] = []
  for (const a of answers) {
    if (!askedIds.has(a.questionPairId) || seen.has(a.questionPairId))
      stray.push(fieldError(answerField(a.questionPairId), 'invalid-value'))
    seen.add(a.questionPairId)
  }
  const errors = [
    ...asked.flatMap((p) =>
      validateAnswer(p, side, answers.find((a) => a.questionPairId === p.questionPairId) ?? emptyAnswer(p.questionPairId), options),
    ),
    ...stray,
  ]
  return errors.length === 0 ? [] : [...errors, fieldError(QUESTIONNAIRE_SUMMARY_FIELD, 'questionnaire-fields-not-valid')]
}

/**
 * The answers a completeness check reads: those to the questions `questionnaire` asks the side.
 * An answer to any other question (retired since, or added after the questions completeness
 * requires) is kept where it is stored but neither required nor counted here
 * (docs/matching.md#editing-the-questionnaire-versions-and-unanswered-questions).
 */
export const answersAskedIn = (questionnaire: Questionnaire, side: Side, answers: readonly Answer[]): readonly Answer[] => {
  const asked = new Set(questionnaire.pairs.filter((p) => questionOf(p, side) !== null).map((p) => p.questionPairId))
  return answers.filter((a) => asked.has(a.questionPairId))
}

/**
 * Complete: valid for publishing (mentor) or starting matching (mentee) against the questions
 * asked now. Nobody is refused for an answer the program once asked for: answers to questions the
 * questionnaire does not ask are left out (answersAskedIn) before the answers are checked.
 */
export const isQuestionnaireComplete = (
  questionnaire: Questionnaire,
  side: Side,
  answers: readonly Answer[],
  currentYear: number,
): boolean =>
  validateAnswers(questionnaire, side, answersAskedIn(questionnaire, side, answers), { mode: 'publish', currentYear }).length === 0

/** Whether an answer chose the pair's no-preference option (it fits every answer of the other side). */
export const choosesNoPreference = (pair: QuestionPair, answer: Answer): boolean =>
  answer.optionIds.some((id) => pair.options.some((o) => o.id === id && o.noPreference))
