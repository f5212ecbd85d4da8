// Ending a matched team from the dashboard (docs/web.md, docs/mentorship.md#ending-a-team): the
// dialog asks for a reason of the core's list, a text for "other", "do not pair us again", and the
// mentor's pause; it sends what was chosen, says when it ended, and translates a refusal.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ParticipantProposal, Side, UserView } from '@tandem/core'
import Dashboard from '../src/features/dashboard/Dashboard.js'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { fail, ok, startApiServer, type ApiServer, type Reply } from './utils/apiServer.js'
import { aProposal, aStatus, aUser, questions } from './utils/builders.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const END = 'POST /api/MatchingTandem/EndMatchingTandem'
const matched = (name: { firstName: string; lastName: string }): ParticipantProposal =>
  aProposal({ ...name, proposalState: 'ACCEPTED', tandemState: 'MATCHED', email: 'partner@example.org' })

const setUp = async (side: Side, language: 'en' | 'de', endReply: () => Reply = () => ok(true)) => {
  const user: UserView = aUser('me@example.org', [side], [aStatus(side, 'MATCHED', { questionLastSavedDate: '2026-11-20T10:00:00.000Z' })])
  const proposal = side === 'Mentee' ? matched({ firstName: 'Max', lastName: 'Mentor' }) : matched({ firstName: 'Mia', lastName: 'Mentee' })
  server = await startApiServer({
    'GET /api/Account/GetUserDetails': () => ok(user),
    'POST /api/MatchingTandem/GetProposals': () =>
      ok({
        menteeProposal: side === 'Mentee' ? [proposal] : [],
        mentorProposal: side === 'Mentor' ? [proposal] : [],
        proposalRemainingTime: { menteeRemainingTime: [], mentorRemainingTime: [] },
      }),
    'GET /api/Questionnaire/GetQuestionAnswerPairs': () =>
      ok({ questionAnswerModel: questions(), isProfilePublished: true, statusByRole: 'MATCHED' }),
    [END]: endReply,
  })
  await renderWithProviders(<Dashboard />, { route: '/matching', apiBaseUrl: server.url, user: aSignedInUser(user.email), language })
  return { proposal }
}

describe('ending a mentorship from the dashboard', () => {
  it('a mentee chooses a reason and "do not pair us again"; no pause is offered; the request says what was chosen', async () => {
    await setUp('Mentee', 'en')
    const card = await screen.findByRole('group', { name: 'Proposal: Max Mentor' })
    await userEvent.click(within(card).getByRole('button', { name: 'End mentorship' }))
    const dialog = await screen.findByRole('dialog', { name: 'End your mentorship with Max Mentor' })
    expect(within(dialog).queryByRole('checkbox', { name: /Pause/ })).toBeNull()
    await userEvent.click(within(dialog).getByRole('button', { name: 'End mentorship' }))
    expect(await within(dialog).findByText('Please choose a reason.')).toBeTruthy()
    expect(server?.calls(END)).toEqual([])
    await userEvent.click(within(dialog).getByRole('radio', { name: 'We were not a good fit' }))
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Do not pair us again' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'End mentorship' }))
    expect(await screen.findByText('Your mentorship has ended. Thank you for the time you gave it.')).toBeTruthy()
    expect(server?.calls(END).map((r) => r.body)).toEqual([
      {
        email: 'me@example.org',
        matchingTandemId: 6,
        reasonId: 'not-a-good-fit',
        otherText: null,
        doNotPairAgain: true,
        pauseMatching: false,
      },
    ])
  })

  it('a mentor in German gives "other" with a text and pauses their matching', async () => {
    await setUp('Mentor', 'de')
    const card = await screen.findByRole('group', { name: /Mia Mentee/ })
    await userEvent.click(within(card).getByRole('button', { name: 'Mentoring beenden' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ihr Mentoring mit Mia Mentee beenden' })
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Anderer Grund' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mentoring beenden' }))
    expect(await within(dialog).findByText('Diese Angabe ist erforderlich.')).toBeTruthy()
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Bitte beschreiben Sie den Grund/ }), '  Ich ziehe um. ')
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Mein Matching pausieren/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mentoring beenden' }))
    expect(await screen.findByText(/Ihr Mentoring ist beendet/)).toBeTruthy()
    expect(server?.calls(END).map((r) => r.body)).toEqual([
      {
        email: 'me@example.org',
        matchingTandemId: 6,
        reasonId: 'other',
        otherText: 'Ich ziehe um.',
        doNotPairAgain: false,
        pauseMatching: true,
      },
    ])
  })

  it('says in words when the server refuses: not part of this team', async () => {
    await setUp('Mentee', 'en', () => fail(403, 'NotTandemParticipant'))
    const card = await screen.findByRole('group', { name: 'Proposal: Max Mentor' })
    await userEvent.click(within(card).getByRole('button', { name: 'End mentorship' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('radio', { name: 'We reached our goals' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'End mentorship' }))
    await waitFor(() => expect(screen.getByText('You are not part of this team.')).toBeTruthy())
    expect(screen.queryByText(/Your mentorship has ended/)).toBeNull()
  })
})
