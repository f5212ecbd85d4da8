// The participant's timeline cards use one body text size (docs/web.md, "Budgets per state" and the
// dashboard's cards): below the card's heading, every text of the card (the side, the questions
// with their due dates, the own answers, the next question, the team's meetings and sessions, the
// note that only the own answers show) is drawn in one font size, whether it is Fluent's Body1 or
// text that inherits the provider's body size. Rendered against the real server with Fluent's real
// styles (Griffel's rules in the document), so a card that gives a line a caption or a larger size
// fails here, naming the lines of each size.
import { DAY } from '@tandem/core'
import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import Dashboard from '../src/features/dashboard/Dashboard.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'

let api: RealApi | undefined
afterEach(() => api?.close())

const LOAD = { timeout: 20_000 }

/** The font size an element's text is drawn in: its own, or the nearest ancestor's that sets one. */
const fontSizeOf = (element: Element): string => {
  for (let e: Element | null = element; e !== null; e = e.parentElement) {
    const size = getComputedStyle(e).fontSize
    if (size !== '') return size
  }
  return "the browser's default"
}

/** Every text of the card below its heading, grouped by the font size it is drawn in. */
const textsBySize = (card: HTMLElement): Record<string, readonly string[]> => {
  const groups: Record<string, string[]> = {}
  const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? ''
    const parent = node.parentElement
    if (text === '' || parent === null || parent.closest('h1, h2, h3, h4, h5, h6') !== null) continue
    ;(groups[fontSizeOf(parent)] ??= []).push(text)
  }
  return groups
}

/** Mia and Max matched; both answered "met?", Mia logged a session and they agreed on a meeting. */
const teamWithEverything = async (real: RealApi) => {
  const team = await real.matchedTeamAskedIfMet()
  const { mentee, mentor, matchingTandemId } = team
  for (const [p, met] of [
    [mentee, 'Yes'],
    [mentor, 'Yes'],
  ] as const)
    await real.expectOk(
      real.call(p, 'POST', '/api/Mentorship/AnswerCheckIn', {
        email: p.email,
        matchingTandemId,
        occasion: { kind: 'Met' },
        answer: { kind: 'Met', met },
      }),
      `answer of ${p.email}`,
    )
  const sessionAt = new Date(real.clock() - 2 * DAY)
  sessionAt.setUTCHours(9, 0, 0, 0)
  await real.expectOk(
    real.call(mentee, 'POST', '/api/Meeting/LogSession', {
      email: mentee.email,
      matchingTandemId,
      startedAt: sessionAt.toISOString(),
      minutes: 45,
      note: '',
    }),
    'log a session',
  )
  const meetingAt = new Date(real.clock() + 5 * DAY)
  meetingAt.setUTCHours(10, 0, 0, 0)
  await real.expectOk(
    real.call(mentor, 'POST', '/api/Meeting/ProposeMeeting', {
      email: mentor.email,
      matchingTandemId,
      slots: [{ start: meetingAt.toISOString(), minutes: 60 }],
      link: null,
      place: 'Stadtbibliothek',
      agenda: '',
    }),
    'propose a meeting',
  )
  return team
}

describe('the timeline cards', () => {
  it.each([
    ['en', 'Your mentorship with Max Mentor', 'Meetings and sessions', /Yes, we have met/],
    ['de', 'Ihr Mentoring mit Max Mentor', 'Treffen', /Ja, wir haben uns getroffen/],
  ] as const)('%s: every text of the card below its heading is in one body text size', async (language, title, meetings, answer) => {
    const real = await startRealApi()
    api = real
    const { mentee } = await teamWithEverything(real)
    const { user, auth } = real.signedIn(mentee)
    await renderWithProviders(<Dashboard />, { route: '/matching', apiBaseUrl: real.url, user, auth, language })
    const card = await screen.findByRole('region', { name: title }, LOAD)
    // everything the card shows is in: the own answer and the team's meetings and sessions
    await within(card).findByText(answer, undefined, LOAD)
    const list = await within(card).findByRole('region', { name: meetings }, LOAD)
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    const groups = textsBySize(card)
    // the diff names the texts drawn in each size
    expect(Object.keys(groups), JSON.stringify(groups, null, 2)).toHaveLength(1)
    // and that size is a body size the theme defines, not the browser's default
    expect(Object.keys(groups)[0]).toMatch(/^var\(--fontSizeBase\d+\)$/)
  })
})
