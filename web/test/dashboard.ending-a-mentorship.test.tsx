// Ending a matched team from the dashboard (docs/web.md, docs/mentorship.md#ending-a-team): the
// dialog asks for a reason of the core's list, a text for "other", "do not pair us again", and the
// mentor's pause; it sends what was chosen, says when it ended, and translates a refusal.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ProposalsResponse, Side } from '@tandem/core'
import Dashboard from '../src/features/dashboard/Dashboard.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeEach(async () => {
  api = await startRealApi()
})
afterEach(() => api.close())

const END = 'POST /api/MatchingTandem/EndMatchingTandem'

/** Mia and Max matched on the real server; one of them opens the dashboard. */
const setUp = async (side: Side, language: 'en' | 'de') => {
  const team = await api.matchedTeam()
  const me = side === 'Mentee' ? team.mentee : team.mentor
  const { user, auth } = api.signedIn(me)
  await renderWithProviders(<Dashboard />, { route: '/matching', apiBaseUrl: api.url, user, auth, language })
  return { ...team, me }
}

/** The team's state as the server holds it, read by one of its members. */
const tandemStateFor = async (p: Person, side: Side) => {
  const proposals = await api.expectOk(
    api.call<ProposalsResponse>(p, 'POST', '/api/MatchingTandem/GetProposals', { email: p.email }),
    'proposals',
  )
  return (side === 'Mentee' ? proposals.menteeProposal : proposals.mentorProposal).map((x) => x.tandemState)
}

/**
 * Tabster (Fluent's focus manager) hides the page behind an open dialog a moment after it opened:
 * the card under it leaves the accessibility tree, the dialog does not (decision 0029).
 */
const pageHiddenBehind = async (dialog: HTMLElement, card: HTMLElement) => {
  await waitFor(() => expect(card.closest('[aria-hidden="true"]')).not.toBeNull())
  expect(dialog.closest('[aria-hidden="true"]')).toBeNull()
}

describe('ending a mentorship from the dashboard', () => {
  it('a mentee chooses a reason and "do not pair us again"; no pause is offered; the request says what was chosen', async () => {
    const { me, matchingTandemId } = await setUp('Mentee', 'en')
    const card = await screen.findByRole('group', { name: 'Proposal: Max Mentor' })
    await userEvent.click(within(card).getByRole('button', { name: 'End mentorship' }))
    const dialog = await screen.findByRole('dialog', { name: 'End your mentorship with Max Mentor' })
    await pageHiddenBehind(dialog, card)
    // what follows, before anything is chosen
    expect(
      within(dialog).getByText(
        'Your mentor is told by e-mail, and the mentorship cannot be resumed afterwards. You can then wait on the waitlist for a new mentor or start matching again.',
      ),
    ).toBeTruthy()
    expect(within(dialog).queryByRole('checkbox', { name: /Pause/ })).toBeNull()
    await userEvent.click(within(dialog).getByRole('button', { name: 'End mentorship' }))
    expect(await within(dialog).findByText('Please choose a reason.')).toBeTruthy()
    expect(api.calls(END)).toEqual([])
    await userEvent.click(within(dialog).getByRole('radio', { name: 'We were not a good fit' }))
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Do not pair us again' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'End mentorship' }))
    expect(await screen.findByText('Your mentorship has ended. Thank you for the time you gave it.')).toBeTruthy()
    expect(api.calls(END).map((r) => r.status)).toEqual([200])
    expect(api.calls(END).map((r) => r.body)).toEqual([
      {
        email: me.email,
        matchingTandemId,
        reasonId: 'not-a-good-fit',
        otherText: null,
        doNotPairAgain: true,
        pauseMatching: false,
      },
    ])
  })

  it('a mentor in German gives "other" with a text and pauses their matching', async () => {
    const { me, matchingTandemId } = await setUp('Mentor', 'de')
    const card = await screen.findByRole('group', { name: /Mia Mentee/ })
    await userEvent.click(within(card).getByRole('button', { name: 'Mentoring beenden' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ihr Mentoring mit Mia Mentee beenden' })
    await pageHiddenBehind(dialog, card)
    expect(
      within(dialog).getByText(/^Ihr Mentee wird per E-Mail benachrichtigt, und das Mentoring lässt sich danach nicht fortsetzen/),
    ).toBeTruthy()
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Anderer Grund' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mentoring beenden' }))
    expect(await within(dialog).findByText('Diese Angabe ist erforderlich.')).toBeTruthy()
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Bitte beschreiben Sie den Grund/ }), '  Ich ziehe um. ')
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Mein Matching pausieren/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mentoring beenden' }))
    expect(await screen.findByText(/Ihr Mentoring ist beendet/)).toBeTruthy()
    expect(api.calls(END).map((r) => r.status)).toEqual([200])
    expect(api.calls(END).map((r) => r.body)).toEqual([
      {
        email: me.email,
        matchingTandemId,
        reasonId: 'other',
        otherText: 'Ich ziehe um.',
        doNotPairAgain: false,
        pauseMatching: true,
      },
    ])
  })

  it('says in words when the server refuses: not part of this team', async () => {
    // The screen sends the team it shows, so the real server cannot be made to answer this for a
    // member of the team: the proxy refuses the request as the server does for someone else.
    const { mentee } = await setUp('Mentee', 'en')
    api.faults.refuseNext(END, 403, 'NotTandemParticipant')
    const card = await screen.findByRole('group', { name: 'Proposal: Max Mentor' })
    await userEvent.click(within(card).getByRole('button', { name: 'End mentorship' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('radio', { name: 'We reached our goals' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'End mentorship' }))
    await waitFor(() => expect(screen.getByText('You are not part of this team.')).toBeTruthy())
    expect(screen.queryByText(/Your mentorship has ended/)).toBeNull()
    expect(await tandemStateFor(mentee, 'Mentee')).toEqual(['MATCHED'])
  })
})
