// Scoring after the questionnaire changed (docs/matching.md): a question one side has not answered
// yet is left out of that pair's base and maximum, and a retired option (absent from the version's
// scored questionnaire) scores nothing, so adding a question changes nobody's percentage until answered.
import type { Answer, QuestionPair } from './questionnaire.codec.js'

type Pairs = { readonly pairs: readonly QuestionPair[] }

/** The first answer per pair counts, as in the scoring rules (answersByPair). */
const firstAnswers = (answers: readonly Answer[]): ReadonlyMap<number, Answer> => {
  const byPair = new Map<number, Answer>()
  for (const answer of answers) if (!byPair.has(answer.questionPairId)) byPair.set(answer.questionPairId, answer)
  return byPair
}

/**
 * Whether a side has answered a pair in a way the pair can score: a year for YearsFit, one of the
 * pair's (live) options for the choice rules. An answer holding only retired options is unanswered.
 */
export const hasAnswered = (pair: QuestionPair, answer: Answer | undefined): boolean => {
  if (answer === undefined) return false
  switch (pair.rule) {
    case 'MentorOnly':
      return true
    case 'YearsFit':
      // NaN is no year (the packed pool stores a missing year as NaN).
      return typeof answer.year === 'number' && !Number.isNaN(answer.year)
    case 'SingleFit':
    case 'MultipleFit':
    case 'MultipleMatchesFit':
      return answer.optionIds.some((id) => pair.options.some((option) => option.id === id))
  }
}

/** The pairs both sides have answered (MentorOnly pairs, which score nothing, are kept as they are). */
export const pairsAnsweredByBoth = (questionnaire: Pairs, menteeAnswers: readonly Answer[], mentorAnswers: readonly Answer[]): Pairs => {
  const mentee = firstAnswers(menteeAnswers)
  const mentor = firstAnswers(mentorAnswers)
  return {
    pairs: questionnaire.pairs.filter(
      (pair) =>
        pair.rule === 'MentorOnly' ||
        (hasAnswered(pair, mentee.get(pair.questionPairId)) && hasAnswered(pair, mentor.get(pair.questionPairId))),
    ),
  }
}

/**
 * Wraps a scoring function so that it scores only the pairs both sides answered. Matching's
 * `scoreMentor` applies the rule itself (so wrapping it changes nothing); with every question answered
 * it is the wrapped function. The questionnaire passed must be the version's scored questionnaire
 * (`scoredQuestionnaireOf`), which leaves retired options out.
 */
export const leaveOutUnanswered =
  <R>(score: (questionnaire: Pairs, menteeAnswers: readonly Answer[], mentorAnswers: readonly Answer[]) => R) =>
  (questionnaire: Pairs, menteeAnswers: readonly Answer[], mentorAnswers: readonly Answer[]): R =>
    score(pairsAnsweredByBoth(questionnaire, menteeAnswers, mentorAnswers), menteeAnswers, mentorAnswers)
