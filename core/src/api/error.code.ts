// The typed error code every failed envelope carries next to its message (the envelope of docs/product.md#calls, plus
// `errorCode`): the DomainError tags and the few refusals the HTTP edge makes itself. Clients branch
// on the code; `errorMessage` keeps the texts older clients read (docs/product.md#errors).
import * as t from 'io-ts'
import type { DomainErrorTag } from '../errors.js'

const DOMAIN_CODES = {
  InvalidTransition: null,
  ValidationFailed: null,
  NotFound: null,
  ProfileIncomplete: null,
  NotAvailableForMatching: null,
  MatchingAlreadyRunning: null,
  MatchingDisabled: null,
  AllPlacesTaken: null,
  ProposalExpired: null,
  TandemChanged: null,
  TandemAlreadyClosed: null,
  SameUser: null,
  ClusterEnded: null,
  ClusterIsDefault: null,
  ClusterTitleTaken: null,
  WrongRole: null,
  NotTandemParticipant: null,
  CheckInNotOpen: null,
  CheckInLinkUsed: null,
  CheckInLinkExpired: null,
  MeetingNotOver: null,
  MeetingProposalsLimited: null,
  WaitlistLinkUsed: null,
  WaitlistLinkExpired: null,
  ExternalIdentityProvider: null,
  AccountDeleted: null,
  ConsentsDue: null,
} as const satisfies { readonly [K in DomainErrorTag]: null }

/** Refusals decided by the HTTP edge before or around the domain. */
const EDGE_CODES = {
  Unauthorized: null,
  Forbidden: null,
  TooManyRequests: null,
  PayloadTooLarge: null,
  UnsupportedMediaType: null,
  InvalidProfileImage: null,
  Unexpected: null,
} as const

export const ErrorCode = t.keyof({ ...DOMAIN_CODES, ...EDGE_CODES }, 'ErrorCode')
export type ErrorCode = t.TypeOf<typeof ErrorCode>

export const ERROR_CODES: readonly ErrorCode[] = Object.keys(ErrorCode.keys) as ErrorCode[]

/**
 * The `errorMessage` of each code: the code itself, except where docs/product.md#errors names the text the
 * browser has always read. Kept for existing clients; new code reads `errorCode`.
 */
const LEGACY_MESSAGE: { readonly [K in ErrorCode]?: string } = {
  ProfileIncomplete: 'InCompleteProfile',
  NotAvailableForMatching: 'User not available for matching',
  SameUser: 'admin-mentor-only-differnt-user-error',
  ExternalIdentityProvider: 'synchronize-external-provider-message',
  InvalidProfileImage: 'invalid-profile-image',
  Unexpected: 'unexpected-error',
}

export const errorMessageOf = (code: ErrorCode): string => LEGACY_MESSAGE[code] ?? code
