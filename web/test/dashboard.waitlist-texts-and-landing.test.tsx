// The mentee's waitlist on the dashboard (docs/matching.md#waitlist), against the real server: the
// no-match panel says the person now waits on the waitlist and what that means, and offers to start
// again; the sentence follows the switch and a change is confirmed; the stop page's link
// (`/#waitlist`) lands on the switch, beside proposals too. In English and German.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Routes } from 'react-router'
import Dashboard from '../src/features/dashboard/Dashboard.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeEach(async () => {
  api = await startRealApi()
})
afterEach(() => api.close())

const open = async (person: Person, route = '/', language: 'en' | 'de' = 'en') => {
  const { user, auth } = api.signedIn(person)
  await renderWithProviders(
    <Routes>
      <Route path="/" element={<Dashboard />} />
    </Routes>,
    { route, apiBaseUrl: api.url, user, auth, language },
  )
}

/** A mentee whose run found no mentor: on the waitlist. */
const waitingMentee = async (): Promise<Person> => {
  const mia = await api.readyMentee()
  await api.expectOk(api.call(mia, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mia.email }), 'start')
  return mia
}

describe('the waitlist on the dashboard', () => {
  it('says the mentee waits on the waitlist and what that means, offers to start again, and follows the switch', async () => {
    await open(await waitingMentee())
    const panel = await screen.findByRole('group', { name: 'No suitable mentor found' })
    expect(
      await within(panel).findByText(
        'You are on the waitlist: as soon as a mentor who fits you has a free place, we start matching for you and tell you by e-mail. You need not do anything.',
      ),
    ).toBeTruthy()
    expect(within(panel).getByRole('button', { name: 'Start matching' })).toBeTruthy()
    await userEvent.click(within(panel).getByRole('switch', { name: 'Tell me when a mentor is found' }))
    expect(await within(panel).findByText('Saved: you are no longer on the waitlist.')).toBeTruthy()
    expect(
      within(panel).getByText(
        'You are not on the waitlist: we do not look for a mentor for you on our own. Start matching yourself, or turn on the switch.',
      ),
    ).toBeTruthy()
    expect(within(panel).queryByText(/^You are on the waitlist/)).toBeNull()
    await userEvent.click(within(panel).getByRole('switch', { name: 'Tell me when a mentor is found' }))
    expect(await within(panel).findByText('Saved: you are on the waitlist again.')).toBeTruthy()
  })

  it('speaks German with "Sie"', async () => {
    await open(await waitingMentee(), '/', 'de')
    const panel = await screen.findByRole('group', { name: 'Keine passenden Mentor*innen gefunden' })
    expect(await within(panel).findByText(/^Sie stehen auf der Warteliste: Sobald für Sie ein passender Platz/)).toBeTruthy()
    expect(within(panel).getByRole('button', { name: 'Matching starten' })).toBeTruthy()
    await userEvent.click(within(panel).getByRole('switch'))
    expect(await within(panel).findByText('Gespeichert: Sie stehen nicht mehr auf der Warteliste.')).toBeTruthy()
  })

  it("lands on the switch from the stop page's link", async () => {
    await open(await waitingMentee(), '/#waitlist')
    const toggle = await screen.findByRole('switch', { name: 'Tell me when a mentor is found' })
    await waitFor(() => expect(document.activeElement).toBe(toggle))
  })
})
