// One exhaustive table from domain errors to HTTP status codes and envelope error codes: adding an
// error to the core's union fails the build here until it gets both.
import { errorMessageOf, type DomainError, type ErrorCode } from '@tandem/core'

type Edge = { readonly status: number; readonly code: ErrorCode }

export const EDGE_OF: { readonly [K in DomainError['_tag']]: Edge } = {
  InvalidTransition: { status: 409, code: 'InvalidTransition' },
  ValidationFailed: { status: 400, code: 'ValidationFailed' },
  NotFound: { status: 404, code: 'NotFound' },
  ProfileIncomplete: { status: 400, code: 'ProfileIncomplete' },
  NotAvailableForMatching: { status: 400, code: 'NotAvailableForMatching' },
  MatchingAlreadyRunning: { status: 409, code: 'MatchingAlreadyRunning' },
  MatchingDisabled: { status: 409, code: 'MatchingDisabled' },
  AllPlacesTaken: { status: 409, code: 'AllPlacesTaken' },
  ProposalExpired: { status: 409, code: 'ProposalExpired' },
  TandemChanged: { status: 409, code: 'TandemChanged' },
  TandemAlreadyClosed: { status: 409, code: 'TandemAlreadyClosed' },
  SameUser: { status: 400, code: 'SameUser' },
  ClusterEnded: { status: 409, code: 'ClusterEnded' },
  ClusterIsDefault: { status: 409, code: 'ClusterIsDefault' },
  ClusterTitleTaken: { status: 409, code: 'ClusterTitleTaken' },
  ExternalIdentityProvider: { status: 409, code: 'ExternalIdentityProvider' },
  WrongRole: { status: 403, code: 'WrongRole' },
  NotTandemParticipant: { status: 403, code: 'NotTandemParticipant' },
  CheckInNotOpen: { status: 409, code: 'CheckInNotOpen' },
  CheckInLinkUsed: { status: 409, code: 'CheckInLinkUsed' },
  CheckInLinkExpired: { status: 410, code: 'CheckInLinkExpired' },
  MeetingNotOver: { status: 409, code: 'MeetingNotOver' },
  MeetingProposalsLimited: { status: 429, code: 'MeetingProposalsLimited' },
  WaitlistLinkUsed: { status: 409, code: 'WaitlistLinkUsed' },
  WaitlistLinkExpired: { status: 410, code: 'WaitlistLinkExpired' },
  AccountDeleted: { status: 401, code: 'AccountDeleted' },
  ConsentsDue: { status: 403, code: 'ConsentsDue' },
}

/** The status of each tag (kept as its own table for callers that only need the code number). */
export const STATUS_OF: { readonly [K in DomainError['_tag']]: number } = Object.fromEntries(
  Object.entries(EDGE_OF).map(([tag, edge]) => [tag, edge.status]),
) as { readonly [K in DomainError['_tag']]: number }

export const statusOf = (error: DomainError): number => EDGE_OF[error._tag].status
export const errorCodeOf = (error: DomainError): ErrorCode => EDGE_OF[error._tag].code
/** The envelope's errorMessage: the text clients read for the error's code (docs/product.md#errors). */
export const messageOf = (error: DomainError): string => errorMessageOf(errorCodeOf(error))
