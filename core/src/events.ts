// Domain events: what happened, emitted by transitions. Adapters turn them into notifications
// (docs/product.md#notifications) and log lines.
import type { TandemId, UserId } from './shared/ids.js'
import type { Instant } from './shared/time.js'
import type { EndingActor, EndReasonId } from './tandem/ending.codec.js'

export type DomainEvent =
  | { readonly _tag: 'MatchingStarted'; readonly menteeId: UserId }
  | { readonly _tag: 'MatchingRunAborted'; readonly menteeId: UserId }
  | { readonly _tag: 'NoMatchFound'; readonly menteeId: UserId }
  /** A run the waitlist started (docs/matching.md#waitlist) proposed mentors: the mentee is told in the waitlist's own mail. */
  | { readonly _tag: 'WaitlistServed'; readonly menteeId: UserId }
  | {
      readonly _tag: 'TandemProposed'
      readonly tandemId: TandemId
      readonly menteeId: UserId
      readonly mentorId: UserId
      readonly manual: boolean
      readonly deadline: Instant
    }
  | {
      readonly _tag: 'MenteeAccepted'
      readonly tandemId: TandemId
      readonly menteeId: UserId
      readonly mentorId: UserId
      readonly deadline: Instant
    }
  | { readonly _tag: 'TandemMatched'; readonly tandemId: TandemId; readonly menteeId: UserId; readonly mentorId: UserId }
  | {
      readonly _tag: 'TandemDeclined'
      readonly tandemId: TandemId
      readonly by: 'Mentee' | 'Mentor'
      readonly menteeId: UserId
      readonly mentorId: UserId
      readonly infoText: string | null
    }
  | {
      readonly _tag: 'TandemClosed'
      readonly tandemId: TandemId
      readonly menteeId: UserId
      readonly mentorId: UserId
      readonly reason: 'OtherMentorChosen' | 'Released' | 'ClusterEnded'
    }
  | {
      /** A MATCHED team was ended by one side or an administrator (docs/mentorship.md#ending-a-team). */
      readonly _tag: 'TandemEnded'
      readonly tandemId: TandemId
      readonly menteeId: UserId
      readonly mentorId: UserId
      readonly by: EndingActor
      readonly reasonId: EndReasonId
      readonly doNotPairAgain: boolean
    }
  | {
      /**
       * An administrator released a live tandem, or its program year was deactivated: the sides
       * who were shown it are told (a mentor merely reserved by a run never knew of it).
       */
      readonly _tag: 'TandemReleased'
      readonly tandemId: TandemId
      readonly menteeId: UserId
      readonly mentorId: UserId
      readonly by: 'Admin' | 'ProgramYear'
      readonly told: readonly ('Mentee' | 'Mentor')[]
    }
  | {
      readonly _tag: 'TandemExpired'
      readonly tandemId: TandemId
      readonly menteeId: UserId
      readonly mentorId: UserId
      readonly side: 'Mentee' | 'Mentor'
    }
  | {
      readonly _tag: 'MentorMatchingChanged'
      readonly mentorId: UserId
      readonly enabled: boolean
      readonly by: 'Mentor' | 'Admin' | 'Deadline'
    }
  | {
      /** A participant deleted their own account while in this tandem: their partner is told. */
      readonly _tag: 'PartnerLeft'
      readonly tandemId: TandemId
      readonly partnerId: UserId
      readonly partnerSide: 'Mentee' | 'Mentor'
    }
  | { readonly _tag: 'MentorPublished'; readonly mentorId: UserId }
  | { readonly _tag: 'ClusterDeactivated'; readonly clusterId: number }

export type DomainEventTag = DomainEvent['_tag']
