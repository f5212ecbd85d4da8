// The rules a questionnaire draft must keep before it can be published (docs/admin.md#questionnaire-versions): texts in both
// languages, each rule's limits, unique ids, and against the previous version: retire, never delete.
import * as E from 'fp-ts/lib/Either.js'
import type { Bilingual } from '../shared/language.js'
import { LANGUAGES } from '../shared/language.js'
import { containsMarkup } from '../shared/plain-text.js'
import type { AnswerKind, RuleName } from './questionnaire.codec.js'
import {
  LIVE_OPTIONS_MAX,
  OPTION_TEXT_MAX,
  OPTIONS_MAX,
  PROFILE_QUESTION_TEXT_MAX,
  PROFILE_QUESTIONS_MAX,
  QUESTION_TEXT_MAX,
  QUESTIONS_MAX,
  THRESHOLD_MAX,
  THRESHOLD_MIN,
  TOPIC_MAX,
  TOPIC_PATTERN,
  WEIGHT_MAX,
  WEIGHT_MIN,
  YEARS_AHEAD_MAX,
  questionnaireFieldError as fieldError,
  type DraftQuestion,
  type PublishedQuestionnaire,
  type QuestionnaireDraft,
  type QuestionnaireFieldError,
} from './questionnaire.draft.js'

/** A draft that passed checkDraft against the version it names (null: the first version). */
export type CheckedDraft = {
  readonly _tag: 'CheckedDraft'
  readonly draft: QuestionnaireDraft
  readonly basedOn: number | null
}

type Errors = readonly QuestionnaireFieldError[]

/** The answer kinds each rule can score. */
export const KINDS_OF_RULE: Readonly<Record<RuleName, readonly AnswerKind[]>> = {
  SingleFit: ['choice'],
  MultipleFit: ['choice'],
  MultipleMatchesFit: ['choice'],
  YearsFit: ['year'],
  MentorOnly: ['choice', 'text'],
}

/** Characters as a person counts them (code points, not UTF-16 units). */
const characters = (text: string): number => [...text].length

const isId = (value: number): boolean => Number.isSafeInteger(value) && value >= 1
const isWholeIn = (value: number, min: number, max: number): boolean => Number.isInteger(value) && value >= min && value <= max

/** The languages of `text` that carry markup, each refused on its field. */
const markupErrors = (field: string, text: Bilingual): Errors =>
  LANGUAGES.filter((language) => containsMarkup(text[language])).map((language) =>
    fieldError(`${field}.${language}`, 'questionnaire-text-markup'),
  )

/**
 * Every text of the draft that carries markup, on its field: texts are plain text, checked when a
 * draft is saved (before any other rule, which waits for the check) and again by the check itself.
 */
export const draftMarkupErrors = (draft: QuestionnaireDraft): Errors => [
  ...draft.questions.flatMap((q, i) => [
    ...(q.mentee === null ? [] : markupErrors(`questions.${i}.mentee.text`, q.mentee.text)),
    ...markupErrors(`questions.${i}.mentor.text`, q.mentor.text),
    ...q.options.flatMap((o, j) => markupErrors(`questions.${i}.options.${j}.text`, o.text)),
  ]),
  ...draft.profileQuestions.flatMap((p, i) => markupErrors(`profileQuestions.${i}.text`, p.text)),
]

const textErrors = (field: string, text: Bilingual, max: number): Errors =>
  LANGUAGES.flatMap((language) => {
    const value = text[language]
    const at = `${field}.${language}`
    if (value.trim() === '') return [fieldError(at, 'requiredFieldError')]
    if (value !== value.trim()) return [fieldError(at, 'questionnaire-text-untrimmed')]
    if (containsMarkup(value)) return [fieldError(at, 'questionnaire-text-markup')]
    const count = characters(value)
    return count > max ? [fieldError(at, 'max-characters-exceeded-error', { count, max })] : []
  })

/** Two option texts are the same when they differ only in case or blanks. */
const normalized = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase()

const optionErrors = (question: DraftQuestion, field: string): Errors => {
  const errors: QuestionnaireFieldError[] = []
  const live = question.options.filter((o) => !o.retired)
  if (question.kind !== 'choice') {
    return question.options.length === 0 ? [] : [fieldError(`${field}.options`, 'questionnaire-options-not-allowed')]
  }
  if (question.options.length > OPTIONS_MAX || live.length > LIVE_OPTIONS_MAX)
    errors.push(fieldError(`${field}.options`, 'questionnaire-too-many-options', { max: LIVE_OPTIONS_MAX }))
  if (!question.retired && live.length === 0) errors.push(fieldError(`${field}.options`, 'requiredFieldError'))
  if (live.filter((o) => o.noPreference).length > 1) errors.push(fieldError(`${field}.options`, 'questionnaire-no-preference-twice'))
  const seenText = { en: new Set<string>(), de: new Set<string>() }
  question.options.forEach((option, j) => {
    const at = `${field}.options.${j}`
    if (!isId(option.id)) errors.push(fieldError(`${at}.id`, 'questionnaire-id-invalid'))
    errors.push(...textErrors(`${at}.text`, option.text, OPTION_TEXT_MAX))
    if (option.noPreference && option.noSuchBackground) errors.push(fieldError(at, 'questionnaire-exclusive-flags-combined'))
    if (option.retired) return
    for (const language of LANGUAGES) {
      const key = normalized(option.text[language])
      if (key !== '' && seenText[language].has(key))
        errors.push(fieldError(`${at}.text.${language}`, 'questionnaire-duplicate-option-text'))
      seenText[language].add(key)
    }
  })
  return errors
}

const sideErrors = (question: DraftQuestion, side: 'mentee' | 'mentor', field: string): Errors => {
  const asked = question[side]
  if (asked === null) return []
  const at = `${field}.${side}`
  const errors: QuestionnaireFieldError[] = []
  if (!isId(asked.questionId)) errors.push(fieldError(`${at}.questionId`, 'questionnaire-id-invalid'))
  errors.push(...textErrors(`${at}.text`, asked.text, QUESTION_TEXT_MAX))
  const live = question.options.filter((o) => !o.retired).length
  // One option for SingleFit (the rule compares single answers), a year and a text are one answer.
  const max = question.kind !== 'choice' || question.rule === 'SingleFit' ? 1 : question.retired ? question.options.length : live
  if (!isWholeIn(asked.maxOption, 1, Math.max(1, max)))
    errors.push(fieldError(`${at}.maxOption`, 'questionnaire-max-options-range', { min: 1, max: Math.max(1, max) }))
  return errors
}

const questionErrors = (question: DraftQuestion, index: number): Errors => {
  const field = `questions.${index}`
  const errors: QuestionnaireFieldError[] = []
  if (!isId(question.questionPairId)) errors.push(fieldError(`${field}.questionPairId`, 'questionnaire-id-invalid'))
  if (!KINDS_OF_RULE[question.rule].includes(question.kind))
    errors.push(fieldError(`${field}.kind`, 'questionnaire-kind-does-not-fit-rule', { rule: question.rule }))
  if (question.topic.length === 0 || question.topic.length > TOPIC_MAX || !TOPIC_PATTERN.test(question.topic))
    errors.push(fieldError(`${field}.topic`, 'questionnaire-topic-format', { max: TOPIC_MAX }))
  if (!(Number.isFinite(question.weight) && question.weight >= WEIGHT_MIN && question.weight <= WEIGHT_MAX))
    errors.push(fieldError(`${field}.weight`, 'questionnaire-weight-range', { min: WEIGHT_MIN, max: WEIGHT_MAX }))
  if (!isWholeIn(question.minYearsAhead, 0, YEARS_AHEAD_MAX))
    errors.push(fieldError(`${field}.minYearsAhead`, 'questionnaire-years-ahead-range', { min: 0, max: YEARS_AHEAD_MAX }))
  if (question.rule === 'MentorOnly') {
    // Shown on the mentor's profile only: nothing to score, nothing to knock out, nobody else asked.
    if (question.weight !== 0) errors.push(fieldError(`${field}.weight`, 'questionnaire-mentor-only-scored'))
    if (question.mustFit) errors.push(fieldError(`${field}.mustFit`, 'questionnaire-mentor-only-scored'))
    if (question.mentee !== null) errors.push(fieldError(`${field}.mentee`, 'questionnaire-mentor-only-mentee-question'))
  } else if (question.mentee === null) errors.push(fieldError(`${field}.mentee`, 'questionnaire-mentee-question-missing'))
  errors.push(...sideErrors(question, 'mentee', field), ...sideErrors(question, 'mentor', field), ...optionErrors(question, field))
  return errors
}

/** Every value listed under more than one field: each repeat is reported on its own field. */
const duplicates = (entries: readonly (readonly [field: string, id: number])[]): Errors => {
  const seen = new Set<number>()
  return entries.flatMap(([field, id]) => {
    const repeated = seen.has(id)
    seen.add(id)
    return repeated ? [fieldError(field, 'questionnaire-duplicate-id', { id })] : []
  })
}

const idErrors = (draft: QuestionnaireDraft): Errors => [
  ...duplicates(draft.questions.map((q, i) => [`questions.${i}.questionPairId`, q.questionPairId])),
  ...duplicates(
    draft.questions.flatMap((q, i) =>
      (['mentee', 'mentor'] as const).flatMap((side) => {
        const asked = q[side]
        return asked === null ? [] : [[`questions.${i}.${side}.questionId`, asked.questionId] as const]
      }),
    ),
  ),
  ...duplicates(draft.questions.flatMap((q, i) => q.options.map((o, j) => [`questions.${i}.options.${j}.id`, o.id] as const))),
  ...duplicates(draft.profileQuestions.map((p, i) => [`profileQuestions.${i}.userQuestionOriginalId`, p.userQuestionOriginalId])),
]

/** Retire, never delete; an id keeps its meaning: its question, its side, its answer kind, its option flags. */
const versionErrors = (draft: QuestionnaireDraft, previous: QuestionnaireDraft): Errors => {
  const errors: QuestionnaireFieldError[] = []
  const indexOfQuestion = new Map(draft.questions.map((q, i) => [q.questionPairId, i]))
  const ownerOfSide = new Map<number, string>()
  const ownerOfOption = new Map<number, number>()
  for (const q of previous.questions) {
    for (const side of ['mentee', 'mentor'] as const) {
      const asked = q[side]
      if (asked !== null) ownerOfSide.set(asked.questionId, `${q.questionPairId}.${side}`)
    }
    for (const o of q.options) ownerOfOption.set(o.id, q.questionPairId)
  }
  for (const before of previous.questions) {
    const index = indexOfQuestion.get(before.questionPairId)
    if (index === undefined) {
      errors.push(fieldError('questions', 'questionnaire-question-deleted', { id: before.questionPairId }))
      continue
    }
    const after = draft.questions[index] as DraftQuestion
    if (after.kind !== before.kind) errors.push(fieldError(`questions.${index}.kind`, 'questionnaire-kind-changed', { kind: before.kind }))
    for (const option of before.options) {
      const j = after.options.findIndex((o) => o.id === option.id)
      const kept = after.options[j]
      if (kept === undefined) {
        const elsewhere = draft.questions.some((q) => q.options.some((o) => o.id === option.id))
        if (!elsewhere) errors.push(fieldError(`questions.${index}.options`, 'questionnaire-option-deleted', { id: option.id }))
      } else if (kept.noPreference !== option.noPreference || kept.noSuchBackground !== option.noSuchBackground)
        errors.push(fieldError(`questions.${index}.options.${j}`, 'questionnaire-option-meaning-changed'))
    }
  }
  draft.questions.forEach((q, i) => {
    for (const side of ['mentee', 'mentor'] as const) {
      const asked = q[side]
      const owner = asked === null ? undefined : ownerOfSide.get(asked.questionId)
      if (owner !== undefined && owner !== `${q.questionPairId}.${side}`)
        errors.push(fieldError(`questions.${i}.${side}.questionId`, 'questionnaire-id-reused', { id: asked?.questionId ?? 0 }))
    }
    q.options.forEach((o, j) => {
      const owner = ownerOfOption.get(o.id)
      if (owner !== undefined && owner !== q.questionPairId)
        errors.push(fieldError(`questions.${i}.options.${j}.id`, 'questionnaire-id-reused', { id: o.id }))
    })
  })
  const profileIds = new Set(draft.profileQuestions.map((p) => p.userQuestionOriginalId))
  for (const p of previous.profileQuestions)
    if (!profileIds.has(p.userQuestionOriginalId))
      errors.push(fieldError('profileQuestions', 'questionnaire-profile-question-deleted', { id: p.userQuestionOriginalId }))
  return errors
}

/** Whether the question adds to anyone's score: live, scored by a rule, with weight. */
export const isScoredQuestion = (question: DraftQuestion): boolean =>
  !question.retired && question.rule !== 'MentorOnly' && question.weight > 0

/** Every error of a draft, checked alone and, when given, against the version it will follow. */
export const draftErrors = (draft: QuestionnaireDraft, previous?: PublishedQuestionnaire): Errors => {
  const errors: QuestionnaireFieldError[] = []
  if (draft.questions.length > QUESTIONS_MAX)
    errors.push(fieldError('questions', 'questionnaire-too-many-questions', { max: QUESTIONS_MAX }))
  if (draft.profileQuestions.length > PROFILE_QUESTIONS_MAX)
    errors.push(fieldError('profileQuestions', 'questionnaire-too-many-questions', { max: PROFILE_QUESTIONS_MAX }))
  if (!isWholeIn(draft.threshold, THRESHOLD_MIN, THRESHOLD_MAX))
    errors.push(fieldError('threshold', 'questionnaire-threshold-range', { min: THRESHOLD_MIN, max: THRESHOLD_MAX }))
  draft.questions.forEach((q, i) => errors.push(...questionErrors(q, i)))
  if (!draft.questions.some(isScoredQuestion)) errors.push(fieldError('questions', 'questionnaire-no-scored-question'))
  draft.profileQuestions.forEach((p, i) => {
    if (!isId(p.userQuestionOriginalId)) errors.push(fieldError(`profileQuestions.${i}.userQuestionOriginalId`, 'questionnaire-id-invalid'))
    errors.push(...textErrors(`profileQuestions.${i}.text`, p.text, PROFILE_QUESTION_TEXT_MAX))
  })
  errors.push(...idErrors(draft))
  if (previous !== undefined) errors.push(...versionErrors(draft, previous.draft))
  return errors
}

/** A draft ready to publish after `previous` (the latest published version, if any), or every reason it is not. */
export const checkDraft = (draft: QuestionnaireDraft, previous?: PublishedQuestionnaire): E.Either<Errors, CheckedDraft> => {
  const errors = draftErrors(draft, previous)
  return errors.length > 0 ? E.left(errors) : E.right({ _tag: 'CheckedDraft', draft, basedOn: previous?.version ?? null })
}
