// The check-in timeline on screen against the real server (docs/mentorship.md#the-timeline-view): the
// administrator's team detail shows both sides with answers and notes; the participant's dashboard
// shows their own answers only and the next question's date; the user information page shows the
// timeline of each of the person's teams. English and German.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppRoutes } from '../src/routes/routes.js'
import { TeamDetailPanel } from '../src/features/admin/TeamDetailPanel.js'
import { addAdminTranslations } from '../src/features/admin/admin.i18n.js'
import Dashboard from '../src/features/dashboard/Dashboard.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'

let api: RealApi | undefined
afterEach(() => api?.close())

const LOAD = { timeout: 20_000 }

/** Mia and Max matched and asked "met?"; Mia answered yes, Max cannot reach her and wrote nothing else. */
const answeredTeam = async () => {
  const real = await startRealApi()
  api = real
  const team = await real.matchedTeamAskedIfMet()
  const answer = (p: Person, met: string) =>
    real.expectOk(
      real.call(p, 'POST', '/api/Mentorship/AnswerCheckIn', {
        email: p.email,
        matchingTandemId: team.matchingTandemId,
        occasion: { kind: 'Met' },
        answer: { kind: 'Met', met },
      }),
      `answer of ${p.email}`,
    )
  await answer(team.mentee, 'Yes')
  await answer(team.mentor, 'CannotReach')
  return { real, ...team }
}

describe('the timeline on the admin team detail', () => {
  it.each([
    [
      'en',
      'Check-in timeline of team',
      'Have you met yet?',
      'Yes, we have met',
      'We cannot reach each other',
      'Mentor',
      'Next question: Pulse 1',
    ],
    [
      'de',
      'Check-in-Verlauf des Tandems',
      'Haben Sie sich schon getroffen?',
      'Ja, wir haben uns getroffen',
      'Wir erreichen einander nicht',
      'Mentor*in',
      'Nächste Frage: Stimmungsabfrage 1',
    ],
  ] as const)(
    '%s: both sides with their answers and the next question',
    async (language, title, question, yes, cannot, mentorRole, next) => {
      const { real, matchingTandemId } = await answeredTeam()
      const { user, auth } = real.signedIn(real.admin)
      const view = await renderWithProviders(<TeamDetailPanel tandemId={matchingTandemId} />, {
        apiBaseUrl: real.url,
        user,
        auth,
        language,
      })
      addAdminTranslations(view.i18n)
      const card = await screen.findByLabelText(`${title} #${matchingTandemId}`, undefined, LOAD)
      expect(await within(card).findByText(question, undefined, LOAD)).toBeTruthy()
      expect(within(card).getByText(new RegExp(yes))).toBeTruthy()
      expect(within(card).getByText(new RegExp(`^${mentorRole.replace('*', '\\*')} · .*${cannot}`))).toBeTruthy()
      expect(within(card).getByText(new RegExp(`^${next}`))).toBeTruthy()
    },
  )
})

describe('the timeline on the user information page', () => {
  it("shows the timeline of each of the mentor's teams with both sides", async () => {
    const { real, matchingTandemId } = await answeredTeam()
    const { user: admin, auth } = real.signedIn(real.admin)
    await renderWithProviders(<AppRoutes />, { route: '/administrator/user-information', apiBaseUrl: real.url, user: admin, auth })
    const user = userEvent.setup()
    await user.type(await screen.findByRole('combobox', { name: /User|Person/ }, LOAD), 'Max')
    await user.click(await screen.findByRole('option', { name: /Max Mentor/, hidden: true }, LOAD))
    await user.click(screen.getByRole('button', { name: /display information/ }))
    const card = await screen.findByLabelText(`Check-in timeline of team #${matchingTandemId}`, undefined, LOAD)
    expect(await within(card).findByText(/We cannot reach each other/, undefined, LOAD)).toBeTruthy()
    expect(within(card).getByText(/Yes, we have met/)).toBeTruthy()
  })
})

describe('the timeline on the dashboard', () => {
  it.each([
    [
      'en',
      'Your mentorship with Max Mentor',
      'Yes, we have met',
      'We cannot reach each other',
      'Next question: Pulse 1',
      /\d{1,2} [A-Z][a-z]{2} \d{4}/,
    ],
    [
      'de',
      'Ihr Mentoring mit Max Mentor',
      'Ja, wir haben uns getroffen',
      'Wir erreichen einander nicht',
      'Nächste Frage: Stimmungsabfrage 1',
      /\d{2}\.\d{2}\.\d{4}/,
    ],
  ] as const)(
    "%s: named by the partner, the mentee's own answer only, never the mentor's, and the next date in the answers' date format",
    async (language, title, own, partners, next, day) => {
      const { real, mentee } = await answeredTeam()
      const { user, auth } = real.signedIn(mentee)
      await renderWithProviders(<Dashboard />, { route: '/matching', apiBaseUrl: real.url, user, auth, language })
      const card = await screen.findByRole('region', { name: title }, LOAD)
      expect(await within(card).findByText(new RegExp(own))).toBeTruthy()
      expect(within(card).queryByText(new RegExp(partners))).toBeNull()
      const nextLine = within(card).getByText(new RegExp(`^${next}`)).textContent ?? ''
      const answered = within(card).getByText(new RegExp(own)).textContent ?? ''
      // one date format: the next question's day is written as the answer's time is (not 02/12/2026 beside 2 Dec 2026)
      expect([day.test(nextLine), day.test(answered)]).toEqual([true, true])
    },
  )
})

describe("the timeline cards in the page's grid", () => {
  it("sit in the side's section below its cards, in the same row of columns and at the same width as the team's card", async () => {
    const { real, mentee } = await answeredTeam()
    const { user, auth } = real.signedIn(mentee)
    await renderWithProviders(<Dashboard />, { route: '/matching', apiBaseUrl: real.url, user, auth, language: 'en' })
    const timeline = await screen.findByRole('region', { name: 'Your mentorship with Max Mentor' }, LOAD)
    const section = screen.getByRole('region', { name: 'As a mentee' })
    const team = within(section).getByRole('group', { name: /Max Mentor/ })
    expect(section.contains(timeline)).toBe(true)
    // after the team's card in the page's order (its arrival pushes nothing above it down)
    expect(team.compareDocumentPosition(timeline) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    // the same (atomic) layout classes: one row of columns, one card width
    expect(timeline.parentElement?.className).toBe(team.parentElement?.className)
    expect([getComputedStyle(timeline).maxWidth, getComputedStyle(timeline).width]).toEqual([
      getComputedStyle(team).maxWidth,
      getComputedStyle(team).width,
    ])
    expect(getComputedStyle(team).maxWidth).toBe('520px')
  })
})

describe('the timeline of an ended team on the dashboard', () => {
  it.each([
    // Each card is named by the partner ("Your mentorship with …").
    ['en', /^Your mentorship with /, /^Ended on .* by the mentor/, /Reason: We were not a good fit/],
    ['de', /^Ihr Mentoring mit /, /^Beendet am .* durch die Mentor\*in/, /Grund: Wir haben nicht gut zueinander gepasst/],
  ] as const)('%s: the mentor who ended it reads the reason, the mentee only when and by whom', async (language, title, ended, reason) => {
    const { real, mentee, mentor, matchingTandemId } = await answeredTeam()
    await real.expectOk(
      real.call(mentor, 'POST', '/api/MatchingTandem/EndMatchingTandem', {
        email: mentor.email,
        matchingTandemId,
        reasonId: 'not-a-good-fit',
        otherText: null,
        doNotPairAgain: false,
        pauseMatching: false,
      }),
      'the mentor ends the team',
    )
    const cardOf = async (p: Person) => {
      const { user, auth } = real.signedIn(p)
      const view = await renderWithProviders(<Dashboard />, { route: '/matching', apiBaseUrl: real.url, user, auth, language })
      const card = await screen.findByRole('region', { name: title }, LOAD)
      return { card, view }
    }
    const own = await cardOf(mentor)
    expect(await within(own.card).findByText(reason, undefined, LOAD)).toBeTruthy()
    own.view.unmount()
    const partner = await cardOf(mentee)
    expect(await within(partner.card).findByText(ended, undefined, LOAD)).toBeTruthy()
    expect(within(partner.card).queryByText(reason)).toBeNull()
  })
})
