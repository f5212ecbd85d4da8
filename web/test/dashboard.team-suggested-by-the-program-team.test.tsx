// A team an administrator made by hand (docs/product.md#constants: no score), on the mentee's
// dashboard against the real server: it reads "suggested by the program team", and neither the card
// nor the profile's heading shows "0 points". In English and German.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import Dashboard from '../src/features/dashboard/Dashboard.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeEach(async () => {
  api = await startRealApi()
})
afterEach(() => api.close())

const open = async (person: Person, language: 'en' | 'de') => {
  const { user, auth } = api.signedIn(person)
  await renderWithProviders(<Dashboard />, { route: '/matching', apiBaseUrl: api.url, user, auth, language })
}

/** Mia waits (the only mentor paused for her run); the administrator pairs her with Max. */
const menteeOfAManualTeam = async () => {
  const max = await api.publishedMentor('Max')
  const mia = await api.readyMentee('Mia')
  await api.manualTeam(mia, max, [max])
  return { mia, max }
}

describe('a team the program team suggested', () => {
  it.each([
    ['en', 'Suggested by the program team', 'Proposal', 'Profile of'],
    ['de', 'Vom Programmteam vorgeschlagen', 'Vorschlag', 'Profil von'],
  ] as const)('%s: reads "suggested by the program team", without points', async (language, suggested, proposal, profileOf) => {
    const { mia, max } = await menteeOfAManualTeam()
    await open(mia, language)
    const card = await screen.findByRole('group', { name: `${proposal}: ${max.firstName} ${max.lastName}` })
    expect(within(card).getByText(suggested)).toBeTruthy()
    expect(within(card).queryByText(/Manual|Manuell/)).toBeNull()
    const header = await screen.findByRole('button', { name: new RegExp(`^${profileOf} ${max.firstName} ${max.lastName}`) })
    expect(header.textContent).not.toMatch(/\d+ (points|Punkte)/)
  })
})
