// The mentor's matching switch (docs/matching.md#places), against the real server: pausing while
// every place is taken says why it cannot (never "the data changed, refresh"); after an ending with
// "pause my matching" the questionnaire's switch shows the pause at once; the switch's label says
// the state it is in. In English and German.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Link, Route, Routes } from 'react-router'
import Dashboard from '../src/features/dashboard/Dashboard.js'
import QuestionnairePage from '../src/features/questionnaire/QuestionnairePage.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeEach(async () => {
  api = await startRealApi()
})
afterEach(() => api.close())

const open = async (person: Person, route: string, language: 'en' | 'de' = 'en') => {
  const { user, auth } = api.signedIn(person)
  await renderWithProviders(
    <>
      <Link to="/matching">dashboard</Link>
      <Routes>
        <Route path="/matching" element={<Dashboard />} />
        <Route path="/user/mentor-profile" element={<QuestionnairePage side="Mentor" />} />
      </Routes>
    </>,
    { route, apiBaseUrl: api.url, user, auth, language },
  )
}

/** Max, with one place, proposed to Mia (every place taken). */
const fullMentor = async () => {
  const max = await api.publishedMentor('Max')
  const mia = await api.readyMentee('Mia')
  await api.expectOk(api.call(mia, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mia.email }), 'start matching')
  return max
}

const switchIn = async (name: string) => await screen.findByRole<HTMLInputElement>('switch', { name }, { timeout: 30_000 })

describe("the mentor's matching switch", () => {
  it('says why a mentor whose places are all taken cannot pause, and stays on', async () => {
    await open(await fullMentor(), '/user/mentor-profile')
    await userEvent.click(await switchIn('Matching enabled'))
    expect(
      await screen.findByText(
        'You cannot pause your matching now: all your places are taken, so no new mentee is proposed to you anyway. You can pause as soon as a place is free; your current mentees stay.',
      ),
    ).toBeTruthy()
    expect(screen.queryByText(/refresh/)).toBeNull()
    expect((await switchIn('Matching enabled')).checked).toBe(true)
  })

  it('says it in German', async () => {
    await open(await fullMentor(), '/user/mentor-profile', 'de')
    await userEvent.click(await switchIn('Matching aktiviert'))
    expect(await screen.findByText(/^Sie können Ihr Matching jetzt nicht pausieren: Alle Ihre Plätze sind belegt/)).toBeTruthy()
  })

  it('shows the pause at once after an ending with "pause my matching", and its label says so', async () => {
    const { mentor } = await api.matchedTeam()
    await open(mentor, '/user/mentor-profile')
    expect((await switchIn('Matching enabled')).checked).toBe(true)
    await userEvent.click(screen.getByRole('link', { name: 'dashboard' }))
    const card = await screen.findByRole('group', { name: 'Proposal: Mia Mentee' })
    await userEvent.click(within(card).getByRole('button', { name: 'End mentorship' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('radio', { name: 'We reached our goals' }))
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Pause my matching/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'End mentorship' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Open the mentor questionnaire' }))
    const paused = await switchIn('Matching paused')
    await waitFor(() => expect(paused.checked).toBe(false))
    expect(screen.queryByRole('switch', { name: 'Matching enabled' })).toBeNull()
  })
})
