// A participant's meetings and sessions per running team (docs/api.md#meetings): every time in UTC
// with both people's time zones, so the web shows them in the viewer's zone and names the other's
// when they differ. A session's note is shown to its writer only.
import { slotEnd, toIsoDateTime, type Meeting, type MeetingWire, type MyMeetingsWire, type Side, type UserId } from '@tandem/core'
import type { Clock } from '../ports/clock.port.js'
import type { MeetingsRepository, StoredMeeting, StoredSession, UsersRepository, WorldStore } from '../ports/store/index.js'
import { timeZoneOfPerson } from './meeting.mails.js'

const mayAnswerTookPlace = (m: Meeting, now: number): boolean => {
  const slot = m.slots[0]
  return m.state === 'Confirmed' && slot !== undefined && now >= slotEnd(slot)
}

export const meetingWire = (m: StoredMeeting, side: Side, now: number): MeetingWire => ({
  meetingId: m.id,
  matchingTandemId: m.tandemId,
  state: m.state,
  sequence: m.sequence,
  proposedBy: m.proposedBy,
  proposedByMe: m.proposedBy === side,
  slots: m.slots.map((s) => ({ start: toIsoDateTime(s.start), end: toIsoDateTime(slotEnd(s)), minutes: s.minutes })),
  link: m.mode.kind === 'Online' ? m.mode.link : null,
  place: m.mode.kind === 'InPerson' ? m.mode.place : null,
  agenda: m.agenda,
  note: m.note,
  timeZone: m.timeZone,
  mayAnswer: m.proposedBy !== side && m.state === 'Proposed',
  mayAnswerTookPlace: mayAnswerTookPlace(m, now),
})

const sessionWire = (s: StoredSession, userId: UserId) => ({
  startedAt: toIsoDateTime(s.startedAt),
  minutes: s.minutes,
  loggedBy: s.loggedBy,
  fromMeeting: s.fromMeeting,
  note: s.loggedByUser === userId ? s.note : null,
})

export const myMeetings =
  (ports: {
    readonly store: WorldStore
    readonly users: UsersRepository
    readonly meetings: MeetingsRepository
    readonly clock: Clock
    readonly timeZone: string
  }) =>
  async (userId: UserId): Promise<MyMeetingsWire> => {
    const now = ports.clock()
    const world = await ports.store.load({ userIds: [userId] })
    const teams = [...world.tandems.values()]
      .filter((t) => t.state === 'MATCHED' && (t.menteeId === userId || t.mentorId === userId))
      .sort((a, b) => a.id - b.id)
    const ids = teams.map((t) => t.id)
    const [meetings, sessions] = await Promise.all([ports.meetings.ofTandems(ids), ports.meetings.sessionsOf(ids)])
    const out: MyMeetingsWire['teams'][number][] = []
    for (const tandem of teams) {
      const side: Side = tandem.menteeId === userId ? 'Mentee' : 'Mentor'
      const partnerId = side === 'Mentee' ? tandem.mentorId : tandem.menteeId
      const partner = await ports.users.byId(partnerId)
      out.push({
        matchingTandemId: tandem.id,
        partnerName: partner === undefined ? '' : `${partner.firstName} ${partner.lastName}`.trim(),
        partnerTimeZone: await timeZoneOfPerson(ports, partnerId),
        meetings: meetings.filter((m) => m.tandemId === tandem.id).map((m) => meetingWire(m, side, now)),
        sessions: sessions.filter((s) => s.tandemId === tandem.id).map((s) => sessionWire(s, userId)),
      })
    }
    return { timeZone: await timeZoneOfPerson(ports, userId), teams: out }
  }
