// What must hold after every command of the whole-program model, read from the system through the
// API and compared with the model's own state: places and statuses (core's rule), the waitlist,
// what a participant's own timeline shows of the other side's ending.
import type { UserListRow } from '@tandem/core'
import { expect } from 'vitest'
import { callChecked, type ProgramReal } from './program.calls.js'
import { expectedMenteeStatuses, expectedMentorStatus, placesOfMentor, type ProgramModel } from './program.model.js'

type WaitlistView = { enabled: boolean; waitingSince: string | null }
type TimelineView = { matchingTandemId: number; ended: { by: string; reasonId: string | null } | null }

const listed = async (r: ProgramReal, side: 'Mentors' | 'Mentees'): Promise<Map<string, UserListRow>> => {
  const reply = await callChecked<UserListRow[]>(r, r.h.admin, 'POST', `/api/Admin/Get${side}`, r.statusMaster)
  expect(reply.status, `GetMentors/GetMentees: ${JSON.stringify(reply.body)}`).toBe(200)
  return new Map(reply.body.value.map((row) => [row.email, row]))
}

export const checkInvariants = async (m: ProgramModel, r: ProgramReal): Promise<void> => {
  // Places and status: the places the model's live tandems take, and the status core derives from
  // them, whatever the capacity (also below the places taken after a lowering).
  const mentors = await listed(r, 'Mentors')
  for (const [i, mentor] of m.mentors.entries()) {
    const row = mentors.get(mentor.person.email)
    if (mentor.erased) {
      expect(row, `erased ${mentor.person.firstName} still listed`).toBeUndefined()
      continue
    }
    const places = placesOfMentor(m, i)
    expect(
      { mentor: mentor.person.firstName, status: row?.status, places: row?.mentorPlaces },
      'a mentor reads the status core derives from the places taken',
    ).toEqual({
      mentor: mentor.person.firstName,
      status: expectedMentorStatus(m, i),
      places: { taken: places.taken, capacity: mentor.capacity },
    })
  }
  const mentees = await listed(r, 'Mentees')
  for (const [i, mentee] of m.mentees.entries()) {
    if (mentee.erased) continue
    const status = mentees.get(mentee.person.email)?.status
    expect(expectedMenteeStatuses(m, i), `${mentee.person.firstName}'s status ${status}`).toContain(status)
    // On the waitlist exactly when the rules say: nobody leaves it except by being served or opting out.
    const waitlist = await callChecked<WaitlistView>(r, mentee.person, 'POST', '/api/MatchingTandem/GetWaitlist', {
      email: mentee.person.email,
    })
    const since = waitlist.body.value.waitingSince
    expect(
      { mentee: mentee.person.firstName, enabled: waitlist.body.value.enabled, waiting: since !== null },
      'a mentee is on the waitlist exactly when the rules put them there',
    ).toEqual({ mentee: mentee.person.firstName, enabled: mentee.waitlistOn, waiting: mentee.waiting !== null })
    if (mentee.waiting?.sinceEnd === true)
      expect(since === null ? null : Date.parse(since), `${mentee.person.firstName} waits since the end`).toBe(mentee.waiting.since)
  }
  await checkMeetings(m, r)
  // A participant's own timeline never shows the reason the other side gave for ending the team.
  if (r.leaveOut.includes('ending-privacy')) return
  const partners = new Map<string, { person: ProgramModel['mentees'][number]['person']; teams: Set<number> }>()
  for (const t of m.tandems) {
    if (t.ending === null) continue
    const partner = t.ending.by === 'Mentee' ? m.mentors[t.mentor] : m.mentees[t.mentee]
    if (partner === undefined || partner.erased) continue
    const entry = partners.get(partner.person.email) ?? { person: partner.person, teams: new Set<number>() }
    entry.teams.add(t.id)
    partners.set(partner.person.email, entry)
  }
  for (const { person, teams } of partners.values()) {
    const reply = await callChecked<TimelineView[]>(
      r,
      person,
      'GET',
      `/api/Mentorship/GetMyTimelines?email=${encodeURIComponent(person.email)}`,
    )
    expect(reply.status).toBe(200)
    const shown = reply.body.value.filter((v) => teams.has(v.matchingTandemId)).map((v) => [v.matchingTandemId, v.ended?.reasonId ?? null])
    expect(shown, `${person.firstName} sees the partner's ending reason`).toEqual(shown.map(([id]) => [id, null]))
  }
}

type MeetingsView = {
  teams: {
    matchingTandemId: number
    meetings: { meetingId: number; state: string; sequence: number; slots: { start: string }[] }[]
    sessions: unknown[]
  }[]
}

/**
 * Each matched team's meetings read as both of its people see them: the states, sequences and slots
 * the model expects (a confirmed meeting has exactly one slot), and its sessions counted.
 */
const checkMeetings = async (m: ProgramModel, r: ProgramReal): Promise<void> => {
  for (const team of m.tandems) {
    if (team.phase !== 'Matched') continue
    const sides = [m.mentees[team.mentee], m.mentors[team.mentor]]
    for (const who of sides) {
      if (who === undefined || who.erased) continue
      const reply = await callChecked<MeetingsView>(
        r,
        who.person,
        'GET',
        `/api/Meeting/GetMyMeetings?email=${encodeURIComponent(who.person.email)}`,
      )
      expect(reply.status).toBe(200)
      const shown = reply.body.value.teams.find((t) => t.matchingTandemId === team.id)
      const expected = m.meetings
        .filter((x) => x.tandemId === team.id)
        .map((x) => [x.id, x.state, x.sequence, x.slots.map((s) => new Date(s).toISOString())])
        .sort((a, b) => Number(a[0]) - Number(b[0]))
      const actual = (shown?.meetings ?? [])
        .map((x) => [x.meetingId, x.state, x.sequence, x.slots.map((s) => s.start)])
        .sort((a, b) => Number(a[0]) - Number(b[0]))
      expect(actual, `${who.person.firstName}'s meetings of team ${team.id}`).toEqual(expected)
      for (const [, state, , slots] of actual)
        if (state === 'Confirmed' || state === 'TookPlace' || state === 'DidNotTakePlace')
          expect(slots, 'an agreed meeting has one slot').toHaveLength(1)
      expect(shown?.sessions.length ?? 0, `sessions of team ${team.id}`).toBe(m.sessions.get(team.id) ?? 0)
    }
  }
}
