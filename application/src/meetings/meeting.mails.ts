// The mails of a meeting's change to both people of the team, each in their language and time
// zone, written to the outbox inside the caller's transaction (docs/notifications.md#meetings).
import { DEFAULT_TIME_ZONE, type Instant, type Side, type Tandem, type UserId } from '@tandem/core'
import type { MeetingMail, MeetingMailer, MeetingsRepository, OutboxRepository, StoredMeeting, WorldStore } from '../ports/store/index.js'

export type MeetingMailPorts = {
  readonly store: WorldStore
  readonly meetings: MeetingsRepository
  readonly outbox: OutboxRepository
  readonly meetingMails: MeetingMailer
  readonly publicUrl: string
  /** The organisation's zone: a person's unless they chose another. */
  readonly timeZone: string
}

/** A person's time zone: theirs, else the organisation's. */
export const timeZoneOfPerson = async (
  ports: { readonly meetings: MeetingsRepository; readonly timeZone: string },
  userId: Tandem['menteeId'],
) => (await ports.meetings.timeZoneOf(userId)) ?? (ports.timeZone === '' ? DEFAULT_TIME_ZONE : ports.timeZone)

/** Writes the mail of `kind` to both sides of the team; answers how many were written. */
export const mailBothSides = async (
  ports: MeetingMailPorts,
  tandem: Tandem,
  meeting: StoredMeeting,
  kind: MeetingMail['kind'],
  now: Instant,
  /** The side that made the change (its mail is their copy); null for the reminder and a team's end. */
  by: Side | null,
  /** A team's end: nobody made the change, and the person who left gets no mail. */
  ended?: { readonly leaving: UserId | undefined },
): Promise<number> => {
  const [mentee, mentor] = await Promise.all([ports.store.contactOf(tandem.menteeId), ports.store.contactOf(tandem.mentorId)])
  const nameOf = (c: typeof mentee) => (c === undefined ? '' : `${c.firstName} ${c.lastName}`.trim())
  let written = 0
  for (const [to, partner, audience] of [
    [mentee, mentor, 'Mentee'],
    [mentor, mentee, 'Mentor'],
  ] as const) {
    if (to === undefined || (ended !== undefined && to.id === ended.leaving)) continue
    const row = ports.meetingMails(
      {
        to,
        audience,
        byMe: by === audience,
        ...(ended === undefined ? {} : { teamEnded: true }),
        kind,
        meeting,
        partnerName: nameOf(partner),
        timeZone: await timeZoneOfPerson(ports, to.id),
        link: `${ports.publicUrl.replace(/\/$/, '')}/`,
      },
      now,
    )
    if (row === undefined) continue
    await ports.outbox.enqueue(row)
    written += 1
  }
  return written
}
