// Participant matching-team calls (docs/product.md#entities: participant proposal, decline reason,
// accept/decline payload; docs/product.md#calls: Matching team): proposals, remaining time, accept, decline, start matching.
import * as t from 'io-ts'
import { ProposalState, QuestionScore, TandemState } from '../tandem/tandem.codec.js'
import { Side } from '../users/role.js'
import { ProposalId, TandemId } from '../shared/ids.js'
import { EmailAddress, FiniteNumber, Id, IsoDateTime, NonNegativeInt, nullable } from './wire.codec.js'

export const ProposalSaveModel = t.exact(
  t.intersection([
    t.type({ proposalId: ProposalId, proposalState: ProposalState }),
    /** Declines only: the comment (≤ 1000), the reason text shown back, and the reason id (required). */
    t.partial({ comment: nullable(t.string), declineDropReason: nullable(t.string), declineReasonId: nullable(Id) }),
  ]),
  'ProposalSaveModel',
)
export type ProposalSaveModel = t.TypeOf<typeof ProposalSaveModel>

export const TandemSaveModel = t.strict({ matchingTandemId: TandemId, tandemState: TandemState }, 'TandemSaveModel')
export type TandemSaveModel = t.TypeOf<typeof TandemSaveModel>

/** AcceptProposal / DeclineProposal body (participant). */
export const AcceptDeclinePayload = t.strict(
  {
    email: EmailAddress,
    role: Side,
    pairedUserEmail: EmailAddress,
    proposalSaveModel: ProposalSaveModel,
    matchingTandemSaveModel: TandemSaveModel,
  },
  'AcceptDeclinePayload',
)
export type AcceptDeclinePayload = t.TypeOf<typeof AcceptDeclinePayload>

/** GetProposals body. */
export const GetProposalsRequest = t.strict({ email: EmailAddress }, 'GetProposalsRequest')
export type GetProposalsRequest = t.TypeOf<typeof GetProposalsRequest>

/** CreateMatchingTandem (start matching) body. */
export const StartMatchingRequest = t.strict({ menteeEmail: EmailAddress }, 'StartMatchingRequest')
export type StartMatchingRequest = t.TypeOf<typeof StartMatchingRequest>

export const ParticipantProposal = t.type(
  {
    proposalId: ProposalId,
    pairedProposalId: ProposalId,
    matchingTandemId: TandemId,
    proposalState: ProposalState,
    tandemState: TandemState,
    tandemDate: IsoDateTime,
    /** The other side's e-mail, only once matched (docs/product.md#permissions); null before. */
    email: nullable(t.string),
    firstName: t.string,
    lastName: t.string,
    profileImage: nullable(t.string),
    baseMatchRuleScore: FiniteNumber,
    maxScore: FiniteNumber,
    percentage: FiniteNumber,
    /** What the two have in common, per question pair (docs/product.md#scoring). */
    breakdown: t.array(QuestionScore),
  },
  'ParticipantProposal',
)
export type ParticipantProposal = t.TypeOf<typeof ParticipantProposal>

export const RemainingTime = t.type(
  {
    tandemId: Id,
    remainingHours: NonNegativeInt,
    remainingMinutes: NonNegativeInt,
    tandemValidUntil: IsoDateTime,
  },
  'RemainingTime',
)
export type RemainingTime = t.TypeOf<typeof RemainingTime>

export const ProposalRemainingTime = t.type(
  {
    menteeRemainingTime: t.array(RemainingTime),
    mentorRemainingTime: t.array(RemainingTime),
  },
  'ProposalRemainingTime',
)
export type ProposalRemainingTime = t.TypeOf<typeof ProposalRemainingTime>

/** GetProposals value. */
export const ProposalsResponse = t.type(
  {
    menteeProposal: t.array(ParticipantProposal),
    mentorProposal: t.array(ParticipantProposal),
    proposalRemainingTime: ProposalRemainingTime,
  },
  'ProposalsResponse',
)
export type ProposalsResponse = t.TypeOf<typeof ProposalsResponse>

/** GetDeclineReason value item, in the requested language and for the caller's side. */
export const DeclineReasonItem = t.type({ id: Id, declineReasonText: t.string }, 'DeclineReasonItem')
export type DeclineReasonItem = t.TypeOf<typeof DeclineReasonItem>
