// Meeting mails and feeds (docs/notifications.md#meetings): the application's MeetingMail as one of
// the mail adapter's meeting notifications, rendered into an outbox row in the recipient's language
// (its calendar file is written at delivery from the row's data), and a person's calendar feed.
import type { CalendarFeedWriter, MeetingMail, MeetingMailer } from '@tandem/application'
import {
  calendarFeedFile,
  meetingSummary,
  meetingUid,
  prepareNotification,
  type MeetingMailData,
  type Notification,
  type OrganisationInfo,
} from '@tandem/mail'
import { isRight } from 'fp-ts/lib/Either.js'

const TYPES: Readonly<Record<MeetingMail['kind'], Exclude<Notification['type'], never>>> = {
  MeetingProposed: 'MEETING_PROPOSED',
  MeetingConfirmed: 'MEETING_CONFIRMED',
  MeetingOtherTimesAsked: 'MEETING_OTHER_TIMES_ASKED',
  MeetingMoved: 'MEETING_MOVED',
  MeetingCancelled: 'MEETING_CANCELLED',
  MeetingReminder: 'MEETING_REMINDER',
  // "Did it take place?" sends no mail; listed so that every kind has its type.
  MeetingAnswered: 'MEETING_CONFIRMED',
}

/** The file a change carries: a confirmed time adds or updates the entry, a cancellation removes it; nothing while no time is agreed. */
const calendarMethodOf = (mail: MeetingMail): MeetingMailData['calendar'] => {
  if (mail.kind === 'MeetingCancelled') return 'CANCEL'
  if ((mail.kind === 'MeetingConfirmed' || mail.kind === 'MeetingMoved') && mail.meeting.state === 'Confirmed') return 'REQUEST'
  return null
}

export const meetingMailer =
  (org: OrganisationInfo): MeetingMailer =>
  (mail, now) => {
    const m = mail.meeting
    const data: MeetingMailData = {
      audience: mail.audience,
      firstName: mail.to.firstName,
      partnerName: mail.partnerName,
      byMe: mail.byMe,
      uid: meetingUid(org, m.id),
      sequence: m.sequence,
      slots: m.slots.map((s) => ({ start: s.start, minutes: s.minutes })),
      link: m.mode.kind === 'Online' ? m.mode.link : null,
      place: m.mode.kind === 'InPerson' ? m.mode.place : null,
      agenda: m.agenda,
      note: m.note,
      eventTimeZone: m.timeZone,
      timeZone: mail.timeZone,
      dashboard: mail.link,
      calendar: calendarMethodOf(mail),
      ...(mail.teamEnded === true ? { teamEnded: true } : {}),
    }
    const notification = { type: TYPES[mail.kind], data } as Notification
    const row = prepareNotification(
      notification,
      {
        recipient: { email: mail.to.email, name: `${mail.to.firstName} ${mail.to.lastName}` },
        language: mail.to.language,
        userId: mail.to.id,
      },
      org,
      now,
    )
    return isRight(row) ? row.right : undefined
  }

export const calendarFeedWriter =
  (org: OrganisationInfo): CalendarFeedWriter =>
  (feed) =>
    calendarFeedFile(
      org,
      feed.name,
      feed.meetings.flatMap(({ meeting: m, partnerName }) => {
        const slot = m.slots[0]
        // Only agreed times are events; offered slots are not yet in anyone's calendar.
        const agreed = m.state === 'Confirmed' || m.state === 'TookPlace' || m.state === 'DidNotTakePlace'
        const cancelledAgreed = m.state === 'Cancelled' && m.slots.length === 1
        if (slot === undefined || !(agreed || cancelledAgreed)) return []
        return [
          {
            uid: meetingUid(org, m.id),
            sequence: m.sequence,
            cancelled: m.state === 'Cancelled',
            start: slot.start,
            minutes: slot.minutes,
            timeZone: m.timeZone,
            summary: meetingSummary(feed.language, partnerName),
            description: m.agenda,
            link: m.mode.kind === 'Online' ? m.mode.link : null,
            place: m.mode.kind === 'InPerson' ? m.mode.place : null,
            stamp: m.updatedAt,
          },
        ]
      }),
    )
