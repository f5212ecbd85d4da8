// Conversion between the questionnaire's wire form (SaveAnswerItem, QuestionnaireQuestion) and the
// core's Answer, so the server and the browser read and write answers the same way.
import * as E from 'fp-ts/lib/Either.js'
import type { Answer, QuestionPair, Questionnaire } from '../questionnaire/questionnaire.codec.js'
import type { Language } from '../shared/language.js'
import type { Side } from '../users/role.js'
import type { StatusName } from '../users/status.js'
import { type FieldError, fieldError } from '../messages.js'
import { answerField, choosesNoPreference, emptyAnswer, questionOf, yearOfText } from '../validation/questionnaire.rules.js'
import type { QuestionnaireQuestion, SaveAnswerItem } from './questionnaire.codec.js'

/** The no-preference choice sets the fits-all flag on each selected answer; otherwise it is 0. */
export const applyFitsAll = (item: SaveAnswerItem, pair: QuestionPair): SaveAnswerItem => {
  const flag = item.PossibleAnswer.some((p) => pair.options.some((o) => o.id === p.originalPossibleAnswerId && o.noPreference)) ? 1 : 0
  return { ...item, PossibleAnswer: item.PossibleAnswer.map((p) => ({ ...p, isSetOptionThatFitsAll: flag })) }
}

const directFieldOf = (pair: QuestionPair, answer: Answer): string | null =>
  pair.kind === 'year' ? (answer.year === null ? null : String(answer.year)) : pair.kind === 'text' ? answer.text : null

/** The wire item of one answer. Throws when the side is not asked this pair (a caller's bug). */
export const toSaveAnswerItem = (pair: QuestionPair, side: Side, answer: Answer): SaveAnswerItem => {
  const question = questionOf(pair, side)
  if (question === null) throw new Error(`${side} is not asked question pair ${pair.questionPairId}`)
  const flag = choosesNoPreference(pair, answer) ? 1 : 0
  return {
    OriginalQuestionId: question.questionId,
    QuestionPairId: pair.questionPairId,
    DirectFieldAnswer: directFieldOf(pair, answer),
    RuleName: pair.rule,
    MaxOption: question.maxOption,
    PossibleAnswer: answer.optionIds.map((id) => ({ originalPossibleAnswerId: id, isSetOptionThatFitsAll: flag })),
  }
}

const fromItem = (pair: QuestionPair, side: Side, item: SaveAnswerItem): E.Either<FieldError, Answer> => {
  const field = answerField(pair.questionPairId)
  const question = questionOf(pair, side)
  // The browser echoes the question's identity; a mismatch means it holds a stale questionnaire.
  if (
    question === null ||
    item.OriginalQuestionId !== question.questionId ||
    item.RuleName !== pair.rule ||
    item.MaxOption !== question.maxOption
  )
    return E.left(fieldError(field, 'invalid-value'))
  const direct = item.DirectFieldAnswer === null || item.DirectFieldAnswer.trim() === '' ? null : item.DirectFieldAnswer
  const optionIds = item.PossibleAnswer.map((p) => p.originalPossibleAnswerId)
  if (pair.kind === 'choice')
    return direct === null ? E.right({ ...emptyAnswer(pair.questionPairId), optionIds }) : E.left(fieldError(field, 'invalid-value'))
  if (optionIds.length > 0) return E.left(fieldError(field, 'invalid-value'))
  if (pair.kind === 'text') return E.right({ ...emptyAnswer(pair.questionPairId), text: direct })
  const year = direct === null ? null : yearOfText(direct)
  if (year !== null && Number.isNaN(year)) return E.left(fieldError(field, 'invalid-year'))
  return E.right({ ...emptyAnswer(pair.questionPairId), year })
}

/** Reads the save payload's items as answers; items naming unknown pairs are refused. */
export const fromSaveAnswerItems = (
  questionnaire: Questionnaire,
  side: Side,
  items: readonly SaveAnswerItem[],
): E.Either<readonly FieldError[], readonly Answer[]> => {
  const errors: FieldError[] = []
  const answers: Answer[] = []
  for (const item of items) {
    const pair = questionnaire.pairs.find((p) => p.questionPairId === item.QuestionPairId)
    const result = pair === undefined ? E.left(fieldError(answerField(item.QuestionPairId), 'invalid-value')) : fromItem(pair, side, item)
    if (E.isLeft(result)) errors.push(result.left)
    else answers.push(result.right)
  }
  return errors.length > 0 ? E.left(errors) : E.right(answers)
}

/** One question of GetQuestionAnswerPairs in `language`, with the side's stored answer. */
export const toQuestionnaireQuestion = (
  pair: QuestionPair,
  side: Side,
  answer: Answer | null,
  language: Language,
): QuestionnaireQuestion => {
  const question = questionOf(pair, side)
  if (question === null) throw new Error(`${side} is not asked question pair ${pair.questionPairId}`)
  const given = answer ?? emptyAnswer(pair.questionPairId)
  const direct = directFieldOf(pair, given)
  return {
    originalQuestionId: question.questionId,
    questionPairId: pair.questionPairId,
    questionText: question.text[language],
    ruleName: pair.rule,
    answerKind: pair.kind,
    maxOption: question.maxOption,
    topic: pair.topic,
    possibleAnswers: pair.options.map((o) => ({
      originalPossibleAnswerId: o.id,
      optionText: o.text[language],
      languageName: language,
      isNoPreference: o.noPreference,
      isNoSuchBackground: o.noSuchBackground,
    })),
    userSelectedAnswers: [
      ...given.optionIds.map((id) => ({ originalQuestionId: question.questionId, originalPossibleAnswerId: id, directFieldAnswer: null })),
      ...(direct === null ? [] : [{ originalQuestionId: question.questionId, originalPossibleAnswerId: null, directFieldAnswer: direct }]),
    ],
  }
}

/** The whole GetQuestionAnswerPairs value for a side. */
export const toQuestionAnswerResponse = (
  questionnaire: Questionnaire,
  side: Side,
  answers: readonly Answer[],
  language: Language,
  published: boolean,
  status: StatusName,
) => ({
  questionAnswerModel: questionnaire.pairs
    .filter((p) => questionOf(p, side) !== null)
    .map((p) => toQuestionnaireQuestion(p, side, answers.find((a) => a.questionPairId === p.questionPairId) ?? null, language)),
  isProfilePublished: published,
  statusByRole: status,
})
