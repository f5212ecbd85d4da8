// Meetings, logged sessions and the per-person meeting settings as the application needs them
// (docs/mentorship.md#meetings); @tandem/store implements it on SQLite and PostgreSQL. Every write
// joins the transaction in progress.
import type { Instant, Meeting, MeetingChange, MeetingId, Session, Side, TandemId, UserId } from '@tandem/core'
import type { NewOutboxRow } from './outbox.port.js'
import type { Contact } from './world.port.js'

export type StoredMeeting = Meeting & { readonly id: MeetingId; readonly remindedAt: Instant | null }

export type StoredSession = Session & {
  readonly id: number
  readonly meetingId: MeetingId | null
  /** The person who logged it; null once they erased their account (the count stays, their note goes). */
  readonly loggedByUser: UserId | null
  readonly note: string | null
  readonly loggedAt: Instant
}

/** What administrators see of a team's meetings: counts and dates, never link, place or agenda. */
export type TeamMeetingFigures = {
  readonly sessions: number
  readonly lastSessionAt: Instant | null
  readonly nextMeetingAt: Instant | null
}

export type MeetingsRepository = {
  /** Stores a new meeting; answers its id. */
  readonly add: (meeting: Meeting) => Promise<MeetingId>
  /** One meeting, locked against concurrent writers until the transaction ends (PostgreSQL). */
  readonly byId: (id: MeetingId) => Promise<StoredMeeting | undefined>
  /**
   * Writes `after` over the meeting if it still has `before`'s sequence (false: someone changed it
   * first). A changed reminder time forgets that the old one went out.
   */
  readonly save: (id: MeetingId, before: Meeting, after: Meeting) => Promise<boolean>
  /** The meetings of the teams, newest first. */
  readonly ofTandems: (tandemIds: readonly TandemId[]) => Promise<readonly StoredMeeting[]>
  /** How many meetings the team proposed since `since` (the per-team limit). */
  readonly proposedSince: (tandemId: TandemId, since: Instant) => Promise<number>
  /** Candidates of the reminder sweep: a reminder time reached and none sent. */
  readonly reminderCandidates: (now: Instant) => Promise<readonly StoredMeeting[]>
  /** Marks the reminder sent; false when another sweep marked it first (or the meeting changed). */
  readonly markReminded: (id: MeetingId, reminderAt: Instant, now: Instant) => Promise<boolean>
  /** Logs a session; false when the meeting already logged one. */
  readonly addSession: (session: Omit<StoredSession, 'id'>) => Promise<boolean>
  readonly sessionsOf: (tandemIds: readonly TandemId[]) => Promise<readonly StoredSession[]>
  /** Sessions, last session and next meeting per team (the admins' view). */
  readonly figuresOf: (tandemIds: readonly TandemId[], now: Instant) => Promise<ReadonlyMap<TandemId, TeamMeetingFigures>>
  /** The person's time zone; undefined: the organisation's. */
  readonly timeZoneOf: (userId: UserId) => Promise<string | undefined>
  readonly setTimeZone: (userId: UserId, timeZone: string) => Promise<void>
  /** Replaces the person's feed token (by its hash): the old address stops answering. */
  readonly setFeedToken: (userId: UserId, tokenHash: string, at: Instant) => Promise<void>
  readonly userOfFeed: (tokenHash: string) => Promise<UserId | undefined>
  /**
   * Erasure: the meetings of the person's teams, their settings and feed, and their notes on
   * sessions; the sessions themselves stay for the partner's count.
   */
  readonly eraseUser: (userId: UserId, tandemIds: readonly TandemId[]) => Promise<void>
}

/** What a meeting mail or a calendar entry says of one meeting, for one recipient. */
export type MeetingMail = {
  readonly to: Contact
  /** The recipient's side of the team. */
  readonly audience: Side
  /** The recipient made the change (their copy). */
  readonly byMe: boolean
  /** What happened: the meeting's change, or the reminder a day before. */
  readonly kind: MeetingChange['_tag'] | 'MeetingReminder'
  readonly meeting: StoredMeeting
  /** The partner's full name (the calendar entry's title names them). */
  readonly partnerName: string
  /** The recipient's time zone: the mail's times are written in it. */
  readonly timeZone: string
  /** Cancelled because the team ended, not by a side. */
  readonly teamEnded?: boolean
  /** The dashboard's address, where the meeting is answered. */
  readonly link: string
}

/** Renders a meeting mail (with its calendar file) as an outbox row; given by the composition root. */
export type MeetingMailer = (mail: MeetingMail, now: Instant) => NewOutboxRow | undefined

/** One person's meetings as an iCalendar feed (text/calendar); given by the composition root. */
export type CalendarFeedWriter = (feed: {
  readonly name: string
  readonly language: 'en' | 'de'
  readonly meetings: readonly { readonly meeting: StoredMeeting; readonly partnerName: string }[]
}) => string
