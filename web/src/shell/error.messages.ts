// What a failed call says to the person: the envelope's typed error code mapped to a translation
// key through one exhaustive table (a new code fails the type check here), never by message text.
import type { ErrorCode } from '@tandem/core'
import type en from '../i18n/en.json'
import { apiErrorOf } from '../state/api.js'

/** The dotted paths of a translation bundle's texts. */
export type KeyOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeyOf<T[K], `${Prefix}${K}.`>
}[keyof T & string]

export type TranslationKey = KeyOf<typeof en>

export const ERROR_MESSAGE: Readonly<Record<ErrorCode, TranslationKey>> = {
  InvalidTransition: 'messages.state-changed-refresh',
  ValidationFailed: 'messages.profileMissingFieldsError',
  NotFound: 'messages.not-found',
  ProfileIncomplete: 'questionnaire.profileDataIncomplete',
  NotAvailableForMatching: 'dashboard.couldNotStartMatching',
  MatchingAlreadyRunning: 'dashboard.matchingAlreadyRunning',
  MatchingDisabled: 'messages.matching-disabled',
  AllPlacesTaken: 'messages.all-places-taken',
  ProposalExpired: 'dashboard.notice.proposalExpired.text',
  TandemChanged: 'dashboard.notice.tandemChanged.text',
  TandemAlreadyClosed: 'dashboard.notice.timerExpired.text',
  SameUser: 'messages.admin-mentor-only-differnt-user-error',
  ClusterEnded: 'messages.program-year-ended',
  ClusterIsDefault: 'messages.program-year-is-default',
  ClusterTitleTaken: 'messages.program-year-title-taken',
  WrongRole: 'messages.wrong-role',
  NotTandemParticipant: 'messages.not-tandem-participant',
  CheckInNotOpen: 'messages.check-in-not-open',
  CheckInLinkUsed: 'messages.check-in-link-used',
  CheckInLinkExpired: 'messages.check-in-link-expired',
  MeetingNotOver: 'messages.meeting-not-over',
  MeetingProposalsLimited: 'messages.meeting-proposals-limited',
  WaitlistLinkUsed: 'messages.waitlist-link-used',
  WaitlistLinkExpired: 'messages.waitlist-link-expired',
  ExternalIdentityProvider: 'messages.external-identity-provider',
  AccountDeleted: 'accountDeleted.text',
  ConsentsDue: 'messages.consents-due',
  Unauthorized: 'messages.session-ended',
  Forbidden: 'messages.forbidden',
  TooManyRequests: 'messages.too-many-requests',
  PayloadTooLarge: 'messages.payload-too-large',
  UnsupportedMediaType: 'messages.UnsupportedMediaType',
  InvalidProfileImage: 'messages.invalid-profile-image',
  Unexpected: 'messages.unexpected-error',
}

/**
 * A screen whose docs/product.md#errors message for a code differs from the table's (start matching, the admin's
 * view of a mentor) names those codes here: still keyed by code, checked by the compiler.
 */
export type ErrorWording<Key extends string = TranslationKey> = Partial<Readonly<Record<ErrorCode, Key>>>

/** The key of a failed call's message: the screen's wording, else the table; network and unknown failures have their own. */
export const errorMessageKey = <Key extends string = TranslationKey>(
  error: unknown,
  wording: ErrorWording<Key> = {},
): Key | TranslationKey => {
  const failure = apiErrorOf(error)
  if (failure?.status === 0) return 'messages.network-error'
  const code = failure?.errorCode ?? null
  if (code === null) return 'messages.unexpected-error'
  return wording[code] ?? ERROR_MESSAGE[code]
}
