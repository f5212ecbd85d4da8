// Helpers of the meetings tests (docs/mentorship.md#meetings): the meeting routes called as a person,
// what the person reads of their meetings, a proposal's body, and a meeting proposed or agreed
// through the real routes as a pair would make it.
import { expect } from 'vitest'
import type { Harness, Person, Reply } from './harness.js'

export type MeetingView = {
  meetingId: number
  state: string
  sequence: number
  proposedByMe: boolean
  slots: { start: string; end: string; minutes: number }[]
  mayAnswer: boolean
  mayAnswerTookPlace: boolean
  agenda: string
}

/** GET /api/Meeting/GetMyMeetings, and what every meeting route answers. */
export type Mine = {
  timeZone: string
  teams: {
    matchingTandemId: number
    partnerTimeZone: string
    meetings: MeetingView[]
    sessions: { startedAt: string; minutes: number; loggedBy: string; fromMeeting: boolean; note: string | null }[]
  }[]
}

export const iso = (at: number): string => new Date(at).toISOString()

/** POST /api/Meeting/{op} as the person, their address added to the body. */
export const meetingCall = <T = Mine>(h: Harness, p: Person, op: string, body: Record<string, unknown>): Promise<Reply<T>> =>
  h.call<T>(p, 'POST', `/api/Meeting/${op}`, { email: p.email, ...body })

/** The person's time zone and their teams' meetings and sessions. */
export const myMeetings = async (h: Harness, p: Person): Promise<Mine> =>
  (await h.call<Mine>(p, 'GET', `/api/Meeting/GetMyMeetings?email=${encodeURIComponent(p.email)}`)).body.value

/** A proposal's body: one time of an hour at `start`, online, unless `o` says otherwise. */
export const oneTime = (tandemId: number, start: number, o: Record<string, unknown> = {}): Record<string, unknown> => ({
  matchingTandemId: tandemId,
  slots: [{ start: iso(start), minutes: 60 }],
  link: 'https://meet.example.org/room-1',
  place: null,
  agenda: '',
  ...o,
})

/** The person proposes (`body` as ProposeMeeting takes it, without the address); the new meeting's id. */
export const proposeMeeting = async (h: Harness, who: Person, body: Record<string, unknown>): Promise<number> => {
  const made = await meetingCall(h, who, 'ProposeMeeting', body)
  expect(made.status, JSON.stringify(made.body)).toBe(200)
  const team = made.body.value.teams.find((t) => t.matchingTandemId === body['matchingTandemId'])
  return Math.max(...(team?.meetings.map((m) => m.meetingId) ?? []))
}

/** One side proposes one time and the other picks it: the meeting is agreed; its id. */
export const agreedMeeting = async (
  h: Harness,
  pair: { readonly proposer: Person; readonly picker: Person; readonly tandemId: number },
  start: number,
  o: Record<string, unknown> = {},
): Promise<number> => {
  const meetingId = await proposeMeeting(h, pair.proposer, oneTime(pair.tandemId, start, o))
  const picked = await meetingCall(h, pair.picker, 'PickSlot', { meetingId, start: iso(start) })
  expect(picked.status, JSON.stringify(picked.body)).toBe(200)
  return meetingId
}
