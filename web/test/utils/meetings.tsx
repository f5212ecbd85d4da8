// The meetings screen tests' set-up (docs/web.md#meetings): a person's dashboard opened against the
// real API, and meetings and sessions seeded and read through the real meeting routes, as the other
// side of the pair would make them.
import type { ReactElement } from 'react'
import type { MyMeetingsWire } from '@tandem/core'
import Dashboard from '../../src/features/dashboard/Dashboard.js'
import { renderWithProviders } from './renderWithProviders.js'
import type { Person, RealApi } from './realApi.js'

/** How long a screen test waits for the real server's answer to reach the screen. */
export const LOAD = { timeout: 20_000 }

/** Signs the person in and renders the page at the route (their dashboard at /matching unless told). */
export const openAs = async (
  api: RealApi,
  p: Person,
  language: 'en' | 'de',
  page: ReactElement = <Dashboard />,
  route = '/matching',
): Promise<void> => {
  const { user, auth } = api.signedIn(p)
  await renderWithProviders(page, { route, apiBaseUrl: api.url, user, auth, language })
}

/** The person's time zone and their teams' meetings and sessions, as the server holds them. */
export const meetingsOf = (api: RealApi, p: Person): Promise<MyMeetingsWire> =>
  api.expectOk(api.call<MyMeetingsWire>(p, 'GET', `/api/Meeting/GetMyMeetings?email=${encodeURIComponent(p.email)}`), 'meetings')

/** One time of a proposal, online at the link unless a place is given. */
export type OneTime = {
  readonly start: string
  readonly minutes: number
  readonly link?: string
  readonly place?: string
  readonly agenda?: string
}

/** The person proposes one time to their team; the new meeting's id. */
export const proposeMeeting = async (api: RealApi, who: Person, matchingTandemId: number, time: OneTime): Promise<number> => {
  const mine = await api.expectOk(
    api.call<MyMeetingsWire>(who, 'POST', '/api/Meeting/ProposeMeeting', {
      email: who.email,
      matchingTandemId,
      slots: [{ start: time.start, minutes: time.minutes }],
      link: time.place === undefined ? (time.link ?? 'https://meet.example/room') : null,
      place: time.place ?? null,
      agenda: time.agenda ?? '',
    }),
    'propose',
  )
  const ids = mine.teams.find((t) => t.matchingTandemId === matchingTandemId)?.meetings.map((m) => m.meetingId) ?? []
  if (ids.length === 0) throw new Error(`no meeting proposed to team ${matchingTandemId}`)
  return Math.max(...ids)
}

/** The person picks the offered time starting at `start`. */
export const pickSlot = (api: RealApi, who: Person, meetingId: number, start: string): Promise<unknown> =>
  api.expectOk(api.call(who, 'POST', '/api/Meeting/PickSlot', { email: who.email, meetingId, start }), 'pick')

/** One side proposes one time and the other picks it: the meeting is agreed; its id. */
export const agreedMeeting = async (
  api: RealApi,
  pair: { readonly proposer: Person; readonly picker: Person; readonly matchingTandemId: number },
  time: OneTime,
): Promise<number> => {
  const meetingId = await proposeMeeting(api, pair.proposer, pair.matchingTandemId, time)
  await pickSlot(api, pair.picker, meetingId, time.start)
  return meetingId
}

/** The person logs a session arranged elsewhere. */
export const logSession = (
  api: RealApi,
  who: Person,
  matchingTandemId: number,
  session: { readonly startedAt: string; readonly minutes: number; readonly note?: string },
): Promise<unknown> =>
  api.expectOk(
    api.call(who, 'POST', '/api/Meeting/LogSession', { email: who.email, matchingTandemId, note: '', ...session }),
    'log session',
  )
