// Scoring and matching (docs/product.md#scoring): the rules, the reference ranking, and the packed fast
// path that the matching run uses.
export { scorePair, scoreMentor, percentageOf, type PairScore } from './score.rules.js'
export { commonGround } from './common-ground.js'
export { unmetMustFitsOf, type UnmetMustFit } from './must-fit.unmet.js'
export { answersByPair, chosenOptionIds, choseNoPreference, yearOf, type AnswersByPair } from './answer.sets.js'
export {
  DEFAULT_MATCHING_OPTIONS,
  compareRank,
  proposalCount,
  type MatchCandidate,
  type MatchMentee,
  type MatchingOptions,
  type RankedMentor,
} from './ranking.types.js'
export { rankMentorsReference } from './ranking.reference.js'
export {
  compileQuestionnaire,
  maskOf,
  MAX_OPTIONS_PER_PAIR,
  RULE_CODE,
  type CompiledPair,
  type CompiledQuestionnaire,
  type RuleCode,
} from './questionnaire.compiled.js'
export { packMentorPool, unpackMentorAnswers, type MentorPool } from './mentor-pool.packed.js'
export { poolRanker, rankPool, type PoolRanker } from './ranking.packed.js'
export { rankMentors } from './ranking.js'
export { assignCohort } from './cohort.js'
export { simulateFirstComeFirstServed, type FirstComeInput, type FirstComeOutcome, type FirstComeResult } from './first-come.simulation.js'
export {
  compareWaiting,
  endedTeamOf,
  freePlacesOf,
  menteeWorldsOf,
  mentorsWithOpenedPlaces,
  waitlistRoundReasons,
  placesOpened,
  stopLinkRefusal,
  waitingSinceOf,
  waitlistCandidates,
  waitlistExcludedMentorsOf,
  waitlistOf,
  WAITLIST_STOP_LINK_VALID,
  type WaitlistEntry,
  type WaitlistStopLink,
} from './waitlist.js'
export type {
  CohortAssignment,
  CohortCertificate,
  CohortControl,
  CohortError,
  CohortInput,
  CohortMentee,
  CohortMentor,
  CohortObjective,
  CohortPair,
  CohortPhase,
  CohortProgress,
  CohortResult,
  CohortStats,
  CohortTotals,
  CohortUnmatched,
  UnmatchedReason,
} from './cohort.types.js'
export {
  COHORT_RUN,
  COHORT_RUN_EVENTS,
  COHORT_RUN_MOVES,
  COHORT_RUN_START,
  COHORT_RUN_STATES,
  CohortRunState,
  cohortRunMove,
  cohortRunMoveOf,
  isFinalCohortRunState,
  moveCohortRun,
  type CohortRunEvent,
} from './cohort-run.moves.js'
export { publishCohortPairs, type CohortPairOutcome, type CohortPublishPair, type CohortPublished } from './cohort.publish.js'
export {
  impactPreview,
  MOVED_QUESTIONS_MAX,
  type ImpactFigures,
  type ImpactPreview,
  type ImpactPreviewError,
  type MovedQuestion,
  type PreviewPopulation,
  type PreviewVersion,
} from './impact-preview.js'
export { movePreview, PREVIEW, PreviewState, previewMoveOf, PREVIEWS_KEPT, type PreviewEvent } from './impact-preview.moves.js'
