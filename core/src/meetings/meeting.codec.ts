// A meeting of a matched team and a logged session, as the core keeps them (docs/mentorship.md#meetings).
// Instants are epoch milliseconds; the wire codecs live in api/meeting.codec.ts.
import * as t from 'io-ts'
import type { Instant } from '../shared/time.js'
import type { TandemId } from '../shared/ids.js'
import type { Side } from '../users/role.js'
import type { MeetingState } from './meeting.moves.js'

export interface MeetingIdBrand {
  readonly MeetingId: unique symbol
}
const isId = (n: number): boolean => Number.isSafeInteger(n) && n > 0
/** A meeting's id. */
export const MeetingId = t.brand(t.number, (n): n is t.Branded<number, MeetingIdBrand> => isId(n), 'MeetingId')
export type MeetingId = t.TypeOf<typeof MeetingId>
/** The database's own meeting id (or a test's), taken as a `MeetingId` without a check. */
export const meetingIdOf = (n: number): MeetingId => n as MeetingId

/** One offered time: its start and its length in minutes. */
export type Slot = { readonly start: Instant; readonly minutes: number }

/** Where the pair meets: a link (http or https) or a place. */
export type MeetingMode = { readonly kind: 'Online'; readonly link: string } | { readonly kind: 'InPerson'; readonly place: string }

/** What the proposing side writes: the slots, the mode and the agenda (plain text). */
export type MeetingProposal = {
  readonly slots: readonly Slot[]
  readonly mode: MeetingMode
  readonly agenda: string
}

/**
 * A meeting. `slots`: the offered times while Proposed or OtherTimesAsked; the one agreed time from
 * Confirmed on. `sequence`: raised by every change (the calendar file's SEQUENCE). `proposedBy`: the
 * side whose slots wait for the other's answer. `timeZone`: the zone of the side that last set the
 * time, carried in the calendar file.
 */
export type Meeting = {
  readonly tandemId: TandemId
  readonly state: MeetingState
  readonly sequence: number
  readonly proposedBy: Side
  readonly slots: readonly Slot[]
  readonly mode: MeetingMode
  readonly agenda: string
  /** The last note (asking for other times, moving, cancelling); null when none was given. */
  readonly note: string | null
  readonly timeZone: string
  readonly createdAt: Instant
  readonly updatedAt: Instant
  /** Which side answered "did it take place?", when it was answered. */
  readonly answeredBy: Side | null
}

/** What happened, for mails and the session log. */
export type MeetingChange =
  | { readonly _tag: 'MeetingProposed' }
  | { readonly _tag: 'MeetingConfirmed' }
  | { readonly _tag: 'MeetingOtherTimesAsked' }
  | { readonly _tag: 'MeetingMoved' }
  | { readonly _tag: 'MeetingCancelled' }
  | { readonly _tag: 'MeetingAnswered'; readonly tookPlace: boolean }

/** A logged session: the fact the timeline and the statistics count. */
export type Session = {
  readonly tandemId: TandemId
  readonly startedAt: Instant
  readonly minutes: number
  readonly loggedBy: Side
  /** The meeting whose "yes" logged it; null for one logged by hand. */
  readonly fromMeeting: boolean
}
