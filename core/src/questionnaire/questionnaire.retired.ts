// Old answers under retired options (docs/matching.md#retired-options): an option a later version
// retired stays readable wherever the answer is shown (marked "no longer offered"), may be kept when
// the participant saves again, scores nothing, and cannot be chosen anew.
import * as E from 'fp-ts/lib/Either.js'
import type { Bilingual } from '../shared/language.js'
import type { Answer, AnswerOption, Questionnaire } from './questionnaire.codec.js'
import {
  questionnaireFieldError as fieldError,
  type DraftQuestion,
  type PublishedQuestionnaire,
  type QuestionnaireFieldError,
} from './questionnaire.draft.js'
import { pairOf } from './questionnaire.versions.js'

/** The mark shown after a retired option's text. */
export const RETIRED_OPTION_MARK: Bilingual = { en: 'no longer offered', de: 'nicht mehr angeboten' }

/** A retired option's text with its mark in both languages: "Finance (no longer offered)". */
export const retiredOptionText = (text: Bilingual): Bilingual => ({
  en: `${text.en} (${RETIRED_OPTION_MARK.en})`,
  de: `${text.de} (${RETIRED_OPTION_MARK.de})`,
})

const optionOf = (o: DraftQuestion['options'][number], marked: boolean): AnswerOption => ({
  id: o.id,
  text: marked && o.retired ? retiredOptionText(o.text) : { ...o.text },
  noPreference: o.noPreference,
  noSuchBackground: o.noSuchBackground,
})

/** Per live question, the ids of its retired options. */
export const retiredOptionIdsOf = (published: PublishedQuestionnaire): ReadonlyMap<number, ReadonlySet<number>> =>
  new Map(
    published.draft.questions
      .filter((q) => !q.retired)
      .map((q) => [q.questionPairId, new Set(q.options.filter((o) => o.retired).map((o) => o.id))] as const),
  )

/**
 * The questionnaire answers are read by: the version's live questions with every option they ever
 * had, a retired one's text marked "no longer offered". Never scored with (scoredQuestionnaireOf is).
 */
export const readableQuestionnaireOf = (published: PublishedQuestionnaire): Questionnaire => ({
  version: published.version,
  pairs: published.draft.questions
    .filter((q) => !q.retired)
    .map((q) =>
      pairOf(
        q,
        q.options.map((o) => optionOf(o, true)),
      ),
    ),
})

/**
 * The questionnaire a participant is shown and saves against: the live questions with their live
 * options, plus the retired options this participant's answers hold (marked), so a held answer reads
 * and may be kept; other retired options are not offered.
 */
export const questionnaireShownWith = (published: PublishedQuestionnaire, answers: readonly Answer[]): Questionnaire => {
  const held = new Map<number, Set<number>>()
  for (const a of answers) held.set(a.questionPairId, new Set([...(held.get(a.questionPairId) ?? []), ...a.optionIds]))
  return {
    version: published.version,
    pairs: published.draft.questions
      .filter((q) => !q.retired)
      .map((q) =>
        pairOf(
          q,
          q.options.filter((o) => !o.retired || held.get(q.questionPairId)?.has(o.id) === true).map((o) => optionOf(o, true)),
        ),
      ),
  }
}

/**
 * The answers a participant saves, checked against what they held before: a retired option they
 * held for that question may be kept; a retired option newly chosen is refused with its question's
 * field ("questionnaire-option-retired"), and nothing is saved.
 */
export const answersKeepingRetiredOptions = (
  published: PublishedQuestionnaire,
  previous: readonly Answer[],
  submitted: readonly Answer[],
): E.Either<readonly QuestionnaireFieldError[], readonly Answer[]> => {
  const retired = retiredOptionIdsOf(published)
  const errors = submitted.flatMap((answer) => {
    const held = new Set(previous.filter((p) => p.questionPairId === answer.questionPairId).flatMap((p) => p.optionIds))
    const retiredHere = retired.get(answer.questionPairId)
    return answer.optionIds
      .filter((id) => retiredHere?.has(id) === true && !held.has(id))
      .map((id) => fieldError(`answers.${answer.questionPairId}`, 'questionnaire-option-retired', { id }))
  })
  return errors.length > 0 ? E.left(errors) : E.right(submitted)
}

/**
 * The answers a participant's save stores: the submitted ones, plus the ones held before to
 * questions the version no longer asks (retired, or unknown to it). The page asks only live
 * questions, so without these an answer the program once asked for would be lost on the next save;
 * kept, it stays in the download and is neither required nor scored.
 */
export const answersKeepingRetiredQuestions = (
  published: PublishedQuestionnaire,
  previous: readonly Answer[],
  submitted: readonly Answer[],
): readonly Answer[] => {
  const live = new Set(published.draft.questions.filter((q) => !q.retired).map((q) => q.questionPairId))
  const given = new Set(submitted.map((a) => a.questionPairId))
  return [...submitted, ...previous.filter((a) => !live.has(a.questionPairId) && !given.has(a.questionPairId))]
}

/** One answer as the data download reads it: the question's and the chosen options' texts in both languages. */
export type AnswerTexts = {
  readonly questionPairId: number
  readonly question: Bilingual
  /** A retired option's text is marked "no longer offered". */
  readonly options: readonly Bilingual[]
  readonly year: number | null
  readonly text: string | null
}

/**
 * The texts of a side's answers under a version (this or an earlier version's answers): the side's
 * question and each chosen option, retired ones marked. Ids the version never had are left out.
 */
export const answerTextsUnder = (published: PublishedQuestionnaire, side: 'Mentee' | 'Mentor', answers: readonly Answer[]): AnswerTexts[] =>
  answers.flatMap((answer) => {
    const question = published.draft.questions.find((q) => q.questionPairId === answer.questionPairId)
    const asked = question === undefined ? null : side === 'Mentee' ? question.mentee : question.mentor
    if (question === undefined || asked === null) return []
    const options = answer.optionIds.flatMap((id) => {
      const option = question.options.find((o) => o.id === id)
      return option === undefined ? [] : [option.retired ? retiredOptionText(option.text) : { ...option.text }]
    })
    return [{ questionPairId: answer.questionPairId, question: { ...asked.text }, options, year: answer.year, text: answer.text }]
  })
