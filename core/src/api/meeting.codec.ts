// Meetings over the wire (docs/api.md#meetings): the participant's requests and what they are
// answered. Times are UTC instants (`…Z`); the web shows them in the viewer's time zone. The
// proposal's rules are the core's (meetingProposalOf, then proposalErrors), which name each field.
import * as t from 'io-ts'
import { left, right, type Either } from 'fp-ts/lib/Either.js'
import { validationFailed, type DomainError } from '../errors.js'
import { fieldError } from '../messages.js'
import { MeetingId } from '../meetings/meeting.codec.js'
import type { MeetingMode, MeetingProposal, Slot } from '../meetings/meeting.codec.js'
import type { MeetingState } from '../meetings/meeting.moves.js'
import type { Side } from '../users/role.js'
import { TandemId } from '../shared/ids.js'
import { EmailAddress, IsoDateTime, nullable } from './wire.codec.js'

/** One offered time: its UTC start and its length in minutes (15–240). */
export const SlotWire = t.strict({ start: IsoDateTime, minutes: t.number }, 'SlotWire')
export type SlotWire = t.TypeOf<typeof SlotWire>

const slotsField = t.array(SlotWire)

/** POST /api/Meeting/ProposeMeeting: 1–3 slots, a link (online) or a place (in person), an agenda. */
export const ProposeMeetingPayload = t.strict(
  {
    email: EmailAddress,
    matchingTandemId: TandemId,
    slots: slotsField,
    /** http(s) address of an online meeting; null for one in person. */
    link: nullable(t.string),
    /** Where an in-person meeting is; null for one online. */
    place: nullable(t.string),
    agenda: t.string,
  },
  'ProposeMeetingPayload',
)
export type ProposeMeetingPayload = t.TypeOf<typeof ProposeMeetingPayload>

/** POST /api/Meeting/PickSlot: the other side picks one offered slot by its start. */
export const PickSlotPayload = t.strict({ email: EmailAddress, meetingId: MeetingId, start: IsoDateTime }, 'PickSlotPayload')
export type PickSlotPayload = t.TypeOf<typeof PickSlotPayload>

/** POST /api/Meeting/AskOtherTimes and /api/Meeting/CancelMeeting: a note (may be empty, ≤ 500). */
export const MeetingNotePayload = t.strict({ email: EmailAddress, meetingId: MeetingId, note: t.string }, 'MeetingNotePayload')
export type MeetingNotePayload = t.TypeOf<typeof MeetingNotePayload>

/** POST /api/Meeting/MoveMeeting: new slots (one for a confirmed meeting) and a note. */
export const MoveMeetingPayload = t.strict(
  { email: EmailAddress, meetingId: MeetingId, slots: slotsField, note: t.string },
  'MoveMeetingPayload',
)
export type MoveMeetingPayload = t.TypeOf<typeof MoveMeetingPayload>

/** POST /api/Meeting/AnswerTookPlace: after its end, did the meeting take place? */
export const AnswerTookPlacePayload = t.strict(
  { email: EmailAddress, meetingId: MeetingId, tookPlace: t.boolean },
  'AnswerTookPlacePayload',
)
export type AnswerTookPlacePayload = t.TypeOf<typeof AnswerTookPlacePayload>

/** POST /api/Meeting/LogSession: a session arranged elsewhere, logged by hand. */
export const LogSessionPayload = t.strict(
  { email: EmailAddress, matchingTandemId: TandemId, startedAt: IsoDateTime, minutes: t.number, note: t.string },
  'LogSessionPayload',
)
export type LogSessionPayload = t.TypeOf<typeof LogSessionPayload>

/** GET /api/Meeting/GetMyMeetings: the caller's own e-mail. */
export const MyMeetingsQuery = t.strict({ email: EmailAddress }, 'MyMeetingsQuery')
export type MyMeetingsQuery = t.TypeOf<typeof MyMeetingsQuery>

/** POST /api/Meeting/SetTimeZone: an IANA time zone name. */
export const SetTimeZonePayload = t.strict({ email: EmailAddress, timeZone: t.string }, 'SetTimeZonePayload')
export type SetTimeZonePayload = t.TypeOf<typeof SetTimeZonePayload>

/** POST /api/Meeting/RenewCalendarFeed: a new secret feed address (the old one stops answering). */
export const RenewCalendarFeedPayload = t.strict({ email: EmailAddress }, 'RenewCalendarFeedPayload')
export type RenewCalendarFeedPayload = t.TypeOf<typeof RenewCalendarFeedPayload>

/** A feed's secret token: long and URL-safe; only its hash is stored. */
const FeedToken = t.refinement(t.string, (s) => /^[A-Za-z0-9_-]{20,100}$/.test(s), 'FeedToken')
/** GET /api/Meeting/CalendarFeed?token=…: the person's meetings as text/calendar. */
export const CalendarFeedQuery = t.strict({ token: FeedToken }, 'CalendarFeedQuery')
export type CalendarFeedQuery = t.TypeOf<typeof CalendarFeedQuery>

const instantOf = (iso: string): number => Date.parse(iso)

/** The slots of a request as the core's. */
export const slotsOfWire = (slots: readonly SlotWire[]): Slot[] => slots.map((s) => ({ start: instantOf(s.start), minutes: s.minutes }))

/** The proposal of a request: exactly one of link and place ('meeting-link-or-place' otherwise). */
export const meetingProposalOf = (
  body: Pick<ProposeMeetingPayload, 'slots' | 'link' | 'place' | 'agenda'>,
): Either<DomainError, MeetingProposal> => {
  const mode: MeetingMode | undefined =
    body.link !== null && body.place === null
      ? { kind: 'Online', link: body.link }
      : body.place !== null && body.link === null
        ? { kind: 'InPerson', place: body.place }
        : undefined
  if (mode === undefined) return left(validationFailed([fieldError('link', 'meeting-link-or-place')]))
  return right({ slots: slotsOfWire(body.slots), mode, agenda: body.agenda })
}

/** One meeting as a participant of its team sees it. */
export type MeetingWire = {
  readonly meetingId: number
  readonly matchingTandemId: number
  readonly state: MeetingState
  readonly sequence: number
  readonly proposedBy: Side
  /** The caller's side proposed the slots (so the partner answers them). */
  readonly proposedByMe: boolean
  readonly slots: readonly { readonly start: string; readonly end: string; readonly minutes: number }[]
  readonly link: string | null
  readonly place: string | null
  readonly agenda: string
  readonly note: string | null
  /** The zone of the side that set the time (the calendar file carries it). */
  readonly timeZone: string
  /** The caller may pick a slot or ask for other times. */
  readonly mayAnswer: boolean
  /** The caller may answer "did it take place?" now. */
  readonly mayAnswerTookPlace: boolean
}

/** One logged session; its note only for the side that wrote it. */
export type SessionWire = {
  readonly startedAt: string
  readonly minutes: number
  readonly loggedBy: Side
  readonly fromMeeting: boolean
  readonly note: string | null
}

/** GET /api/Meeting/GetMyMeetings: per running team the meetings and sessions, and both time zones. */
export type MyMeetingsWire = {
  readonly timeZone: string
  readonly teams: readonly {
    readonly matchingTandemId: number
    readonly partnerName: string
    readonly partnerTimeZone: string
    readonly meetings: readonly MeetingWire[]
    readonly sessions: readonly SessionWire[]
  }[]
}
