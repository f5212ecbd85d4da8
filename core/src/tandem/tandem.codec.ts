// Matching teams (tandems) and their two proposals (docs/product.md#tandem).
import * as t from 'io-ts'
import { ClusterId, ProposalId, TandemId, UserId } from '../shared/ids.js'
import { Instant } from '../shared/time.js'
import { TandemState } from '../shared/tandem-state.js'
import { TandemEnding } from './ending.codec.js'

export { TandemState, TANDEM_STATES } from '../shared/tandem-state.js'
export const TERMINAL_TANDEM_STATES: readonly TandemState[] = ['DECLINED', 'CLOSED', 'NOREACTION']
/** A tandem that still binds its mentor (capacity one) and, once accepted, its mentee. */
export const LIVE_TANDEM_STATES: readonly TandemState[] = ['ACTIVE', 'MATCHED']

/** MATCHED stays in the enumeration for compatibility; on a match both proposals stay ACCEPTED. */
export const ProposalState = t.keyof({ PROPOSED: null, ACCEPTED: null, DECLINED: null, MATCHED: null, CLOSED: null })
export type ProposalState = t.TypeOf<typeof ProposalState>
export const PROPOSAL_STATES: readonly ProposalState[] = ['PROPOSED', 'ACCEPTED', 'DECLINED', 'MATCHED', 'CLOSED']

export const TANDEM_BADGE: Readonly<Record<TandemState, 'warning' | 'success' | 'error' | 'info'>> = {
  ACTIVE: 'warning',
  MATCHED: 'success',
  DECLINED: 'error',
  CLOSED: 'info',
  NOREACTION: 'info',
}

export const Proposal = t.type({
  id: ProposalId,
  state: ProposalState,
  /** Until when this side may answer; null while it is not this side's turn. */
  deadline: t.union([Instant, t.null]),
  decidedAt: t.union([Instant, t.null]),
  declineReasonId: t.union([t.number, t.null]),
  comment: t.union([t.string, t.null]),
  /** A mentor declining may leave an information text for the mentee. */
  infoText: t.union([t.string, t.null]),
})
export type Proposal = t.TypeOf<typeof Proposal>

/** Points of one question pair: what the two have in common, shown on proposal cards. */
export const QuestionScore = t.intersection([
  t.type({
    questionPairId: t.number,
    points: t.number,
    max: t.number,
    common: t.array(t.number),
  }),
  /** The two years a YearsFit pair compared, when both sides answered (scores stored before have none). */
  t.partial({ years: t.type({ mentee: t.number, mentor: t.number }) }),
])
export type QuestionScore = t.TypeOf<typeof QuestionScore>

export const Score = t.type({
  base: t.number,
  max: t.number,
  percentage: t.number,
  breakdown: t.array(QuestionScore),
})
export type Score = t.TypeOf<typeof Score>

/** The score of a manually created tandem: below 1, shown as 'Manual Matching'. */
export const MANUAL_SCORE: Score = { base: 0, max: 0, percentage: 0, breakdown: [] }

export const Tandem = t.intersection([
  t.type({
    id: TandemId,
    version: t.number,
    state: TandemState,
    menteeId: UserId,
    mentorId: UserId,
    clusterId: t.union([ClusterId, t.null]),
    createdAt: Instant,
    manual: t.boolean,
    score: Score,
    /** The mentor shown to the mentee. */
    menteeProposal: Proposal,
    /** The mentee shown to the mentor, visible to the mentor once the mentee has accepted. */
    mentorProposal: Proposal,
  }),
  /** Set when a participant or an administrator ended the MATCHED team (docs/mentorship.md#ending-a-team). */
  t.partial({ ending: TandemEnding }),
])
export type Tandem = t.TypeOf<typeof Tandem>
