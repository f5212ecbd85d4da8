// How an Answer reads as a choice set: only option ids the pair defines count, each once, in the
// pair's option order; the first answer given for a pair wins. Reference and packed paths share this.
import type { Answer, QuestionPair } from '../questionnaire/questionnaire.codec.js'

export type AnswersByPair = ReadonlyMap<number, Answer>

/** Indexes answers by question pair; a duplicate answer for a pair is ignored (first wins). */
export const answersByPair = (answers: readonly Answer[]): AnswersByPair => {
  const byPair = new Map<number, Answer>()
  for (const answer of answers) if (!byPair.has(answer.questionPairId)) byPair.set(answer.questionPairId, answer)
  return byPair
}

/** The option ids of `pair` chosen in `answer`, in the pair's option order; unknown ids are dropped. */
export const chosenOptionIds = (pair: QuestionPair, answer: Answer | undefined): readonly number[] => {
  if (answer === undefined || answer.optionIds.length === 0) return []
  // A pair has few options and an answer few ids: a scan beats building a Set per call.
  const chosen = answer.optionIds
  const ids: number[] = []
  for (const option of pair.options) if (chosen.includes(option.id)) ids.push(option.id)
  return ids
}

/** True when one of `optionIds` is the pair's "no preference" option, which fits every answer. */
export const choseNoPreference = (pair: QuestionPair, optionIds: readonly number[]): boolean =>
  pair.options.some((option) => option.noPreference && optionIds.includes(option.id))

/** A year answer, or null when the side gave none. */
export const yearOf = (answer: Answer | undefined): number | null =>
  answer !== undefined && typeof answer.year === 'number' ? answer.year : null
