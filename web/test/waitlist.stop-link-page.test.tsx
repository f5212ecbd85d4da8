// The page of the waitlist mail's stop link (docs/matching.md#waitlist) against the real server, with
// no one signed in: opening it turns nothing off; the button does, and the page then says how to turn
// it on again; a second visit says the link is used; an expired and an unknown link say so. English
// and German.
import { DAY } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeEach(async () => {
  api = await startRealApi()
})
afterEach(() => api.close())

const STOP = 'POST /api/MatchingTandem/StopWaitlistByLink'
const LOAD = { timeout: 20_000 }

const openLink = (token: string, language: 'en' | 'de') =>
  renderWithProviders(<AppRoutes />, { route: `/waitlist/stop?token=${token}`, apiBaseUrl: api.url, user: null, language })

/** The mentee's run found nobody; a mentor publishes and the waitlist's round proposes them: the mail's stop link's token. */
const mailedMentee = async (name = 'Mia'): Promise<{ mentee: Person; token: string }> => {
  const mentee = await api.readyMentee(name)
  await api.expectOk(api.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'start matching')
  api.clock.advance(60_000)
  await api.publishedMentor('Max')
  await api.server.serveWaitlist()
  const mail = (await api.server.ctx.outbox.all()).find((m) => m.type === 'WAITLIST_PROPOSALS' && m.recipient.email === mentee.email)
  const link = (mail?.data as { readonly stopLink?: string } | undefined)?.stopLink
  const token = link === undefined ? null : new URL(link).searchParams.get('token')
  if (token === null) throw new Error('no waitlist mail with a stop link')
  return { mentee, token }
}
const waitlistOn = async (p: Person) =>
  (await api.expectOk(api.call<{ enabled: boolean }>(p, 'POST', '/api/MatchingTandem/GetWaitlist', { email: p.email }), 'waitlist')).enabled

describe("the page of a waitlist mail's stop link", () => {
  it('shows the button without turning anything off, turns the waitlist off on the click and says how to turn it on again', async () => {
    const { mentee: mia, token } = await mailedMentee()
    await openLink(token, 'en')
    expect(await screen.findByRole('heading', { name: 'Stop telling me when a mentor is found' }, LOAD)).toBeTruthy()
    const button = await screen.findByRole('button', { name: 'Stop telling me' }, LOAD)
    // opening the page (as a mail scanner would) turned nothing off
    expect(api.calls(STOP)).toEqual([])
    expect(await waitlistOn(mia)).toBe(true)

    await userEvent.click(button)
    expect(await screen.findByText('Done: we will no longer tell you when a mentor is found.')).toBeTruthy()
    expect(screen.getByText(/switch on “Tell me when a mentor is found” on your dashboard/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/#waitlist')
    expect(api.calls(STOP).map((r) => [r.status, r.body])).toEqual([[200, { token }]])
    expect(await waitlistOn(mia)).toBe(false)

    cleanup()
    await openLink(token, 'en')
    expect(await screen.findByText(/This link has been used already: the waitlist is off/, {}, LOAD)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Stop telling me' })).toBeNull()
  })

  it('in German: the click turns it off; an expired link and an unknown one say so and turn nothing off', async () => {
    const { mentee: mia, token } = await mailedMentee()
    await openLink(token, 'de')
    expect(await screen.findByRole('heading', { name: 'Nicht mehr benachrichtigen, wenn ein*e Mentor*in gefunden ist' }, LOAD)).toBeTruthy()
    expect(await screen.findByText(/Sie stehen auf der Warteliste/, {}, LOAD)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Nicht mehr benachrichtigen' }))
    expect(await screen.findByText('Erledigt: Wir benachrichtigen Sie nicht mehr, wenn ein*e Mentor*in gefunden ist.')).toBeTruthy()
    expect(screen.getByText(/melden Sie sich an und schalten Sie auf Ihrem Dashboard/)).toBeTruthy()
    expect(await waitlistOn(mia)).toBe(false)

    // Ben's link, never used, has run out 61 days later.
    const ben = await mailedMentee('Ben')
    api.clock.advance(61 * DAY)
    cleanup()
    await openLink(ben.token, 'de')
    expect(await screen.findByText(/Dieser Link ist abgelaufen/, {}, LOAD)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Nicht mehr benachrichtigen' })).toBeNull()
    expect(await waitlistOn(ben.mentee)).toBe(true)

    cleanup()
    await openLink('x'.repeat(40), 'de')
    expect(await screen.findByText(/Dieser Link ist unbekannt/, {}, LOAD)).toBeTruthy()
    expect(api.calls(STOP)).toHaveLength(1)
  })
})
