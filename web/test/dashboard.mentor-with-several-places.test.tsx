// A mentor with three places and two mentees waiting for the answer (docs/matching.md#places), against
// the real server: each proposal is its own card with its own deadline, the full name and its own
// profile; the section shows the places (matched, reserved, free); the accept dialog says what
// accepting makes of them. In English and German.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ProposalsResponse } from '@tandem/core'
import { aMenteeAnswers, aMentorAnswers } from '@tandem/fixtures'
import Dashboard from '../src/features/dashboard/Dashboard.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeEach(async () => {
  api = await startRealApi()
})
afterEach(() => api.close())

const MINUTE = 60_000

const open = async (person: Person, language: 'en' | 'de' = 'en') => {
  const { user, auth } = api.signedIn(person)
  await renderWithProviders(<Dashboard />, { route: '/matching', apiBaseUrl: api.url, user, auth, language })
}

/** A mentee who starts matching (Ahmed the only mentor) and accepts him `before` ago by the server's clock. */
const menteeWaitingFor = async (mentor: Person, lastName: string, company: string, before: number) => {
  const jana = api.person('Jana', { lastName })
  await api.signUp(jana, 'Mentee')
  await api.saveProfile(jana, undefined, { company })
  await api.saveAnswers(jana, 'Mentee', aMenteeAnswers(), true)
  api.clock.set(Date.now() - before)
  await api.expectOk(api.call(jana, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: jana.email }), 'start matching')
  const proposals = await api.expectOk(
    api.call<ProposalsResponse>(jana, 'POST', '/api/MatchingTandem/GetProposals', { email: jana.email }),
    'proposals',
  )
  const proposal = proposals.menteeProposal[0]
  if (proposal === undefined) throw new Error(`${lastName} got no proposal`)
  await api.expectOk(
    api.call(jana, 'POST', '/api/MatchingTandem/AcceptProposal', {
      email: jana.email,
      role: 'Mentee',
      pairedUserEmail: mentor.email,
      proposalSaveModel: { proposalId: proposal.proposalId, proposalState: 'ACCEPTED' },
      matchingTandemSaveModel: { matchingTandemId: proposal.matchingTandemId, tandemState: 'ACTIVE' },
    }),
    `${lastName} accepts`,
  )
  return proposal.matchingTandemId
}

/** Ahmed takes three mentees; Jana Koch accepted him 1 h 29 min 35 s ago, Jana Zimmermann 29 min 35 s ago. */
const mentorWithTwoWaiting = async () => {
  const ahmed = api.person('Ahmed', { lastName: 'Yilmaz' })
  await api.signUp(ahmed, 'Mentor')
  await api.saveProfile(ahmed, null)
  await api.saveAnswers(ahmed, 'Mentor', aMentorAnswers(), true)
  await api.expectOk(api.call(ahmed, 'POST', '/api/Questionnaire/UpdateMentorCapacity', { email: ahmed.email, capacity: 3 }), 'capacity')
  const koch = await menteeWaitingFor(ahmed, 'Koch', 'Koch GmbH', 89 * MINUTE + 35_000)
  const zimmermann = await menteeWaitingFor(ahmed, 'Zimmermann', 'Zimmermann AG', 29 * MINUTE + 35_000)
  api.clock.set(Date.now())
  return { ahmed, koch, zimmermann }
}

describe('a mentor with several places', () => {
  it('sees each proposal as its own card with its own deadline, full name and profile', async () => {
    const { ahmed, koch, zimmermann } = await mentorWithTwoWaiting()
    await open(ahmed)
    const kochCard = await screen.findByRole('group', { name: 'Proposal: Jana Koch' })
    const zimmermannCard = screen.getByRole('group', { name: 'Proposal: Jana Zimmermann' })
    // 72 h after each acceptance: 70 h 30 min 25 s and 71 h 30 min 25 s left
    expect(within(within(kochCard).getByRole('timer')).getByText('70:30')).toBeTruthy()
    expect(within(within(zimmermannCard).getByRole('timer')).getByText('71:30')).toBeTruthy()
    expect(screen.getAllByRole('timer')).toHaveLength(2)

    await userEvent.click(within(zimmermannCard).getByRole('button', { name: /^Profile of Jana Zimmermann/ }))
    expect(await within(zimmermannCard).findByText('Zimmermann AG')).toBeTruthy()
    expect(within(kochCard).queryByText('Koch GmbH')).toBeNull()
    await userEvent.click(within(kochCard).getByRole('button', { name: /^Profile of Jana Koch/ }))
    expect(await within(kochCard).findByText('Koch GmbH')).toBeTruthy()
    const asked = api.calls('GET /api/User/GetProposedUserProfile').map((r) => Number(r.query['matchingTandemId']))
    expect(asked).toEqual([zimmermann, koch])
  })

  it('shows the places and says in the accept dialog what accepting makes of them', async () => {
    const { ahmed } = await mentorWithTwoWaiting()
    await open(ahmed)
    expect(await screen.findByText('Your places: 0 matched, 2 reserved, 1 free (3 in all)')).toBeTruthy()
    const card = await screen.findByRole('group', { name: 'Proposal: Jana Koch' })
    await userEvent.click(within(card).getByRole('button', { name: 'Accept' }))
    const dialog = await screen.findByRole('dialog')
    expect(
      within(dialog).getByText(
        'Do you want to accept Jana Koch as your mentee? You then mentor 1 of 3 mentees at once: 2 of 3 places are taken, and your other proposals stay open.',
      ),
    ).toBeTruthy()
    expect(within(dialog).queryByText(/will be closed/)).toBeNull()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }))
    expect(await screen.findByText('Your places: 1 matched, 1 reserved, 1 free (3 in all)')).toBeTruthy()
  })

  it('speaks German with "Sie"', async () => {
    const { ahmed } = await mentorWithTwoWaiting()
    await open(ahmed, 'de')
    expect(await screen.findByText('Ihre Plätze: 0 im Mentoring, 2 reserviert, 1 frei (3 insgesamt)')).toBeTruthy()
    const card = await screen.findByRole('group', { name: 'Vorschlag: Jana Koch' })
    expect(within(card).getByRole('button', { name: /^Profil von Jana Koch/ })).toBeTruthy()
    await userEvent.click(within(card).getByRole('button', { name: 'Annehmen' }))
    const dialog = await screen.findByRole('dialog')
    await waitFor(() =>
      expect(
        within(dialog).getByText(
          'Möchten Sie Jana Koch als Mentee annehmen? Sie begleiten dann 1 von 3 Mentees gleichzeitig: 2 von 3 Plätzen sind belegt, und Ihre anderen Vorschläge bleiben offen.',
        ),
      ).toBeTruthy(),
    )
  })
})
