// The notification vocabulary of Tandem: the template types of docs/product.md#notifications plus the identity and admin
// mails, each with the payload its template needs. Payloads are stored as JSON in the outbox and
// decoded again before rendering, so the codecs are the contract between enqueuer and worker.
import * as t from 'io-ts'
import { Instant, NotificationType as RequestableNotificationType } from '@tandem/core'

/**
 * Every mail type: those an administrator may ask for (the API's `NotificationType`, one list in
 * the core) plus the mails only Tandem itself sends.
 */
export const NotificationType = t.keyof({
  ...RequestableNotificationType.keys,
  PASSWORD_RESET: null,
  PARTNER_LEFT: null,
  RETENTION_NOTICE: null,
  TANDEM_ENDED: null,
  TANDEM_RELEASED: null,
  WAITLIST_PROPOSALS: null,
  CHECK_IN_MET: null,
  CHECK_IN_PULSE: null,
  CHECK_IN_CLOSING: null,
  CHECK_IN_REMINDER: null,
  MEETING_PROPOSED: null,
  MEETING_CONFIRMED: null,
  MEETING_OTHER_TIMES_ASKED: null,
  MEETING_MOVED: null,
  MEETING_CANCELLED: null,
  MEETING_REMINDER: null,
})
export type NotificationType = t.TypeOf<typeof NotificationType>
export const NOTIFICATION_TYPES = Object.keys(NotificationType.keys) as readonly NotificationType[]

/** Which side of a tandem the recipient is on: it decides what the mail asks them to do. */
export const Audience = t.keyof({ Mentee: null, Mentor: null })
export type Audience = t.TypeOf<typeof Audience>

/** Who switched a mentor's matching: the mentor, an administrator, or the 72 h answer deadline. */
export const MatchingChangedBy = t.keyof({ Mentor: null, Admin: null, Deadline: null })
export type MatchingChangedBy = t.TypeOf<typeof MatchingChangedBy>

/** A string with a rule, typed as a plain string so callers need no branded values. */
const checkedString = (name: string, holds: (s: string) => boolean): t.Type<string, string, unknown> =>
  new t.Type<string, string, unknown>(
    name,
    (u): u is string => typeof u === 'string' && holds(u),
    (u, c) => (typeof u === 'string' && holds(u) ? t.success(u) : t.failure(u, c)),
    t.identity,
  )

const NonEmptyString = checkedString('NonEmptyString', (s) => s.trim().length > 0)
/** An absolute http(s) address; anything else (javascript:, data:) must never become a link. */
export const WebLink = checkedString('WebLink', (s) => /^https?:\/\/[^\s"'<>]+$/i.test(s))

export const Contact = t.type({ firstName: t.string, lastName: t.string, email: t.string })
export type Contact = t.TypeOf<typeof Contact>

/**
 * A meeting as its mails and calendar file say it (docs/notifications.md#meetings): its stable UID,
 * SEQUENCE, slots (UTC instants), link or place, agenda, the last note and the zone it was set in;
 * the recipient's zone (their times are written in it), who made the change, and the calendar
 * method the attached file carries (null: no file, as while no time is agreed).
 */
export const MeetingMailData = t.intersection([
  t.type({
    audience: Audience,
    firstName: t.string,
    partnerName: t.string,
    /** The recipient made the change (their copy) or their partner did. */
    byMe: t.boolean,
    uid: t.string,
    sequence: t.number,
    slots: t.array(t.type({ start: Instant, minutes: t.number })),
    link: t.union([WebLink, t.null]),
    place: t.union([t.string, t.null]),
    agenda: t.string,
    note: t.union([t.string, t.null]),
    eventTimeZone: t.string,
    timeZone: t.string,
    dashboard: WebLink,
    calendar: t.union([t.keyof({ REQUEST: null, CANCEL: null }), t.null]),
  }),
  /** The meeting was cancelled because the team ended (rows written before this have none). */
  t.partial({ teamEnded: t.boolean }),
])
export type MeetingMailData = t.TypeOf<typeof MeetingMailData>

export const NotificationData = {
  /** Mentee: new mentor proposals (count of them) to choose from before the deadline.
   *  Mentor: a mentee accepted them and waits for an answer before the deadline. */
  NEW_TANDEM: t.intersection([t.type({ audience: Audience, firstName: t.string, deadline: Instant }), t.partial({ count: t.number })]),
  /** Both sides of a matched tandem, each with the other's contact. */
  APPROVE_TANDEM: t.type({ audience: Audience, firstName: t.string, partner: Contact }),
  /** The mentee whose chosen mentor declined, with the mentor's information text if given. */
  DECLINE_TANDEM: t.type({ firstName: t.string, infoText: t.union([t.string, t.null]) }),
  ACTIVATE_USER_PROFILE: t.type({ firstName: t.string, by: MatchingChangedBy }),
  DEACTIVATE_USER_PROFILE: t.type({ firstName: t.string, by: MatchingChangedBy }),
  /** Whoever must answer, 24 h before their deadline. */
  REMINDER_ACTIVE_TANDEM: t.type({ audience: Audience, firstName: t.string, deadline: Instant }),
  /** A mentor with saved but unpublished answers, 7 days after the last save. */
  REMINDER_UNPUBLISHED_USER_PROFILE: t.type({ firstName: t.string, lastSavedAt: Instant }),
  PASSWORD_RESET: t.type({ firstName: t.string, link: WebLink, validMinutes: t.number }),
  /** An administrator's own words (POST /api/Notification/NotifyUser). */
  ADMIN_MESSAGE: t.intersection([t.type({ subject: NonEmptyString, body: NonEmptyString }), t.partial({ firstName: t.string })]),
  /** The partner of a live tandem deleted their account: the tandem has ended. Names nobody, so
   *  nothing of the deleted person outlives them in this mail. */
  PARTNER_LEFT: t.type({ audience: Audience, firstName: t.string }),
  /** A MATCHED team was ended by the recipient's partner or an administrator. Names nobody, and
   *  neither the reason nor its text: those are for the program team (docs/mentorship.md). */
  TANDEM_ENDED: t.type({ audience: Audience, firstName: t.string, by: t.keyof({ Partner: null, Admin: null }), mentorPaused: t.boolean }),
  /** An administrator released a tandem the recipient was shown, or its program year was deactivated. */
  TANDEM_RELEASED: t.type({ audience: Audience, firstName: t.string, tandemId: t.number, by: t.keyof({ Admin: null, ProgramYear: null }) }),
  /** A mentee on the waitlist: a place opened and the waitlist's run proposed `count` mentors, reserved until `deadline`.
   *  `stopLink`: the one-time link of the page that turns the waitlist off (rows written before it had none). */
  WAITLIST_PROPOSALS: t.intersection([
    t.type({ firstName: t.string, deadline: Instant, count: t.number }),
    t.partial({ stopLink: WebLink }),
  ]),
  /** 14 days after the match, each side: "Have you met yet?", with the one-time link of its page. */
  CHECK_IN_MET: t.type({ audience: Audience, firstName: t.string, link: WebLink }),
  /** Day 30 and then every 60 days, each side: "How is your mentorship going?" 1–5. */
  CHECK_IN_PULSE: t.type({ audience: Audience, firstName: t.string, link: WebLink }),
  /** When the team ended, however it ended, each side: the closing survey. */
  CHECK_IN_CLOSING: t.type({ audience: Audience, firstName: t.string, link: WebLink }),
  /** Once, 5 days after a question that is still unanswered (which question it was). */
  CHECK_IN_REMINDER: t.type({
    audience: Audience,
    firstName: t.string,
    link: WebLink,
    question: t.keyof({ Met: null, Pulse: null, Closing: null }),
  }),
  /** A meeting proposed (slots to pick from), confirmed, other times asked, moved, cancelled, and the reminder a day before. */
  MEETING_PROPOSED: MeetingMailData,
  MEETING_CONFIRMED: MeetingMailData,
  MEETING_OTHER_TIMES_ASKED: MeetingMailData,
  MEETING_MOVED: MeetingMailData,
  MEETING_CANCELLED: MeetingMailData,
  MEETING_REMINDER: MeetingMailData,
  /** 30 days before the retention sweep erases an account nobody used (docs/privacy.md). */
  RETENTION_NOTICE: t.type({ firstName: t.string, erasureFrom: Instant, months: t.number }),
} as const satisfies { readonly [K in NotificationType]: t.Mixed }

export type NotificationData = { readonly [K in NotificationType]: t.TypeOf<(typeof NotificationData)[K]> }

/** A type together with its payload, so that a caller cannot pair a type with another's data. */
export type Notification = { readonly [K in NotificationType]: { readonly type: K; readonly data: NotificationData[K] } }[NotificationType]

/** The organisation's name and contact, from configuration; every mail carries them. */
export const OrganisationInfo = t.intersection([
  t.type({ name: t.string, email: t.string, phone: t.string, publicUrl: WebLink }),
  t.partial({ timeZone: t.string }),
])
export type OrganisationInfo = t.TypeOf<typeof OrganisationInfo>

export const DEFAULT_TIME_ZONE = 'Europe/Berlin'

export const Recipient = t.type({ email: t.string, name: t.string })
export type Recipient = t.TypeOf<typeof Recipient>
