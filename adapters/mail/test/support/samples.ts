// Example payloads of every notification type, with the page each one must link to. Typed by the
// mapped NotificationData, so adding a type without a sample does not compile.
import type { Language } from '@tandem/core'
import type { NotificationData, NotificationType, OrganisationInfo } from '../../src/index.js'

export const org: OrganisationInfo = {
  name: 'Mentoring Mitte e.V.',
  email: 'kontakt@mentoring-mitte.example',
  phone: '+49 30 555 0100',
  publicUrl: 'https://tandem.mentoring-mitte.example',
}

/** 24 November 2026, 13:30 UTC = 14:30 in Berlin (CET). */
export const DEADLINE = Date.UTC(2026, 10, 24, 13, 30)
/** A check-in mail's one-time link (its page answers only on a click). */
export const CHECK_IN_LINK = 'https://tandem.mentoring-mitte.example/check-in?token=tok456'

/** A meeting mail's data: by default one online slot on 29 March 2026 (the day Berlin moves to summer time). */
const meeting = (o: {
  readonly byMe?: boolean
  readonly slots?: number
  readonly place?: string
  readonly note?: string | null
  readonly calendar?: 'REQUEST' | 'CANCEL'
}): NotificationData['MEETING_PROPOSED'] => ({
  audience: 'Mentee',
  firstName: 'Mia',
  partnerName: 'Max Muster',
  byMe: o.byMe ?? false,
  uid: 'tandem-meeting-7@tandem.mentoring-mitte.example',
  sequence: 1,
  slots: Array.from({ length: o.slots ?? 1 }, (_, i) => ({ start: Date.UTC(2026, 2, 29, 9 + 2 * i, 0), minutes: 60 })),
  link: o.place === undefined ? 'https://meet.example.org/room-1' : null,
  place: o.place ?? null,
  agenda: 'Career <goals> & next steps',
  note: o.note ?? null,
  eventTimeZone: 'Europe/Berlin',
  timeZone: 'Europe/Berlin',
  dashboard: `${org.publicUrl}/`,
  calendar: o.calendar ?? null,
})

export const samples: { readonly [K in NotificationType]: readonly NotificationData[K][] } = {
  NEW_TANDEM: [
    { audience: 'Mentee', firstName: 'Mia', deadline: DEADLINE, count: 3 },
    { audience: 'Mentee', firstName: 'Mia', deadline: DEADLINE, count: 1 },
    { audience: 'Mentee', firstName: 'Mia', deadline: DEADLINE },
    { audience: 'Mentor', firstName: 'Max', deadline: DEADLINE },
  ],
  APPROVE_TANDEM: [
    { audience: 'Mentee', firstName: 'Mia', partner: { firstName: 'Max', lastName: 'Muster', email: 'max@example.org' } },
    { audience: 'Mentor', firstName: 'Max', partner: { firstName: 'Mia', lastName: 'Meier', email: 'mia@example.org' } },
  ],
  DECLINE_TANDEM: [
    { firstName: 'Mia', infoText: 'I am moving abroad for a year.' },
    { firstName: 'Mia', infoText: null },
  ],
  ACTIVATE_USER_PROFILE: [
    { firstName: 'Max', by: 'Admin' },
    { firstName: 'Max', by: 'Mentor' },
  ],
  DEACTIVATE_USER_PROFILE: [
    { firstName: 'Max', by: 'Admin' },
    { firstName: 'Max', by: 'Deadline' },
  ],
  REMINDER_ACTIVE_TANDEM: [
    { audience: 'Mentee', firstName: 'Mia', deadline: DEADLINE },
    { audience: 'Mentor', firstName: 'Max', deadline: DEADLINE },
  ],
  REMINDER_UNPUBLISHED_USER_PROFILE: [{ firstName: 'Max', lastSavedAt: DEADLINE }],
  PASSWORD_RESET: [{ firstName: 'Mia', link: 'https://tandem.mentoring-mitte.example/oidc/reset/tok123', validMinutes: 30 }],
  PARTNER_LEFT: [
    { audience: 'Mentee', firstName: 'Mia' },
    { audience: 'Mentor', firstName: 'Max' },
  ],
  ADMIN_MESSAGE: [{ subject: 'Program kick-off on 1 December', body: 'Dear all,\n\nplease join us for the kick-off.', firstName: 'Mia' }],
  RETENTION_NOTICE: [{ firstName: 'Mia', erasureFrom: DEADLINE, months: 12 }],
  TANDEM_ENDED: [
    { audience: 'Mentee', firstName: 'Mia', by: 'Partner', mentorPaused: false },
    { audience: 'Mentor', firstName: 'Max', by: 'Partner', mentorPaused: false },
    { audience: 'Mentor', firstName: 'Max', by: 'Admin', mentorPaused: true },
  ],
  TANDEM_RELEASED: [
    { audience: 'Mentee', firstName: 'Mia', tandemId: 12, by: 'Admin' },
    { audience: 'Mentor', firstName: 'Max', tandemId: 12, by: 'ProgramYear' },
  ],
  WAITLIST_PROPOSALS: [
    { firstName: 'Mia', deadline: Date.UTC(2026, 10, 24, 9, 0), count: 1 },
    { firstName: 'Mia', deadline: Date.UTC(2026, 10, 24, 9, 0), count: 3 },
    { firstName: 'Mia', deadline: Date.UTC(2026, 10, 24, 9, 0), count: 2, stopLink: `${org.publicUrl}/waitlist/stop?token=tok789` },
  ],
  CHECK_IN_MET: [
    { audience: 'Mentee', firstName: 'Mia', link: CHECK_IN_LINK },
    { audience: 'Mentor', firstName: 'Max', link: CHECK_IN_LINK },
  ],
  CHECK_IN_PULSE: [{ audience: 'Mentee', firstName: 'Mia', link: CHECK_IN_LINK }],
  CHECK_IN_CLOSING: [
    { audience: 'Mentee', firstName: 'Mia', link: CHECK_IN_LINK },
    { audience: 'Mentor', firstName: 'Max', link: CHECK_IN_LINK },
  ],
  CHECK_IN_REMINDER: [
    { audience: 'Mentee', firstName: 'Mia', link: CHECK_IN_LINK, question: 'Met' },
    { audience: 'Mentor', firstName: 'Max', link: CHECK_IN_LINK, question: 'Closing' },
  ],
  MEETING_PROPOSED: [meeting({ byMe: false, slots: 3 }), meeting({ byMe: true, slots: 2, place: 'Café <Mitte> & Co' })],
  MEETING_CONFIRMED: [meeting({ calendar: 'REQUEST' })],
  MEETING_OTHER_TIMES_ASKED: [meeting({ note: 'Evenings suit me better.' }), meeting({ byMe: true, note: null })],
  MEETING_MOVED: [meeting({ calendar: 'REQUEST', note: 'Sorry, a clash.' }), meeting({ slots: 2 })],
  MEETING_CANCELLED: [meeting({ calendar: 'CANCEL', note: 'I am ill.' }), { ...meeting({ calendar: 'CANCEL' }), teamEnded: true }],
  MEETING_REMINDER: [meeting({})],
}

/** The page of the app each type points at. */
export const expectedLink: { readonly [K in NotificationType]: string } = {
  NEW_TANDEM: `${org.publicUrl}/`,
  APPROVE_TANDEM: `${org.publicUrl}/`,
  DECLINE_TANDEM: `${org.publicUrl}/`,
  ACTIVATE_USER_PROFILE: `${org.publicUrl}/user/mentor-profile`,
  DEACTIVATE_USER_PROFILE: `${org.publicUrl}/user/mentor-profile`,
  REMINDER_ACTIVE_TANDEM: `${org.publicUrl}/`,
  REMINDER_UNPUBLISHED_USER_PROFILE: `${org.publicUrl}/user/mentor-profile`,
  PASSWORD_RESET: 'https://tandem.mentoring-mitte.example/oidc/reset/tok123',
  ADMIN_MESSAGE: `${org.publicUrl}/`,
  PARTNER_LEFT: `${org.publicUrl}/`,
  RETENTION_NOTICE: `${org.publicUrl}/`,
  TANDEM_ENDED: `${org.publicUrl}/`,
  TANDEM_RELEASED: `${org.publicUrl}/`,
  WAITLIST_PROPOSALS: `${org.publicUrl}/`,
  CHECK_IN_MET: CHECK_IN_LINK,
  CHECK_IN_PULSE: CHECK_IN_LINK,
  CHECK_IN_CLOSING: CHECK_IN_LINK,
  CHECK_IN_REMINDER: CHECK_IN_LINK,
  MEETING_PROPOSED: `${org.publicUrl}/`,
  MEETING_CONFIRMED: `${org.publicUrl}/`,
  MEETING_OTHER_TIMES_ASKED: `${org.publicUrl}/`,
  MEETING_MOVED: `${org.publicUrl}/`,
  MEETING_CANCELLED: `${org.publicUrl}/`,
  MEETING_REMINDER: `${org.publicUrl}/`,
}

export type Sample = { readonly type: NotificationType; readonly data: NotificationData[NotificationType]; readonly variant: number }

export const allSamples = (types: readonly NotificationType[]): readonly Sample[] =>
  types.flatMap((type) => samples[type].map((data, variant) => ({ type, data, variant })))

export const LANGS: readonly Language[] = ['en', 'de']
