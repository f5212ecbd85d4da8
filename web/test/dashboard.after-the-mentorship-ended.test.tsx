// The mentee's dashboard after their team ended (docs/matching.md#waitlist, docs/mentorship.md#ending-a-team),
// against the real server: it says the mentorship has ended and that they are on the waitlist, with
// the waitlist's switch and "Start matching" beside it, in English and German; an end with "goals
// reached" shows the ordinary start panel without the switch.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import Dashboard from '../src/features/dashboard/Dashboard.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeEach(async () => {
  api = await startRealApi()
})
afterEach(() => api.close())

/** Mia and Max matched; Max ends the team for `reasonId`. Answers Mia. */
const endedTeam = async (reasonId: string): Promise<Person> => {
  const { mentee, mentor, matchingTandemId } = await api.matchedTeam()
  await api.expectOk(
    api.call(mentor, 'POST', '/api/MatchingTandem/EndMatchingTandem', {
      email: mentor.email,
      matchingTandemId,
      reasonId,
      otherText: null,
      doNotPairAgain: false,
      pauseMatching: false,
    }),
    'end',
  )
  return mentee
}

const open = async (p: Person, language: 'en' | 'de') => {
  const { user, auth } = api.signedIn(p)
  await renderWithProviders(<Dashboard />, { route: '/matching', apiBaseUrl: api.url, user, auth, language })
}

const waitlistOf = async (p: Person) =>
  await api.expectOk(api.call<{ enabled: boolean }>(p, 'POST', '/api/MatchingTandem/GetWaitlist', { email: p.email }), 'waitlist')

describe('the dashboard after the mentorship ended', () => {
  it('tells the mentee they are on the waitlist, with the switch beside "Start matching"', async () => {
    const mia = await endedTeam('no-time')
    await open(mia, 'en')
    const panel = await screen.findByRole('group', { name: 'Your mentorship has ended' })
    expect(within(panel).getByText('You can start matching again yourself at any time.')).toBeTruthy()
    expect(await within(panel).findByText(/^You are on the waitlist: as soon as a mentor who fits you has a free place/)).toBeTruthy()
    expect(within(panel).getByRole('button', { name: 'Start matching' })).toBeTruthy()
    const toggle = await within(panel).findByRole('switch', { name: 'Tell me when a mentor is found' })
    expect((toggle as HTMLInputElement).checked).toBe(true)
    await userEvent.click(toggle)
    await waitFor(async () => expect((await waitlistOf(mia)).enabled).toBe(false))
  })

  it('speaks German with "Sie"', async () => {
    await open(await endedTeam('not-a-good-fit'), 'de')
    const panel = await screen.findByRole('group', { name: 'Ihr Mentoring ist beendet' })
    expect(within(panel).getByText('Sie können das Matching jederzeit selbst wieder starten.')).toBeTruthy()
    expect(await within(panel).findByText(/^Sie stehen auf der Warteliste: Sobald für Sie ein passender Platz/)).toBeTruthy()
    expect(within(panel).getByRole('button', { name: 'Matching starten' })).toBeTruthy()
    expect(await within(panel).findByRole('switch', { name: 'Benachrichtigen Sie mich, wenn ein*e Mentor*in gefunden ist' })).toBeTruthy()
  })

  it('after "goals reached" the ordinary start panel, without the waitlist', async () => {
    await open(await endedTeam('goals-reached'), 'en')
    expect(await screen.findByRole('group', { name: 'Start matching' })).toBeTruthy()
    expect(screen.queryByRole('group', { name: 'Your mentorship has ended' })).toBeNull()
    expect(screen.queryByRole('switch')).toBeNull()
  })
})
