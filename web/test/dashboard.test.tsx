import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ParticipantProposal, UserView } from '@tandem/core'
import Dashboard from '../src/features/dashboard/Dashboard.js'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { fail, ok, startApiServer, type ApiServer, type Reply } from './utils/apiServer.js'
import { aProposal, aStatus, aUser, questions } from './utils/builders.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const inTwoDays = () => new Date(Date.now() + 47 * 3600_000 + 5 * 60_000 + 30_000).toISOString()

const proposedProfile = {
  city: 'Hamburg',
  federalState: 'Hamburg',
  country: 'Germany',
  language: 'Deutsch',
  gender: 'Male',
  professionalPosition: 'CTO',
  company: 'Hanse AG',
  email: 'max@example.org',
  firstName: 'Max',
  profileImage: null,
  questionnairesQuestionAnswersModel: [{ userQuestionText: 'Which industries?', userAnswer: 'IT' }],
  profileQuestionAnswersModel: [{ userQuestionText: 'What drives you?', userAnswer: null }],
}

const setUp = async (user: UserView, menteeProposals: ParticipantProposal[], overrides: Record<string, () => Reply> = {}) => {
  server = await startApiServer({
    'GET /api/Account/GetUserDetails': () => ok(user),
    'POST /api/MatchingTandem/GetProposals': () =>
      ok({
        menteeProposal: menteeProposals,
        mentorProposal: [],
        proposalRemainingTime: {
          menteeRemainingTime: menteeProposals.map((p) => ({
            tandemId: p.matchingTandemId,
            remainingHours: 47,
            remainingMinutes: 5,
            tandemValidUntil: inTwoDays(),
          })),
          mentorRemainingTime: [],
        },
      }),
    'GET /api/Questionnaire/GetQuestionAnswerPairs': () =>
      ok({ questionAnswerModel: questions(), isProfilePublished: false, statusByRole: user.userStatuses[0]?.userStatus ?? 'NEW' }),
    'GET /api/User/GetProposedUserProfile': () => ok(proposedProfile),
    'GET /api/MatchingTandem/GetDeclineReason': (r) =>
      ok(
        r.query['role'] === 'Mentee'
          ? [
              { id: 1, declineReasonText: 'Industry does not fit' },
              { id: 2, declineReasonText: 'Other reason' },
            ]
          : [{ id: 9, declineReasonText: 'No time at the moment' }],
      ),
    'POST /api/MatchingTandem/AcceptProposal': () => ok(true),
    'POST /api/MatchingTandem/DeclineProposal': () => ok(true),
    'POST /api/MatchingTandem/CreateMatchingTandem': () => ok(true),
    ...overrides,
  })
  return renderWithProviders(<Dashboard />, { route: '/matching', apiBaseUrl: server.url, user: aSignedInUser(user.email) })
}

const mentee = (status: 'NEW' | 'PROPOSED' | 'MATCHED' | 'AVAILABLE' | 'PENDING', saved = true) =>
  aUser('mia@example.org', ['Mentee'], [aStatus('Mentee', status, saved ? { questionLastSavedDate: '2026-11-20T10:00:00.000Z' } : {})])

describe('mentee dashboard', () => {
  it('shows a proposal card with the score and what the two have in common', async () => {
    await setUp(mentee('PROPOSED'), [aProposal()])
    const card = await screen.findByRole('group', { name: 'Proposal: Max Mentor' })
    expect(within(card).getByText('7 / 10 points (70%)')).toBeTruthy()
    expect(await within(card).findByText('Which industries: IT')).toBeTruthy()
    expect(within(card).queryByText(/E-mail/)).toBeNull()
  })

  it('shows the countdown with two-digit hours and minutes until the deadline', async () => {
    await setUp(mentee('PROPOSED'), [aProposal()])
    const timer = await screen.findByRole('timer')
    expect(within(timer).getByText('47:05')).toBeTruthy()
    expect(within(timer).getByText(/^Choose your mentor until/)).toBeTruthy()
  })

  it("shows a mentee who accepted until when the mentor has to answer (the mentor's 72 h deadline)", async () => {
    const accepted = aProposal({ proposalState: 'ACCEPTED', tandemState: 'ACTIVE' })
    const mentorUntil = new Date(Date.now() + 71 * 3600_000 + 30 * 60_000 + 30_000).toISOString()
    await setUp(mentee('PROPOSED'), [accepted], {
      'POST /api/MatchingTandem/GetProposals': () =>
        ok({
          menteeProposal: [accepted],
          mentorProposal: [],
          proposalRemainingTime: {
            menteeRemainingTime: [],
            mentorRemainingTime: [
              { tandemId: accepted.matchingTandemId, remainingHours: 71, remainingMinutes: 30, tandemValidUntil: mentorUntil },
            ],
          },
        }),
    })
    const timer = await screen.findByRole('timer', { name: 'Time left for your mentor to answer' })
    expect(within(timer).getByText('71:30')).toBeTruthy()
    expect(within(timer).getByText(/^Max has until .+ to answer$/)).toBeTruthy()
  })

  it('shows the other side in an accordion with the points label, without e-mail before the match', async () => {
    await setUp(mentee('PROPOSED'), [aProposal()])
    const header = await screen.findByRole('button', { name: /Profile of Max/ })
    expect(header.textContent).toContain('7 points')
    await userEvent.click(header)
    expect(await screen.findByText('Hanse AG')).toBeTruthy()
    expect(screen.queryByText('max@example.org')).toBeNull()
  })

  it('shows the e-mail once matched and no buttons on the accepted card', async () => {
    await setUp(mentee('MATCHED'), [aProposal({ proposalState: 'ACCEPTED', tandemState: 'MATCHED', email: 'max@example.org' })])
    const card = await screen.findByRole('group', { name: 'Proposal: Max Mentor' })
    expect(within(card).getByText('E-mail: max@example.org')).toBeTruthy()
    expect(within(card).getByText('Matched')).toBeTruthy()
    expect(within(card).queryByRole('button', { name: 'Accept' })).toBeNull()
  })

  it('accepts a proposal with the accept payload of docs/product.md#entities', async () => {
    await setUp(mentee('PROPOSED'), [aProposal()])
    const card = await screen.findByRole('group', { name: 'Proposal: Max Mentor' })
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(server?.calls('POST /api/MatchingTandem/AcceptProposal').length).toBe(1))
    const call = server?.calls('POST /api/MatchingTandem/AcceptProposal')[0]
    expect(call?.authorization).toBe('Bearer test-token')
    expect(call?.body).toMatchObject({
      email: 'mia@example.org',
      role: 'Mentee',
      proposalSaveModel: { proposalId: 11, proposalState: 'ACCEPTED' },
      matchingTandemSaveModel: { matchingTandemId: 6, tandemState: 'ACTIVE' },
    })
  })

  it('requires a decline reason of the mentee list before declining', async () => {
    await setUp(mentee('PROPOSED'), [aProposal()])
    const card = await screen.findByRole('group', { name: 'Proposal: Max Mentor' })
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }))
    expect((await within(dialog).findAllByText('Please select Decline Reason')).length).toBeGreaterThan(0)
    expect(server?.calls('POST /api/MatchingTandem/DeclineProposal')).toEqual([])
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Decline reason/ }))
    await userEvent.click(await screen.findByRole('option', { name: 'Industry does not fit' }))
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'Sorry')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(server?.calls('POST /api/MatchingTandem/DeclineProposal').length).toBe(1))
    expect(server?.calls('GET /api/MatchingTandem/GetDeclineReason')[0]?.query).toMatchObject({ role: 'Mentee', language: 'en' })
    expect(server?.calls('POST /api/MatchingTandem/DeclineProposal')[0]?.body).toMatchObject({
      proposalSaveModel: {
        proposalId: 11,
        proposalState: 'DECLINED',
        comment: 'Sorry',
        declineReasonId: 1,
        declineDropReason: 'Industry does not fit',
      },
      matchingTandemSaveModel: { matchingTandemId: 6, tandemState: 'DECLINED' },
    })
  })

  it('refuses a decline comment over 1000 characters', async () => {
    await setUp(mentee('PROPOSED'), [aProposal()])
    const card = await screen.findByRole('group', { name: 'Proposal: Max Mentor' })
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }))
    const dialog = await screen.findByRole('dialog')
    const comment = within(dialog).getByRole('textbox', { name: /Comment/ })
    await userEvent.click(comment)
    await userEvent.paste('x'.repeat(1001))
    expect(await within(dialog).findByText('Too many characters: 1001 of at most 1000.')).toBeTruthy()
  })

  it('opens and closes the decline dialog with the keyboard alone', async () => {
    await setUp(mentee('PROPOSED'), [aProposal()])
    const card = await screen.findByRole('group', { name: 'Proposal: Max Mentor' })
    within(card).getByRole('button', { name: 'Decline' }).focus()
    await userEvent.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog')
    expect(dialog.contains(document.activeElement)).toBe(true)
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('shows the timer-expired dialog when the tandem is already closed', async () => {
    await setUp(mentee('PROPOSED'), [aProposal()], { 'POST /api/MatchingTandem/AcceptProposal': () => fail(409, 'TandemAlreadyClosed') })
    const card = await screen.findByRole('group', { name: 'Proposal: Max Mentor' })
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }))
    await userEvent.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Accept' }))
    // the dialogs are a lazy chunk, fetched when first needed: give it time on a busy machine
    const notice = await screen.findByRole('alertdialog', {}, { timeout: 5000 })
    expect(within(notice).getByText('Timer expired')).toBeTruthy()
    expect(within(notice).queryByRole('button')).toBeNull()
  })

  it('shows a new mentee without a questionnaire the no-profile panel with a create action', async () => {
    await setUp(mentee('NEW', false), [])
    expect(await screen.findByRole('heading', { name: 'Create your mentee profile' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Create mentee profile' })).toBeTruthy()
  })

  it('starts matching from the start-matching panel and tells a mentee whose profile is incomplete', async () => {
    await setUp(mentee('NEW'), [], { 'POST /api/MatchingTandem/CreateMatchingTandem': () => fail(400, 'ProfileIncomplete', false) })
    await userEvent.click(await screen.findByRole('button', { name: 'Start matching' }))
    expect(await screen.findByText(/Your mentee profile is incomplete/)).toBeTruthy()
    expect(server?.calls('POST /api/MatchingTandem/CreateMatchingTandem')[0]?.body).toEqual({ menteeEmail: 'mia@example.org' })
  })

  it('tells a mentee who is not available for matching that matching could not start', async () => {
    await setUp(mentee('AVAILABLE'), [], {
      'POST /api/MatchingTandem/CreateMatchingTandem': () => fail(400, 'NotAvailableForMatching', false),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Start matching' }))
    expect(await screen.findByText(/Matching could not be started: you are not available/)).toBeTruthy()
  })

  it('shows the matching-running panel while the mentee is pending', async () => {
    await setUp(mentee('PENDING'), [])
    expect(await screen.findByRole('heading', { name: 'Matching is running' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Start matching' })).toBeNull()
  })

  it('warns when matching is started while a run is already running', async () => {
    await setUp(mentee('AVAILABLE'), [], {
      'POST /api/MatchingTandem/CreateMatchingTandem': () => fail(409, 'MatchingAlreadyRunning', false),
    })
    await userEvent.click(await screen.findByRole('button', { name: 'Start matching' }))
    const notice = await screen.findByRole('alertdialog')
    expect(within(notice).getByText('Matching is already running. Please wait until it has finished.')).toBeTruthy()
  })
})

describe('mentor dashboard', () => {
  it('uses the mentor decline reasons when a mentor declines', async () => {
    const user = aUser(
      'max@example.org',
      ['Mentor'],
      [aStatus('Mentor', 'PROPOSED', { questionLastPublishDate: '2026-11-01T10:00:00.000Z' })],
    )
    server = await startApiServer({
      'GET /api/Account/GetUserDetails': () => ok(user),
      'POST /api/MatchingTandem/GetProposals': () =>
        ok({
          menteeProposal: [],
          mentorProposal: [aProposal({ proposalId: 12, pairedProposalId: 11, firstName: 'Mia', lastName: 'Muster' })],
          proposalRemainingTime: {
            menteeRemainingTime: [],
            mentorRemainingTime: [{ tandemId: 6, remainingHours: 71, remainingMinutes: 0, tandemValidUntil: inTwoDays() }],
          },
        }),
      'GET /api/Questionnaire/GetQuestionAnswerPairs': () =>
        ok({ questionAnswerModel: questions(), isProfilePublished: true, statusByRole: 'PROPOSED' }),
      'GET /api/User/GetProposedUserProfile': () => ok({ ...proposedProfile, firstName: 'Mia' }),
      'GET /api/MatchingTandem/GetDeclineReason': (r) =>
        ok(r.query['role'] === 'Mentor' ? [{ id: 9, declineReasonText: 'No time at the moment' }] : []),
    })
    await renderWithProviders(<Dashboard />, { route: '/matching', apiBaseUrl: server.url, user: aSignedInUser(user.email) })
    const card = await screen.findByRole('group', { name: 'Proposal: Mia Muster' })
    expect(within(await screen.findByRole('timer')).getByText(/^Please answer until/)).toBeTruthy()
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Decline reason/ }))
    expect(await screen.findByRole('option', { name: 'No time at the moment' })).toBeTruthy()
    expect(server.calls('GET /api/MatchingTandem/GetDeclineReason')[0]?.query).toMatchObject({ role: 'Mentor' })
  })
})
