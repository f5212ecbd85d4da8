// Expected failures of the domain, as values. Adapters map each tag to a status code and the web
// app to a message key, exhaustively.
import type { Side } from './users/role.js'
import type { StatusName } from './users/status.js'
import type { TandemState } from './shared/tandem-state.js'
import type { FieldError } from './messages.js'
import type { UserId } from './shared/ids.js'

export type DomainError =
  | {
      readonly _tag: 'InvalidTransition'
      readonly from: string
      readonly event: string
      /** What the caller did not know of, when the refusal can say (a stale questionnaire-draft save: docs/api.md). */
      readonly changed?: QuestionnaireDraftChanged
    }
  | { readonly _tag: 'ValidationFailed'; readonly errors: readonly FieldError[] }
  | {
      readonly _tag: 'NotFound'
      readonly entity:
        | 'User'
        | 'Tandem'
        | 'Proposal'
        | 'Cluster'
        | 'DeclineReason'
        | 'Notification'
        | 'CohortRun'
        | 'QuestionnaireVersion'
        | 'QuestionnairePreview'
        | 'CheckInLink'
        | 'WaitlistLink'
        | 'Meeting'
        | 'CalendarFeed'
    }
  | { readonly _tag: 'ProfileIncomplete' }
  | { readonly _tag: 'NotAvailableForMatching'; readonly status: StatusName | 'NONE' }
  | { readonly _tag: 'MatchingAlreadyRunning' }
  | { readonly _tag: 'MatchingDisabled' }
  /** A mentor pausing while every place is taken: the live tandems already keep them out of the pool (docs/matching.md#places). */
  | { readonly _tag: 'AllPlacesTaken' }
  | { readonly _tag: 'ProposalExpired' }
  | { readonly _tag: 'TandemChanged' }
  | { readonly _tag: 'TandemAlreadyClosed'; readonly state: TandemState }
  | { readonly _tag: 'SameUser' }
  | { readonly _tag: 'ClusterEnded' }
  | { readonly _tag: 'ClusterIsDefault' }
  | { readonly _tag: 'ClusterTitleTaken' }
  /** The caller does not hold the side a participant call names (docs/product.md#status-codes: 403 for a wrong role). */
  | { readonly _tag: 'WrongRole'; readonly role: Side }
  /** A participant names a team they are not part of (ending a team: 403). */
  | { readonly _tag: 'NotTandemParticipant' }
  /** A check-in answered that is not open: not asked yet, answered already, or closed by the next question or the end. */
  | { readonly _tag: 'CheckInNotOpen'; readonly state: string }
  /** A check-in mail's link that was used already. */
  | { readonly _tag: 'CheckInLinkUsed' }
  /** A check-in mail's link that has expired (the question closed). */
  | { readonly _tag: 'CheckInLinkExpired' }
  /** The waitlist mail's "stop" link that was used already (the waitlist is off). */
  | { readonly _tag: 'WaitlistLinkUsed' }
  /** The waitlist mail's "stop" link that has expired; the dashboard's switch still turns it off. */
  | { readonly _tag: 'WaitlistLinkExpired' }
  /** SyncDBFromIdp with an external provider: its accounts cannot be listed; claims refresh at each sign-in. */
  | { readonly _tag: 'ExternalIdentityProvider' }
  /**
   * The token names an account an administrator deleted, and was issued before the deletion: the
   * person must not come back through it (401; the web app shows its account-deleted page).
   */
  | { readonly _tag: 'AccountDeleted' }
  /**
   * A newer version of the privacy policy or the terms waits for the caller's acceptance: until then
   * only accepting, the person's data, deleting the account and their details answer (403).
   */
  | { readonly _tag: 'ConsentsDue' }
  /** "Did it take place?" answered before the meeting's end (docs/mentorship.md#meetings). */
  | { readonly _tag: 'MeetingNotOver' }
  /** A team proposed as many meetings as a day allows (429). */
  | { readonly _tag: 'MeetingProposalsLimited' }

/**
 * The questionnaire draft as it is now, for a save made at an older revision (the 409's value): its
 * revision, the version it follows (a publish since shows as a newer one, with `savedBy` null), who
 * saved it last and when (an ISO instant), and each field where it differs from the draft sent.
 */
export type QuestionnaireDraftChanged = {
  readonly revision: number
  readonly basedOn: number
  readonly savedBy: UserId | null
  readonly savedAt: string | null
  readonly changedFields: readonly string[]
}

export type DomainErrorTag = DomainError['_tag']

export const invalidTransition = (from: string, event: string): DomainError => ({ _tag: 'InvalidTransition', from, event })
export const validationFailed = (errors: readonly FieldError[]): DomainError => ({ _tag: 'ValidationFailed', errors })
export const notFound = (entity: Extract<DomainError, { _tag: 'NotFound' }>['entity']): DomainError => ({ _tag: 'NotFound', entity })
