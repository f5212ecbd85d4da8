// Check-ins for participants (docs/mentorship.md#check-ins) against the real server: the dashboard's
// card answers "have you met yet?" and the pulse, refuses a note over 1000 characters in words
// without recording anything; the mail link's page shows its question without answering it,
// answers on the click, and says the link is used on a second visit. English and German.
import { DAY } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import Dashboard from '../src/features/dashboard/Dashboard.js'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeEach(async () => {
  api = await startRealApi()
})
afterEach(() => api.close())

const ANSWER = 'POST /api/Mentorship/AnswerCheckIn'
const ANSWER_BY_LINK = 'POST /api/Mentorship/AnswerCheckInByLink'
const LOAD = { timeout: 20_000 }

const openDashboard = async (p: Person, language: 'en' | 'de') => {
  const { user, auth } = api.signedIn(p)
  await renderWithProviders(<Dashboard />, { route: '/matching', apiBaseUrl: api.url, user, auth, language })
}
const openKinds = async (p: Person) => (await api.openCheckInsOf(p)).map((c) => c.occasion.kind)

describe('the check-in card on the dashboard', () => {
  it('a mentee answers "have you met yet?" with one click; the card goes and the answer is recorded', async () => {
    const { mentee, matchingTandemId } = await api.matchedTeamAskedIfMet()
    await openDashboard(mentee, 'en')
    const card = await screen.findByRole('region', { name: 'Have you met yet?' }, LOAD)
    expect(within(card).getByText('About your mentorship as mentee')).toBeTruthy()
    await userEvent.click(within(card).getByRole('button', { name: 'Yes, we have met' }))
    expect(await screen.findByText('Thank you: your answer is recorded. Only the program team sees it.')).toBeTruthy()
    expect(api.calls(ANSWER).map((r) => [r.status, r.body])).toEqual([
      [200, { email: mentee.email, matchingTandemId, occasion: { kind: 'Met' }, answer: { kind: 'Met', met: 'Yes' } }],
    ])
    expect(await openKinds(mentee)).toEqual([])
    // the card goes once the open questions are asked again (the answer invalidated them)
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Have you met yet?' })).toBeNull())
  })

  it('a mentor in German: a note over 1000 characters is refused in words and nothing is recorded; 1000 emoji are accepted', async () => {
    const { mentor } = await api.matchedTeamAskedIfMet()
    // day 31: the first pulse replaces the unanswered "met?" question
    api.clock.advance(16 * DAY)
    await api.server.sweepCheckIns()
    expect(await openKinds(mentor)).toEqual(['Pulse'])
    await openDashboard(mentor, 'de')
    const card = await screen.findByRole('region', { name: 'Wie läuft Ihr Mentoring?' }, LOAD)
    expect(within(card).getByText('Zu Ihrem Mentoring als Mentor*in')).toBeTruthy()
    await userEvent.click(within(card).getByRole('radio', { name: '4 – gut' }))
    const note = within(card).getByRole('textbox', { name: /Anmerkung/ })
    await userEvent.click(note)
    // counted as the person sees them: 1001 emoji are 1001 characters (2002 UTF-16 units)
    await userEvent.paste('🙂'.repeat(1001))
    await userEvent.click(within(card).getByRole('button', { name: 'Antwort senden' }))
    expect(await within(card).findByText('Zu viele Zeichen: 1001 von höchstens 1000.')).toBeTruthy()
    expect(api.calls(ANSWER)).toEqual([])
    expect(await openKinds(mentor)).toEqual(['Pulse'])

    await userEvent.clear(note)
    await userEvent.paste('🙂'.repeat(1000))
    await userEvent.click(within(card).getByRole('button', { name: 'Antwort senden' }))
    expect(await screen.findByText('Vielen Dank: Ihre Antwort ist gespeichert. Nur das Programmteam sieht sie.')).toBeTruthy()
    expect(api.calls(ANSWER).map((r) => [r.status, (r.body as { answer: unknown }).answer])).toEqual([
      [200, { kind: 'Pulse', score: 4, note: '🙂'.repeat(1000) }],
    ])
    expect(await openKinds(mentor)).toEqual([])
  })
})

describe("the page of a check-in mail's link", () => {
  const openLink = (token: string, language: 'en' | 'de') =>
    renderWithProviders(<AppRoutes />, { route: `/check-in?token=${token}`, apiBaseUrl: api.url, user: null, language })

  it('shows the question without answering it, answers on the click, and says the link is used on a second visit', async () => {
    const { mentor } = await api.matchedTeamAskedIfMet()
    const token = await api.checkInLinkTokenOf(mentor)
    await openLink(token, 'en')
    expect(await screen.findByRole('heading', { name: 'Have you met yet?' }, LOAD)).toBeTruthy()
    expect(screen.getByText('About your mentorship as mentor')).toBeTruthy()
    // opening the page (as a mail scanner would) answered nothing
    expect(api.calls(ANSWER_BY_LINK)).toEqual([])
    expect(await openKinds(mentor)).toEqual(['Met'])

    await userEvent.click(screen.getByRole('button', { name: 'We cannot reach each other' }))
    expect(await screen.findByText('Thank you: your answer is recorded. Only the program team sees it.')).toBeTruthy()
    expect(api.calls(ANSWER_BY_LINK).map((r) => [r.status, r.body])).toEqual([
      [200, { token, answer: { kind: 'Met', met: 'CannotReach' } }],
    ])
    expect(await openKinds(mentor)).toEqual([])

    cleanup()
    await openLink(token, 'en')
    expect(await screen.findByText('This link has been used already: the question is answered.', {}, LOAD)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'We cannot reach each other' })).toBeNull()
    expect(api.calls(ANSWER_BY_LINK)).toHaveLength(1)
  })

  it('in German: the pulse from the link, and an unknown link says so', async () => {
    const { mentee } = await api.matchedTeamAskedIfMet()
    api.clock.advance(16 * DAY)
    await api.server.sweepCheckIns()
    const token = await api.checkInLinkTokenOf(mentee)
    await openLink(token, 'de')
    expect(await screen.findByRole('heading', { name: 'Wie läuft Ihr Mentoring?' }, LOAD)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Antwort senden' }))
    expect(await screen.findByText('Diese Angabe ist erforderlich.')).toBeTruthy()
    expect(api.calls(ANSWER_BY_LINK)).toEqual([])
    await userEvent.click(screen.getByRole('radio', { name: '2 – schlecht' }))
    await userEvent.click(screen.getByRole('button', { name: 'Antwort senden' }))
    expect(await screen.findByText('Vielen Dank: Ihre Antwort ist gespeichert. Nur das Programmteam sieht sie.')).toBeTruthy()
    expect(api.calls(ANSWER_BY_LINK).map((r) => [r.status, (r.body as { answer: unknown }).answer])).toEqual([
      [200, { kind: 'Pulse', score: 2, note: null }],
    ])
    expect(await openKinds(mentee)).toEqual([])

    cleanup()
    await openLink('x'.repeat(40), 'de')
    expect(await screen.findByText(/Dieser Link ist unbekannt/, {}, LOAD)).toBeTruthy()
  })
})
