// The waitlist's switch on the mentee's no-match panel (docs/matching.md#waitlist), against the real
// server: on by default, one click turns it off (SetWaitlist), in English and German.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
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

const setUp = async (person: Person, language: 'en' | 'de' = 'en') => {
  const { user, auth } = api.signedIn(person)
  return renderWithProviders(
    <Routes>
      <Route path="/matching" element={<Dashboard />} />
    </Routes>,
    { route: '/matching', apiBaseUrl: api.url, user, auth, language },
  )
}

/** A mentee whose run found no mentor: on the waitlist. */
const waitingMentee = async (): Promise<Person> => {
  const mia = await api.readyMentee()
  await api.expectOk(api.call(mia, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mia.email }), 'start')
  return mia
}

const waitlistOf = async (p: Person) =>
  await api.expectOk(api.call<{ enabled: boolean }>(p, 'POST', '/api/MatchingTandem/GetWaitlist', { email: p.email }), 'waitlist')

describe('the waitlist switch', () => {
  it('is on by default on the no-match panel, and one click turns the waitlist off on the server', async () => {
    const mia = await waitingMentee()
    await setUp(mia)
    const toggle = await screen.findByRole('switch', { name: 'Tell me when a mentor is found' })
    expect((toggle as HTMLInputElement).checked).toBe(true)
    await userEvent.click(toggle)
    await waitFor(async () => expect((await waitlistOf(mia)).enabled).toBe(false))
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('switch').checked).toBe(false))
  })

  it('speaks German with "Sie"', async () => {
    await setUp(await waitingMentee(), 'de')
    expect(await screen.findByRole('switch', { name: 'Benachrichtigen Sie mich, wenn ein*e Mentor*in gefunden ist' })).toBeTruthy()
  })

  it('is not shown before a run found nobody', async () => {
    await setUp(await api.readyMentee())
    expect(await screen.findByRole('button', { name: 'Start matching' })).toBeTruthy()
    expect(screen.queryByRole('switch')).toBeNull()
  })
})
