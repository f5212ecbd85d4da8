// Between the wire and the core: the questions the server sends become core question pairs, so the
// browser validates answers with the very rules the server applies; answers go back as the
// save-answers payload (the no-preference choice sets the fits-all flag).
import {
  RULE_NAMES,
  toSaveAnswerItem,
  validateAnswer,
  yearOfText,
  type Answer,
  type FieldError,
  type QuestionPair,
  type QuestionnaireQuestion,
  type RuleName,
  type SaveAnswerItem,
  type Side,
} from '@tandem/core'

export const toPair = (q: QuestionnaireQuestion): QuestionPair => {
  const side = { questionId: q.originalQuestionId, text: { en: q.questionText, de: q.questionText }, maxOption: q.maxOption }
  return {
    questionPairId: q.questionPairId,
    rule: q.ruleName,
    kind: q.answerKind,
    weight: 0,
    mustFit: false,
    minYearsAhead: 0,
    topic: q.topic,
    // only the asking side matters to validation; both slots hold it
    mentee: side,
    mentor: side,
    options: q.possibleAnswers.map((o) => ({
      id: o.originalPossibleAnswerId,
      text: { en: o.optionText, de: o.optionText },
      noPreference: o.isNoPreference,
      noSuchBackground: o.isNoSuchBackground,
    })),
  }
}

/** The form's answer: options chosen, and the year or text exactly as typed. */
export type DraftAnswer = { readonly optionIds: readonly number[]; readonly typed: string }

export const draftOf = (q: QuestionnaireQuestion): DraftAnswer => ({
  optionIds: q.userSelectedAnswers.flatMap((a) => (a.originalPossibleAnswerId === null ? [] : [a.originalPossibleAnswerId])),
  typed: q.userSelectedAnswers.find((a) => a.directFieldAnswer !== null)?.directFieldAnswer ?? '',
})

/** The answer the draft stands for: what is validated is what is sent (text without surrounding blanks). */
export const answerOf = (q: QuestionnaireQuestion, draft: DraftAnswer): Answer => ({
  questionPairId: q.questionPairId,
  optionIds: q.answerKind === 'choice' ? [...draft.optionIds] : [],
  year: q.answerKind === 'year' ? yearOfText(draft.typed) : null,
  text: q.answerKind === 'text' ? (draft.typed.trim() === '' ? null : draft.typed.trim()) : null,
})

export const errorsOf = (
  q: QuestionnaireQuestion,
  side: Side,
  draft: DraftAnswer,
  mode: 'save' | 'publish',
  currentYear: number,
): readonly FieldError[] => validateAnswer(toPair(q), side, answerOf(q, draft), { mode, currentYear })

/** The save payload's item of a draft, written by the core's mapping the server reads it with. */
export const saveItemOf = (q: QuestionnaireQuestion, side: Side, draft: DraftAnswer): SaveAnswerItem =>
  toSaveAnswerItem(toPair(q), side, answerOf(q, draft))

/** Questions grouped by rule type, in the order of the rule list. */
export const groupByRule = (
  questions: readonly QuestionnaireQuestion[],
): readonly { rule: RuleName; questions: readonly QuestionnaireQuestion[] }[] =>
  RULE_NAMES.map((rule) => ({ rule, questions: questions.filter((q) => q.ruleName === rule) })).filter((g) => g.questions.length > 0)

/** Toggling an option: single choice replaces, multiple choice adds or removes. */
export const toggleOption = (q: QuestionnaireQuestion, draft: DraftAnswer, optionId: number, checked: boolean): DraftAnswer => {
  if (q.maxOption === 1) return { ...draft, optionIds: checked ? [optionId] : [] }
  const rest = draft.optionIds.filter((id) => id !== optionId)
  return { ...draft, optionIds: checked ? [...rest, optionId] : rest }
}
