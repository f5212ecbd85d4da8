// What whole-cohort matching takes and returns. Inputs and results are plain data (no Map, Set or
// class), so they cross a worker_threads boundary or a JSON column unchanged; only the control
// callbacks stay on the side that runs the solver.
import type { Answer, QuestionPair } from '../questionnaire/questionnaire.codec.js'
import type { UserId } from '../shared/ids.js'
import type { Score } from '../tandem/tandem.codec.js'

export type CohortMentee = { readonly id: UserId; readonly answers: readonly Answer[] }
/** A mentor and how many mentees they take in this cohort (default 1), live tandems included. */
export type CohortMentor = { readonly id: UserId; readonly answers: readonly Answer[]; readonly capacity?: number }
export type CohortPair = { readonly menteeId: UserId; readonly mentorId: UserId }

/**
 * maxMatched: the most mentees matched, then the highest total score (lexicographic).
 * maxScore: the highest total score, even if someone stays unmatched for it.
 */
export type CohortObjective = 'maxMatched' | 'maxScore'

export type CohortInput = {
  readonly questionnaire: { readonly pairs: readonly QuestionPair[] }
  readonly mentees: readonly CohortMentee[]
  readonly mentors: readonly CohortMentor[]
  /** Minimum percentage (inclusive), as in a participant run. */
  readonly threshold: number
  readonly objective: CohortObjective
  /** Pairs never to propose again (either side declined). */
  readonly declined?: readonly CohortPair[]
  /** Tandems already live: the mentee is not in the cohort, the mentor has one place less. */
  readonly live?: readonly CohortPair[]
}

export type CohortPhase = 'scoring' | 'solving' | 'verifying' | 'reporting'
export type CohortProgress = { readonly phase: CohortPhase; readonly fraction: number }

/** Callbacks of the side that runs the solver (a worker thread): never part of the data. */
export type CohortControl = {
  readonly onProgress?: (progress: CohortProgress) => void
  /** Asked now and then; true stops the run with `Cancelled`. */
  readonly shouldCancel?: () => boolean
}

export type CohortError =
  | { readonly _tag: 'Cancelled'; readonly phase: CohortPhase }
  | { readonly _tag: 'InvalidCohortInput'; readonly field: string; readonly reason: string }

export type CohortAssignment = { readonly menteeId: UserId; readonly mentorId: UserId; readonly score: Score }

/**
 * No candidate at all: MustFitKnocksEveryMentorOut when a must-fit pair knocks out every mentor with
 * a free place the mentee may be paired with (not declined, not themselves; at least one such
 * mentor); NoMentorAboveThreshold otherwise (one passes every must-fit pair but stays below the
 * threshold, or there is no such mentor at all). TakenByBetterAssignment: candidates exist, but the
 * optimum gives them to others.
 */
export type UnmatchedReason = 'MustFitKnocksEveryMentorOut' | 'NoMentorAboveThreshold' | 'TakenByBetterAssignment'
export type CohortUnmatched = { readonly menteeId: UserId; readonly reason: UnmatchedReason; readonly candidates: number }

export type CohortTotals = {
  readonly mentees: number
  readonly matched: number
  readonly unmatched: number
  /** Mentees left out because they are in a live tandem already. */
  readonly alreadyLive: number
  /** Places left with the mentors after live tandems. */
  readonly places: number
  readonly totalScore: number
  readonly meanPercentage: number
}

/**
 * Dual prices proving optimality of the linear program
 *   max Σ (scale·base + bonus)·x  s.t.  each mentee ≤ 1, mentor j ≤ places_j, x ≥ 0
 * over every candidate pair (not knocked out, at or above the threshold, not declined, not the same
 * person, mentor with a place). A checker verifies: prices ≥ 0; price(mentee) + price(mentor) ≥
 * weight for every candidate pair, with equality on assigned pairs; a positive mentee price only
 * for matched mentees, a positive mentor price only for full mentors; Σ weights = Σ prices·places.
 * With maxMatched the bonus exceeds places·max weight, so the optimum is also lexicographic.
 */
export type CohortCertificate = {
  /** Scores are whole after multiplying by this (a power of ten; 1 for whole weights). */
  readonly scale: number
  /** Added to every pair's scaled score: 0 for maxScore. */
  readonly bonus: number
  /** Per input mentee (same order); 0 for mentees in a live tandem. */
  readonly menteePrices: readonly number[]
  /** Per input mentor (same order). */
  readonly mentorPrices: readonly number[]
  readonly primal: number
  readonly dual: number
}

export type CohortResult = {
  readonly objective: CohortObjective
  readonly pairs: readonly CohortAssignment[]
  readonly unmatched: readonly CohortUnmatched[]
  readonly alreadyLive: readonly UserId[]
  readonly totals: CohortTotals
  readonly certificate: CohortCertificate
  /** How the solver got there: for benchmarks and curiosity, not for decisions. */
  readonly stats: CohortStats
}

export type CohortStats = {
  /** Candidate pairs in the whole cohort. */
  readonly candidatePairs: number
  /** Pairs the solver worked on (the best per mentee, plus those its rows were widened by). */
  readonly keptPairs: number
  /** Solver runs: always 1 now (rows are widened during the run instead of in later rounds). */
  readonly rounds: number
  /** Rows widened over every mentor while solving (from the scores kept from the first scoring, or scored again). */
  readonly rescoredMentees: number
  /** Rows widened from the pairs kept aside for them, without scoring the mentee again. */
  readonly reserveWidenings: number
  readonly augmentations: number
}
