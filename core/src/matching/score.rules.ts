// The five scoring rules of docs/product.md#scoring, one question pair and one mentee–mentor pair at a
// time, written for clarity: this is the definition the packed fast path is checked against.
import type { Answer, QuestionPair } from '../questionnaire/questionnaire.codec.js'
import { hasAnswered } from '../questionnaire/questionnaire.unanswered.js'
import type { QuestionScore, Score } from '../tandem/tandem.codec.js'
import { answersByPair, choseNoPreference, chosenOptionIds, yearOf } from './answer.sets.js'

export type PairScore = QuestionScore & { readonly knockedOut: boolean }

const pairScore = (
  pair: QuestionPair,
  points: number,
  max: number,
  common: readonly number[],
  fits: boolean,
  years?: QuestionScore['years'],
): PairScore => {
  // Two literal shapes instead of a spread: this runs once per question for every reported pair.
  const knockedOut = pair.mustFit && !fits
  const { questionPairId } = pair
  return years === undefined
    ? { questionPairId, points, max, common: [...common], knockedOut }
    : { questionPairId, points, max, common: [...common], years, knockedOut }
}

const scoreYears = (pair: QuestionPair, mentee: Answer | undefined, mentor: Answer | undefined): PairScore => {
  const menteeYear = yearOf(mentee)
  const mentorYear = yearOf(mentor)
  // The mentor must be at least minYearsAhead years further along (an earlier start year).
  const fits = menteeYear !== null && mentorYear !== null && menteeYear - mentorYear >= pair.minYearsAhead
  const years = menteeYear !== null && mentorYear !== null ? { mentee: menteeYear, mentor: mentorYear } : undefined
  return pairScore(pair, fits ? pair.weight : 0, pair.weight, [], fits, years)
}

const scoreChoices = (pair: QuestionPair, mentee: Answer | undefined, mentor: Answer | undefined): PairScore => {
  const menteeIds = chosenOptionIds(pair, mentee)
  const mentorIds = chosenOptionIds(pair, mentor)
  const menteeNoPreference = choseNoPreference(pair, menteeIds)
  const mentorNoPreference = choseNoPreference(pair, mentorIds)
  const anyNoPreference = menteeNoPreference || mentorNoPreference
  const shared = menteeIds.filter((id) => mentorIds.includes(id))
  // With no preference on one side, everything the other side chose is common ground.
  const common = menteeNoPreference ? mentorIds : mentorNoPreference ? menteeIds : shared
  switch (pair.rule) {
    case 'SingleFit': {
      const same = menteeIds.length > 0 && menteeIds.length === mentorIds.length && shared.length === menteeIds.length
      const fits = anyNoPreference || same
      return pairScore(pair, fits ? pair.weight : 0, pair.weight, common, fits)
    }
    case 'MultipleFit': {
      const fits = anyNoPreference || shared.length > 0
      return pairScore(pair, fits ? pair.weight : 0, pair.weight, common, fits)
    }
    default: {
      const max = pair.weight * menteeIds.length
      const points = anyNoPreference ? max : pair.weight * shared.length
      return pairScore(pair, points, max, common, anyNoPreference || shared.length > 0)
    }
  }
}

/** Points, maximum and common options of one question pair; `knockedOut` when a must-fit pair does not fit. */
export const scorePair = (pair: QuestionPair, mentee: Answer | undefined, mentor: Answer | undefined): PairScore => {
  switch (pair.rule) {
    case 'MentorOnly':
      return pairScore(pair, 0, 0, [], true)
    case 'YearsFit':
      return scoreYears(pair, mentee, mentor)
    case 'SingleFit':
    case 'MultipleFit':
    case 'MultipleMatchesFit':
      return scoreChoices(pair, mentee, mentor)
  }
}

/** round(100·base/max), 0 when nothing could be scored. */
export const percentageOf = (base: number, max: number): number => (max === 0 ? 0 : Math.round((100 * base) / max))

/**
 * The score of one mentor for one mentee, or null when a must-fit pair does not fit. A question one
 * side has not answered yet is left out of the pair's base, maximum and breakdown and knocks nobody
 * out (docs/matching.md, "Unanswered questions"): adding a question changes nobody's percentage until
 * both have answered it.
 */
export const scoreMentor = (
  questionnaire: { readonly pairs: readonly QuestionPair[] },
  menteeAnswers: readonly Answer[],
  mentorAnswers: readonly Answer[],
): Score | null => {
  const mentee = answersByPair(menteeAnswers)
  const mentor = answersByPair(mentorAnswers)
  let base = 0
  let max = 0
  const breakdown: QuestionScore[] = []
  for (const pair of questionnaire.pairs) {
    const menteeAnswer = mentee.get(pair.questionPairId)
    const mentorAnswer = mentor.get(pair.questionPairId)
    if (!(hasAnswered(pair, menteeAnswer) && hasAnswered(pair, mentorAnswer))) continue
    const scored = scorePair(pair, menteeAnswer, mentorAnswer)
    if (scored.knockedOut) return null
    base += scored.points
    max += scored.max
    if (pair.rule !== 'MentorOnly') {
      // Built field by field: an object rest (`{ knockedOut, ...score }`) copies through a slow generic path.
      const { questionPairId, points, common, years } = scored
      breakdown.push(
        years === undefined
          ? { questionPairId, points, max: scored.max, common }
          : { questionPairId, points, max: scored.max, common, years },
      )
    }
  }
  return { base, max, percentage: percentageOf(base, max), breakdown }
}
