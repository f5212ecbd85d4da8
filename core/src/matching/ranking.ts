// rankMentors: the matching run's entry point for an in-memory population. Packs the candidates
// and ranks them on the fast path; callers that rank one pool repeatedly keep the pool themselves.
import type { QuestionPair } from '../questionnaire/questionnaire.codec.js'
import { packMentorPool } from './mentor-pool.packed.js'
import { compileQuestionnaire } from './questionnaire.compiled.js'
import { rankPool } from './ranking.packed.js'
import type { MatchCandidate, MatchMentee, MatchingOptions, RankedMentor } from './ranking.types.js'

/**
 * The best mentors for a mentee, at most `limit`, best first. The caller passes only eligible
 * mentors (AVAILABLE, published, matching enabled); this excludes the mentee and `exclude`, drops
 * knocked-out mentors and those below `threshold`.
 */
export const rankMentors = (
  questionnaire: { readonly pairs: readonly QuestionPair[] },
  mentee: MatchMentee,
  candidates: readonly MatchCandidate[],
  options: MatchingOptions,
): readonly RankedMentor[] => {
  const compiled = compileQuestionnaire(questionnaire)
  return rankPool(compiled, packMentorPool(compiled, candidates), mentee, options)
}
