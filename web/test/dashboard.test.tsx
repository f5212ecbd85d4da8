import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ProposalsResponse } from '@tandem/core'
import { aMenteeAnswers, aMentorAnswers, declineReasons } from '@tandem/fixtures'
import Dashboard from '../src/features/dashboard/Dashboard.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeEach(async () => {
  api = await startRealApi()
})
afterEach(() => api.close())

const MINUTE = 60_000
const HOUR = 60 * MINUTE

const open = async (person: Person) => {
  const { user, auth } = api.signedIn(person)
  await renderWithProviders(<Dashboard />, { route: '/matching', apiBaseUrl: api.url, user, auth })
  /** This person's requests to one route. */
  return (route: string) => api.calls(route).filter((r) => r.authorization === `Bearer ${api.tokenFor(person)}`)
}

const proposalsOf = async (p: Person) =>
  api.expectOk(api.call<ProposalsResponse>(p, 'POST', '/api/MatchingTandem/GetProposals', { email: p.email }), 'proposals')

/** Max, a published mentor from Hamburg (Hanse AG), the only one in the pool. */
const aMentor = async (): Promise<Person> => {
  const max = api.person('Max', { lastName: 'Mentor' })
  await api.signUp(max, 'Mentor')
  await api.saveProfile(max, null, { company: 'Hanse AG', city: 'Hamburg' })
  await api.saveAnswers(max, 'Mentor', aMentorAnswers(), true)
  return max
}

/**
 * Mia started matching and was proposed Max, `before` ago by the server's clock (so the browser's
 * countdown shows a known time).
 */
const aProposedMentee = async (before = 0) => {
  const max = await aMentor()
  const mia = await api.readyMentee('Mia')
  api.clock.set(Date.now() - before)
  await api.expectOk(api.call(mia, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mia.email }), 'start matching')
  const proposal = (await proposalsOf(mia)).menteeProposal[0]
  if (proposal === undefined) throw new Error('Mia got no proposal')
  return { mia, max, proposal }
}

const accept = (who: Person, role: 'Mentee' | 'Mentor', paired: Person, proposalId: number, tandemId: number) =>
  api.expectOk(
    api.call(who, 'POST', '/api/MatchingTandem/AcceptProposal', {
      email: who.email,
      role,
      pairedUserEmail: paired.email,
      proposalSaveModel: { proposalId, proposalState: 'ACCEPTED' },
      matchingTandemSaveModel: { matchingTandemId: tandemId, tandemState: role === 'Mentee' ? 'ACTIVE' : 'MATCHED' },
    }),
    `${role} accepts`,
  )

const menteeReasons = declineReasons.filter((r) => r.side === 'Mentee')
const mentorReasons = declineReasons.filter((r) => r.side === 'Mentor')

describe('mentee dashboard', () => {
  it('shows a proposal card with the score and what the two have in common', async () => {
    const { mia, proposal } = await aProposedMentee()
    await open(mia)
    const card = await screen.findByRole('group', { name: 'Proposal: Max Mentor' })
    expect(within(card).getByText(`${proposal.baseMatchRuleScore} / ${proposal.maxScore} points (${proposal.percentage}%)`)).toBeTruthy()
    expect(await within(card).findByText('Which industries are you interested in: IT and software')).toBeTruthy()
    expect(within(card).queryByText(/E-mail/)).toBeNull()
  })

  it('shows the countdown with two-digit hours and minutes until the deadline', async () => {
    // proposed 54 min 25 s ago: 47 h 5 min 35 s left, the same minute for the whole test
    const { mia } = await aProposedMentee(54 * MINUTE + 25_000)
    await open(mia)
    const timer = await screen.findByRole('timer')
    expect(within(timer).getByText('47:05')).toBeTruthy()
    expect(within(timer).getByText(/^Choose your mentor until/)).toBeTruthy()
  })

  it("shows a mentee who accepted until when the mentor has to answer (the mentor's 72 h deadline)", async () => {
    const { mia, max, proposal } = await aProposedMentee()
    // accepted 29 min 35 s ago: 71 h 30 min 25 s left for Max
    api.clock.set(Date.now() - 29 * MINUTE - 35_000)
    await accept(mia, 'Mentee', max, proposal.proposalId, proposal.matchingTandemId)
    await open(mia)
    const timer = await screen.findByRole('timer', { name: 'Time left for your mentor to answer' })
    expect(within(timer).getByText('71:30')).toBeTruthy()
    expect(within(timer).getByText(/^Max has until .+ to answer$/)).toBeTruthy()
  })

  it('shows the other side in an accordion with the points label, without e-mail before the match', async () => {
    const { mia, max, proposal } = await aProposedMentee()
    await open(mia)
    const header = await screen.findByRole('button', { name: /Profile of Max/ })
    expect(header.textContent).toContain(`${proposal.baseMatchRuleScore} points`)
    await userEvent.click(header)
    expect(await screen.findByText('Hanse AG')).toBeTruthy()
    expect(screen.queryByText(max.email)).toBeNull()
  })

  it('shows the e-mail once matched and no buttons on the accepted card', async () => {
    const { mia, max, proposal } = await aProposedMentee()
    await accept(mia, 'Mentee', max, proposal.proposalId, proposal.matchingTandemId)
    await accept(max, 'Mentor', mia, proposal.pairedProposalId, proposal.matchingTandemId)
    await open(mia)
    const card = await screen.findByRole('group', { name: 'Proposal: Max Mentor' })
    expect(within(card).getByText(`E-mail: ${max.email}`)).toBeTruthy()
    expect(within(card).getByText('Matched')).toBeTruthy()
    expect(within(card).queryByRole('button', { name: 'Accept' })).toBeNull()
  })

  it('accepts a proposal with the accept payload of docs/product.md#entities', async () => {
    const { mia, proposal } = await aProposedMentee()
    const calls = await open(mia)
    const card = await screen.findByRole('group', { name: 'Proposal: Max Mentor' })
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }))
    await waitFor(() => expect(calls('POST /api/MatchingTandem/AcceptProposal').map((r) => r.status)).toEqual([200]))
    expect(calls('POST /api/MatchingTandem/AcceptProposal')[0]?.body).toMatchObject({
      email: mia.email,
      role: 'Mentee',
      proposalSaveModel: { proposalId: proposal.proposalId, proposalState: 'ACCEPTED' },
      matchingTandemSaveModel: { matchingTandemId: proposal.matchingTandemId, tandemState: 'ACTIVE' },
    })
    expect((await proposalsOf(mia)).menteeProposal.map((p) => p.proposalState)).toEqual(['ACCEPTED'])
  })

  it('requires a decline reason of the mentee list before declining', async () => {
    const { mia, proposal } = await aProposedMentee()
    const calls = await open(mia)
    const reason = menteeReasons[0]!
    const card = await screen.findByRole('group', { name: 'Proposal: Max Mentor' })
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }))
    expect((await within(dialog).findAllByText('Please select Decline Reason')).length).toBeGreaterThan(0)
    expect(calls('POST /api/MatchingTandem/DeclineProposal')).toEqual([])
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Decline reason/ }))
    await userEvent.click(await screen.findByRole('option', { name: reason.text.en }))
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Comment/ }), 'Sorry')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }))
    await waitFor(() => expect(calls('POST /api/MatchingTandem/DeclineProposal').map((r) => r.status)).toEqual([200]))
    expect(calls('GET /api/MatchingTandem/GetDeclineReason')[0]?.query).toMatchObject({ role: 'Mentee', language: 'en' })
    expect(calls('POST /api/MatchingTandem/DeclineProposal')[0]?.body).toMatchObject({
      proposalSaveModel: {
        proposalId: proposal.proposalId,
        proposalState: 'DECLINED',
        comment: 'Sorry',
        declineReasonId: reason.id,
        declineDropReason: reason.text.en,
      },
      matchingTandemSaveModel: { matchingTandemId: proposal.matchingTandemId, tandemState: 'DECLINED' },
    })
  })

  it('refuses a decline comment over 1000 characters', async () => {
    const { mia } = await aProposedMentee()
    await open(mia)
    const card = await screen.findByRole('group', { name: 'Proposal: Max Mentor' })
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }))
    const dialog = await screen.findByRole('dialog')
    const comment = within(dialog).getByRole('textbox', { name: /Comment/ })
    await userEvent.click(comment)
    await userEvent.paste('x'.repeat(1001))
    expect(await within(dialog).findByText('Too many characters: 1001 of at most 1000.')).toBeTruthy()
  })

  it('opens and closes the decline dialog with the keyboard alone', async () => {
    const { mia } = await aProposedMentee()
    await open(mia)
    const card = await screen.findByRole('group', { name: 'Proposal: Max Mentor' })
    within(card).getByRole('button', { name: 'Decline' }).focus()
    await userEvent.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog')
    expect(dialog.contains(document.activeElement)).toBe(true)
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('shows the timer-expired dialog when the tandem is already closed', async () => {
    const { mia } = await aProposedMentee()
    const calls = await open(mia)
    const card = await screen.findByRole('group', { name: 'Proposal: Max Mentor' })
    // the 48 hours pass while the page is open, and the server's deadline sweep closes the tandem
    api.clock.advance(49 * HOUR)
    await api.server.sweep()
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }))
    await userEvent.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Accept' }))
    // the dialogs are a lazy chunk, fetched when first needed: give it time on a busy machine
    const notice = await screen.findByRole('alertdialog', {}, { timeout: 5000 })
    expect(within(notice).getByText('Timer expired')).toBeTruthy()
    expect(within(notice).queryByRole('button')).toBeNull()
    expect(calls('POST /api/MatchingTandem/AcceptProposal').map((r) => r.status)).toEqual([409])
  })

  it('shows a new mentee without a questionnaire the no-profile panel with a create action', async () => {
    const mia = api.person('Mia')
    await api.signUp(mia, 'Mentee')
    await open(mia)
    expect(await screen.findByRole('heading', { name: 'Create your mentee profile' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Create mentee profile' })).toBeTruthy()
  })

  it('starts matching from the start-matching panel and tells a mentee whose profile is incomplete', async () => {
    // a saved questionnaire, but no profile (country, city) yet
    const mia = api.person('Mia')
    await api.signUp(mia, 'Mentee')
    await api.saveAnswers(mia, 'Mentee', aMenteeAnswers(), false)
    const calls = await open(mia)
    await userEvent.click(await screen.findByRole('button', { name: 'Start matching' }))
    expect(await screen.findByText(/Your mentee profile is incomplete/)).toBeTruthy()
    expect(calls('POST /api/MatchingTandem/CreateMatchingTandem')).toMatchObject([{ body: { menteeEmail: mia.email }, status: 400 }])
  })

  it('tells a mentee who is not available for matching that matching could not start', async () => {
    const mia = await api.readyMentee()
    // an administrator takes Mia out of matching while her page is open: planted in the fault layer
    api.faults.refuseNext('POST /api/MatchingTandem/CreateMatchingTandem', 400, 'NotAvailableForMatching')
    await open(mia)
    await userEvent.click(await screen.findByRole('button', { name: 'Start matching' }))
    expect(await screen.findByText(/Matching could not be started: you are not available/)).toBeTruthy()
  })

  it('shows the matching-running panel while the mentee is pending', async () => {
    const mia = await api.readyMentee()
    // the status a run holds while it ranks the mentors (a few milliseconds on the real server)
    await api.writeUser(mia, { mentee_status: 'PENDING' })
    await open(mia)
    expect(await screen.findByRole('heading', { name: 'Matching is running' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Start matching' })).toBeNull()
  })

  it('warns when matching is started while a run is already running', async () => {
    const mia = await api.readyMentee()
    // a run started in another tab is still ranking: planted in the fault layer
    api.faults.refuseNext('POST /api/MatchingTandem/CreateMatchingTandem', 409, 'MatchingAlreadyRunning')
    await open(mia)
    await userEvent.click(await screen.findByRole('button', { name: 'Start matching' }))
    const notice = await screen.findByRole('alertdialog')
    expect(within(notice).getByText('Matching is already running. Please wait until it has finished.')).toBeTruthy()
  })
})

describe('mentor dashboard', () => {
  it('uses the mentor decline reasons when a mentor declines', async () => {
    const { mia, max, proposal } = await aProposedMentee()
    await accept(mia, 'Mentee', max, proposal.proposalId, proposal.matchingTandemId)
    const calls = await open(max)
    const card = await screen.findByRole('group', { name: `Proposal: Mia ${mia.lastName}` })
    expect(within(await screen.findByRole('timer')).getByText(/^Please answer until/)).toBeTruthy()
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Decline reason/ }))
    expect(await screen.findByRole('option', { name: mentorReasons[0]!.text.en })).toBeTruthy()
    expect(calls('GET /api/MatchingTandem/GetDeclineReason')[0]?.query).toMatchObject({ role: 'Mentor' })
  })
})
