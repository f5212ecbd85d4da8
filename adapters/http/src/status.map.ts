// One exhaustive table from domain errors to HTTP status codes and envelope messages: adding an
// error to the core's union fails the build here until it gets its code.
import type { DomainError } from '@tandem/core'

export const STATUS_OF: { readonly [K in DomainError['_tag']]: number } = {
  InvalidTransition: 409,
  ValidationFailed: 400,
  NotFound: 404,
  ProfileIncomplete: 400,
  NotAvailableForMatching: 400,
  MatchingAlreadyRunning: 409,
  MatchingDisabled: 409,
  ProposalExpired: 409,
  TandemChanged: 409,
  TandemAlreadyClosed: 409,
  SameUser: 400,
  ClusterEnded: 409,
  ClusterIsDefault: 409,
  ClusterTitleTaken: 409,
  ExternalIdentityProvider: 409,
  WrongRole: 403,
}

/** The envelope's errorMessage: the tag, except where SPEC §8 names the message the browser reads. */
const MESSAGE_OF: { readonly [K in DomainError['_tag']]?: string } = {
  ProfileIncomplete: 'InCompleteProfile',
  NotAvailableForMatching: 'User not available for matching',
  SameUser: 'admin-mentor-only-differnt-user-error',
  ExternalIdentityProvider: 'synchronize-external-provider-message',
}

export const messageOf = (error: DomainError): string => MESSAGE_OF[error._tag] ?? error._tag
export const statusOf = (error: DomainError): number => STATUS_OF[error._tag]
