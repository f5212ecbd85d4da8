// What a matching run ranks and returns, the proposal order of docs/product.md#ranking and the default
// run options. Shared by the reference ranking and the packed fast path.
import type { Answer } from '../questionnaire/questionnaire.codec.js'
import type { UserId } from '../shared/ids.js'
import type { Instant } from '../shared/time.js'
import type { Score } from '../tandem/tandem.codec.js'

/** A mentor the caller found eligible: AVAILABLE, published, matching enabled. */
export type MatchCandidate = { readonly id: UserId; readonly answers: readonly Answer[]; readonly poolSince: Instant | null }
export type MatchMentee = { readonly id: UserId; readonly answers: readonly Answer[] }
export type RankedMentor = { readonly mentorId: UserId; readonly score: Score }

export type MatchingOptions = {
  /** Minimum percentage (inclusive) a mentor needs to be proposed. */
  readonly threshold: number
  /** How many proposals one run makes at most. */
  readonly limit: number
  /** Mentors never to propose, e.g. the pairs this mentee or mentor declined before. */
  readonly exclude?: ReadonlySet<UserId>
}

/** Top 3 per run (docs/product.md#ranking); below 30 % a pair has too little in common to be worth a proposal. */
export const DEFAULT_MATCHING_OPTIONS: MatchingOptions = { threshold: 30, limit: 3 }

/** The limit as a count of proposals: fractional limits round down, nonsense means none. */
export const proposalCount = (limit: number): number =>
  limit === Number.POSITIVE_INFINITY ? Number.MAX_SAFE_INTEGER : Number.isFinite(limit) ? Math.max(0, Math.floor(limit)) : 0

/**
 * Negative when mentor a ranks before mentor b: percentage desc, base desc, longest in the pool
 * first (a mentor with no pool date last), then id asc.
 */
export const compareRank = (
  a: { readonly percentage: number; readonly base: number; readonly poolSince: Instant | null; readonly id: UserId },
  b: { readonly percentage: number; readonly base: number; readonly poolSince: Instant | null; readonly id: UserId },
): number => {
  if (a.percentage !== b.percentage) return b.percentage - a.percentage
  if (a.base !== b.base) return b.base - a.base
  if (a.poolSince !== b.poolSince) {
    if (a.poolSince === null) return 1
    if (b.poolSince === null) return -1
    return a.poolSince - b.poolSince
  }
  return a.id - b.id
}
