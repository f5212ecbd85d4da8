// The straightforward ranking: score every candidate with the rule functions, sort, take the top.
// Kept as the definition the packed path must agree with, and as the benchmark's baseline.
import type { QuestionPair } from '../questionnaire/questionnaire.codec.js'
import type { Score } from '../tandem/tandem.codec.js'
import type { UserId } from '../shared/ids.js'
import { scoreMentor } from './score.rules.js'
import {
  compareRank,
  proposalCount,
  type MatchCandidate,
  type MatchMentee,
  type MatchingOptions,
  type RankedMentor,
} from './ranking.types.js'

export const rankMentorsReference = (
  questionnaire: { readonly pairs: readonly QuestionPair[] },
  mentee: MatchMentee,
  candidates: readonly MatchCandidate[],
  options: MatchingOptions,
): readonly RankedMentor[] => {
  const scored: { id: UserId; poolSince: number | null; percentage: number; base: number; score: Score }[] = []
  for (const candidate of candidates) {
    if (candidate.id === mentee.id || options.exclude?.has(candidate.id) === true) continue
    const score = scoreMentor(questionnaire, mentee.answers, candidate.answers)
    if (score === null || !(score.percentage >= options.threshold)) continue
    scored.push({ id: candidate.id, poolSince: candidate.poolSince, percentage: score.percentage, base: score.base, score })
  }
  // Array.prototype.sort is stable, so equal candidates keep their input order.
  scored.sort(compareRank)
  return scored.slice(0, proposalCount(options.limit)).map(({ id, score }) => ({ mentorId: id, score }))
}
