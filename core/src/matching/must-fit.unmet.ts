// Which must-fit answers of a mentee no mentor of the pool fits (docs/matching.md#no-match): the
// no-match panel names them, so the mentee knows what to change or what to wait for. The knock-out
// is the scoring rules' own (scorePair), so this can never disagree with a run.
import type { Answer, QuestionPair } from '../questionnaire/questionnaire.codec.js'
import { hasAnswered } from '../questionnaire/questionnaire.unanswered.js'
import { answersByPair, chosenOptionIds } from './answer.sets.js'
import { scorePair } from './score.rules.js'

/** A must-fit pair that knocks out every mentor of the pool: the mentee's chosen options (a year question: none, `year` set). */
export type UnmetMustFit = { readonly questionPairId: number; readonly optionIds: readonly number[]; readonly year: number | null }

/**
 * The must-fit pairs the mentee has answered that knock out every mentor of `pool`, in questionnaire
 * order. A mentor who has not answered a pair is not knocked out by it (docs/matching.md,
 * "Unanswered questions"), so it offers the answer as far as this is concerned. An empty pool gives
 * none: there nobody is missing an answer, there is nobody (the panel says the pool is empty apart).
 */
export const unmetMustFitsOf = (
  questionnaire: { readonly pairs: readonly QuestionPair[] },
  menteeAnswers: readonly Answer[],
  pool: readonly (readonly Answer[])[],
): readonly UnmetMustFit[] => {
  if (pool.length === 0) return []
  const mentee = answersByPair(menteeAnswers)
  const mentors = pool.map((answers) => answersByPair(answers))
  const unmet: UnmetMustFit[] = []
  for (const pair of questionnaire.pairs) {
    if (!pair.mustFit || pair.mentee === null) continue
    const answer = mentee.get(pair.questionPairId)
    if (!hasAnswered(pair, answer)) continue
    const knocksOutEveryone = mentors.every((m) => {
      const mentorAnswer = m.get(pair.questionPairId)
      return hasAnswered(pair, mentorAnswer) && scorePair(pair, answer, mentorAnswer).knockedOut
    })
    if (knocksOutEveryone)
      unmet.push({
        questionPairId: pair.questionPairId,
        optionIds: pair.rule === 'YearsFit' ? [] : chosenOptionIds(pair, answer),
        year: pair.rule === 'YearsFit' ? (answer?.year ?? null) : null,
      })
  }
  return unmet
}
