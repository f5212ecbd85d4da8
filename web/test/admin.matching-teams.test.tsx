// The matching teams page against the real server: the score or Manual Matching, the team id
// filter, the detail closed when a search no longer lists its team, the manual team's pickers, the
// ordered save calls with the version each left, and a team changed meanwhile.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { MatchingTandemListRow, ProposalsResponse, TeamDetail } from '@tandem/core'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'
// The participant endpoints are in the slice first, as in the app: admin endpoints must not collide with them.
import '../src/features/dashboard/dashboard.api.js'
import '../src/shared/api/questionnaire.api.js'

let api: RealApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

/** The real server, seeded by `seed`; then the administrator opens `route`. */
const open = async <T = void,>(route: string, seed: (real: RealApi) => Promise<T> = async () => undefined as T) => {
  const real = await startRealApi()
  api = real
  const seeded = await seed(real)
  const { user: me, auth } = real.signedIn(real.admin)
  const view = await renderWithProviders(<AppRoutes />, { route, apiBaseUrl: real.url, user: me, auth })
  // The admin pages are a lazy chunk: the first test in a busy run waits for the import.
  await screen.findByRole('button', { name: 'Export' }, { timeout: 20_000 })
  return { ...view, api: real, seeded, user: userEvent.setup() }
}

const confirmation = () => screen.findByRole('alertdialog', { hidden: true })
const confirm = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click(within(await confirmation()).getByRole('button', { name: 'Confirm', hidden: true }))

/** The teams as the administrator's list shows them. */
const teamsOf = (real: RealApi) =>
  real.expectOk(
    real.call<MatchingTandemListRow[]>(real.admin, 'POST', '/api/Admin/GetMatchingTandemList', {
      tandemStates: [],
      tandemId: 0,
      email: '',
      filterCluster: [],
    }),
    'teams',
  )
const scoreOf = (row: MatchingTandemListRow | undefined) => `${row?.baseMatchRuleScore} / ${row?.maxScore} ${row?.percentage}%`

/**
 * Two teams: Mia and Max, proposed to each other by matching (both proposals open), and Nia and Nils
 * paired by hand.
 */
const twoTeams = async (real: RealApi) => {
  const max = await real.publishedMentor('Max')
  const nils = await real.publishedMentor('Nils')
  const mia = await real.readyMentee('Mia')
  const nia = await real.readyMentee('Nia')
  const matched = await real.proposedTeam(mia, max, [nils])
  const manual = await real.manualTeam(nia, nils, [nils])
  return { matched, manual, mia, max }
}

describe('matching teams', () => {
  it('shows the score as base / max percent% or Manual Matching, and refuses a team id that is not 10 digits at most', async () => {
    const { user, api, seeded } = await open('/administrator/matching-tandems', twoTeams)
    const rows = await teamsOf(api)
    const matched = rows.find((r) => r.id === seeded.matched)
    expect(matched?.percentage).toBeGreaterThan(0)
    expect(rows.find((r) => r.id === seeded.manual)?.percentage).toBe(0)
    const table = await screen.findByRole('table', { name: 'Matching teams' })
    expect(await within(table).findByText(scoreOf(matched))).toBeTruthy()
    expect(within(table).getByText('Manual Matching')).toBeTruthy()
    expect(screen.getByText('Select a matching team to display details')).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: 'Team ID' }), '12345678901')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('Enter a valid team ID.')).toBeTruthy()
    expect(api.calls('POST /api/Admin/GetMatchingTandemList')).toHaveLength(1)
    await user.clear(screen.getByRole('textbox', { name: 'Team ID' }))
    await user.type(screen.getByRole('textbox', { name: 'Team ID' }), String(seeded.matched))
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() =>
      expect(api.calls('POST /api/Admin/GetMatchingTandemList').at(-1)?.body).toEqual({
        tandemStates: [],
        tandemId: seeded.matched,
        email: '',
        filterCluster: [],
      }),
    )
    await waitFor(() => {
      const found = screen.getByRole('table', { name: 'Matching teams' })
      expect(within(found).queryByText('Manual Matching')).toBeNull()
      expect(within(found).getByText(scoreOf(matched))).toBeTruthy()
    })
  })

  it('closes the detail of a team that a new search no longer lists', async () => {
    const { user, api, seeded } = await open('/administrator/matching-tandems', twoTeams)
    const matched = (await teamsOf(api)).find((r) => r.id === seeded.matched)
    await user.click(await screen.findByText(scoreOf(matched)))
    expect(await screen.findByRole('combobox', { name: 'Mentee status' })).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: 'Team ID' }), String(seeded.manual))
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(screen.queryByText(scoreOf(matched))).toBeNull())
    expect(screen.getByText('Select a matching team to display details')).toBeTruthy()
    expect(screen.queryByRole('combobox', { name: 'Mentee status' })).toBeNull()
  })

  it('requires both pickers for a manual team', async () => {
    const { user, api } = await open('/administrator/matching-tandems')
    await user.click(await screen.findByRole('button', { name: 'Create' }))
    expect(await screen.findAllByText('This information is required.')).toHaveLength(2)
    expect(api.calls('POST /api/Admin/CreateMatchingTandemManual')).toHaveLength(0)
  })

  /** The team's detail as the server holds it now. */
  const detailOf = (real: RealApi, tandemId: number) =>
    real.expectOk(real.call<TeamDetail>(real.admin, 'POST', `/api/Admin/GetMatchingTandemById?matchingTandemId=${tandemId}`), 'detail')

  it('saves mentee ACCEPTED and mentor DECLINED as the accept first, then the mentor decline with the version the accept left', async () => {
    const { user, api, seeded } = await open('/administrator/matching-tandems', twoTeams)
    const before = await detailOf(api, seeded.matched)
    const matched = (await teamsOf(api)).find((r) => r.id === seeded.matched)
    await user.click(await screen.findByText(scoreOf(matched)))
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Mentee status' }), 'ACCEPTED')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mentor status' }), 'DECLINED')
    await user.click(screen.getByRole('button', { name: 'save changes' }))
    await confirm(user)
    expect(await screen.findByText('The changes to the matching team were saved.')).toBeTruthy()
    const order = api.requests.filter((r) => /AcceptProposal|DeclineProposal/.test(r.path)).map((r) => [r.path, r.status])
    expect(order).toEqual([
      ['/api/Admin/AcceptProposal', 200],
      ['/api/Admin/DeclineProposal', 200],
    ])
    const accept = api.calls('POST /api/Admin/AcceptProposal')[0]?.body as {
      matchingTandemSaveModel: { version: number; tandemState: string }[]
    }[]
    expect(accept[0]?.matchingTandemSaveModel[0]).toEqual({
      matchingTandemId: seeded.matched,
      tandemState: 'ACTIVE',
      version: before.version,
    })
    const decline = api.calls('POST /api/Admin/DeclineProposal')[0]?.body as {
      role: string
      declineProposal: { proposalId: number; declineMatchingTandem: { version: number } }
    }
    expect([decline.role, decline.declineProposal.proposalId, decline.declineProposal.declineMatchingTandem.version]).toEqual([
      'Mentor',
      before.matchingTandemMentorProposal?.proposalId,
      before.version + 1,
    ])
    const after = await detailOf(api, seeded.matched)
    expect([after.matchingTandemMenteeProposal?.status, after.matchingTandemMentorProposal?.status]).toEqual(['ACCEPTED', 'DECLINED'])
  })

  it('tells the admin to refresh when the team changed meanwhile', async () => {
    const { user, api, seeded } = await open('/administrator/matching-tandems', twoTeams)
    const matched = (await teamsOf(api)).find((r) => r.id === seeded.matched)
    await user.click(await screen.findByText(scoreOf(matched)))
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Mentee status' }), 'DECLINED')
    // meanwhile Mia accepts her proposal herself
    const { mia, max } = seeded
    const proposals = await api.expectOk(
      api.call<ProposalsResponse>(mia, 'POST', '/api/MatchingTandem/GetProposals', { email: mia.email }),
      'proposals',
    )
    const own = proposals.menteeProposal.find((x) => x.matchingTandemId === seeded.matched)
    await api.expectOk(
      api.call(mia, 'POST', '/api/MatchingTandem/AcceptProposal', {
        email: mia.email,
        role: 'Mentee',
        pairedUserEmail: max.email,
        proposalSaveModel: { proposalId: own?.proposalId, proposalState: 'ACCEPTED' },
        matchingTandemSaveModel: { matchingTandemId: seeded.matched, tandemState: 'ACTIVE' },
      }),
      'accept',
    )
    await user.click(screen.getByRole('button', { name: 'save changes' }))
    await confirm(user)
    expect(await screen.findByText(/changed in the meantime/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy()
    expect(api.calls('POST /api/Admin/DeclineProposal').map((r) => r.status)).toEqual([409])
  })
})
