// A check-in answer refused by the mail links' rate limit (docs/api.md: 30 a quarter hour per
// address), against the real server: the answer stays in the form and the message names the real
// wait from the server's Retry-After, not "a minute". In English and German.
import { DAY } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeEach(async () => {
  api = await startRealApi()
})
afterEach(() => api.close())

const LOAD = { timeout: 20_000 }
const ANSWER_BY_LINK = 'POST /api/Mentorship/AnswerCheckInByLink'

/** A pulse link's page, with the address's budget of link calls spent but for the page's own. */
const pulsePageOverItsLimit = async (language: 'en' | 'de', heading: string) => {
  const { mentee } = await api.matchedTeamAskedIfMet()
  api.clock.advance(16 * DAY)
  await api.server.sweepCheckIns()
  const token = await api.checkInLinkTokenOf(mentee)
  await renderWithProviders(<AppRoutes />, { route: `/check-in?token=${token}`, apiBaseUrl: api.url, user: null, language })
  expect(await screen.findByRole('heading', { name: heading }, LOAD)).toBeTruthy()
  // the page's own read was the first of 30; the other 29 come from elsewhere on the same address
  for (let i = 0; i < 29; i++) await api.call(null, 'GET', `/api/Mentorship/GetCheckInByLink?token=${token}`)
}

describe('a rate-limited check-in answer', () => {
  it('is kept in the form, and the message names the real wait', async () => {
    await pulsePageOverItsLimit('en', 'How is your mentorship going?')
    await userEvent.click(screen.getByRole('radio', { name: '2 – bad' }))
    await userEvent.type(screen.getByRole('textbox', { name: /A note for the program team/ }), 'We keep missing each other.')
    await userEvent.click(screen.getByRole('button', { name: 'Send answer' }))
    expect(
      await screen.findByText(
        'Too many answers from your connection in a short time. Your answer is kept: please send it again in 15 minutes.',
      ),
    ).toBeTruthy()
    expect(api.calls(ANSWER_BY_LINK).map((r) => r.status)).toEqual([429])
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '2 – bad' }).checked).toBe(true)
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /A note for the program team/ }).value).toBe(
      'We keep missing each other.',
    )
  })

  it('says it in German', async () => {
    await pulsePageOverItsLimit('de', 'Wie läuft Ihr Mentoring?')
    await userEvent.click(screen.getByRole('radio', { name: '2 – schlecht' }))
    await userEvent.click(screen.getByRole('button', { name: 'Antwort senden' }))
    expect(
      await screen.findByText(
        'Zu viele Antworten von Ihrer Verbindung in kurzer Zeit. Ihre Antwort bleibt erhalten: Bitte senden Sie sie in 15 Minuten erneut.',
      ),
    ).toBeTruthy()
  })
})
