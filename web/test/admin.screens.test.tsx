// The admin screens against a loopback stand-in of the API: access, lists and paging, program
// years, matching teams (score, id filter, detail, ordered save calls), user information, export.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Cluster, MatchingTandemListRow, TeamDetail, UserListRow, UserView } from '@tandem/core'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { fail, ok, startApiServer, type ApiServer, type Handler } from './utils/apiServer.js'
import { aStatus, aUser } from './utils/builders.js'
// The participant endpoints are in the slice first, as in the app: admin endpoints must not collide with them.
import '../src/features/dashboard/dashboard.api.js'
import '../src/features/questionnaire/questionnaire.api.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const admin = aUser('admin@example.org', ['Admin'], [])

const open = async (route: string, routes: Record<string, Handler>, me: UserView = admin) => {
  server = await startApiServer({
    'GET /api/Account/GetUserDetails': () => ok(me),
    'POST /api/Account/signin': () => ok(true),
    'GET /api/Admin/GetClusters': () => ok(clusters),
    ...routes,
  })
  const view = await renderWithProviders(<AppRoutes />, { route, apiBaseUrl: server.url, user: aSignedInUser(me.email) })
  return { ...view, api: server, user: userEvent.setup() }
}

const clusters: Cluster[] = [
  { clusterId: 1, clusterText: '2025', isEnded: true, isDefault: false },
  { clusterId: 2, clusterText: '2026', isEnded: false, isDefault: true },
  { clusterId: 3, clusterText: '2026 Autumn', isEnded: false, isDefault: false },
]

const aRow = (i: number): UserListRow => ({
  userId: i,
  firstName: `Mia${i}`,
  lastName: `Muster${i}`,
  email: `mia${i}@example.org`,
  registrationDate: '2026-03-02T09:00:00.000Z',
  programYear: '2026',
  status: 'AVAILABLE',
})

const confirmation = () => screen.findByRole('alertdialog', { hidden: true })
const confirm = async (user: ReturnType<typeof userEvent.setup>) =>
  user.click(within(await confirmation()).getByRole('button', { name: 'Confirm', hidden: true }))

describe('admin shell', () => {
  it('shows a participant who opens /administrator/... the 403 page', async () => {
    await open('/administrator/mentees', {}, aUser('mia@example.org', ['Mentee'], [aStatus('Mentee', 'NEW')]))
    expect(await screen.findByText('Error code 403')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull()
  })

  it('gives every admin page the Export and Synchronize buttons; Synchronize asks first and reports success', async () => {
    const { user, api } = await open('/administrator/clusters', { 'GET /api/Admin/SyncDBFromIdp': () => ok(3) })
    await user.click(await screen.findByRole('button', { name: 'Synchronize' }))
    expect(api.calls('GET /api/Admin/SyncDBFromIdp')).toHaveLength(0)
    await confirm(user)
    expect(await screen.findByText('The account data was synchronized from the identity provider.')).toBeTruthy()
    expect(api.calls('GET /api/Admin/SyncDBFromIdp')).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy()
  })
})

describe('mentee and mentor lists', () => {
  it('does not offer PAUSED for mentees, sends the selection, and pages 25 rows at a time', async () => {
    const { user, api } = await open('/administrator/mentees', {
      'POST /api/Admin/GetMentees': () => ok(Array.from({ length: 30 }, (_, i) => aRow(i + 1))),
    })
    await user.click(await screen.findByRole('combobox', { name: 'Status' }))
    const offered = (await screen.findAllByRole('menuitemcheckbox', { hidden: true })).map((o) => o.textContent)
    expect(offered).not.toContain('PAUSED')
    expect(offered).toContain('PENDING')
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'AVAILABLE', hidden: true }))
    await user.click(screen.getByRole('button', { name: 'filter and display' }))
    const table = await screen.findByRole('table', { name: 'Mentees' })
    expect(api.calls('POST /api/Admin/GetMentees')[0]?.body).toEqual([{ id: 4, name: 'AVAILABLE' }])
    expect(within(table).getAllByRole('row')).toHaveLength(26)
    expect(within(table).getByRole('columnheader', { name: 'Program year' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    expect(within(screen.getByRole('table', { name: 'Mentees' })).getAllByRole('row')).toHaveLength(6)
  })

  it('does not offer PENDING for mentors, has no program-year column, and says when nothing was found', async () => {
    const { user } = await open('/administrator/mentors', { 'POST /api/Admin/GetMentors': () => ok([]) })
    await user.click(await screen.findByRole('combobox', { name: 'Status' }))
    const offered = (await screen.findAllByRole('menuitemcheckbox', { hidden: true })).map((o) => o.textContent)
    expect(offered).not.toContain('PENDING')
    expect(offered).toContain('PAUSED')
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'filter and display' }))
    expect(await screen.findByText('no entry found to display')).toBeTruthy()
  })
})

describe('program years', () => {
  it('refuses a title with other characters (create-program-year-error1) and an empty one (requiredFieldError) without calling the server', async () => {
    const { user, api } = await open('/administrator/clusters', { 'POST /api/Admin/CreateCluster': () => ok(clusters[2]) })
    await user.click(await screen.findByRole('button', { name: 'Create program year' }))
    expect(await screen.findByText('This information is required.')).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: /Program year title/ }), '2027*')
    expect(await screen.findByText('Please use at most 30 letters, digits, slashes, spaces, underscores or hyphens.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Create program year' }))
    expect(api.calls('POST /api/Admin/CreateCluster')).toHaveLength(0)
    await user.clear(screen.getByRole('textbox', { name: /Program year title/ }))
    await user.type(screen.getByRole('textbox', { name: /Program year title/ }), '2027/28 Spring')
    await user.click(screen.getByRole('button', { name: 'Create program year' }))
    await waitFor(() => expect(api.calls('POST /api/Admin/CreateCluster')[0]?.query).toEqual({ yearText: '2027/28 Spring' }))
  })

  it('shows Deactivated, default cluster or a Deactivate button behind a confirmation naming the year', async () => {
    const { user, api } = await open('/administrator/clusters', { 'GET /api/Admin/CloseCluster': () => ok(true) })
    const table = await screen.findByRole('table', { name: 'Program years' })
    await within(table).findByText('Deactivated')
    expect(within(table).getByText('default cluster')).toBeTruthy()
    await user.click(within(table).getByRole('button', { name: 'Deactivate 2026 Autumn' }))
    expect(within(await confirmation()).getByText(/deactivate the program year 2026 Autumn/)).toBeTruthy()
    await confirm(user)
    await waitFor(() => expect(api.calls('GET /api/Admin/CloseCluster')[0]?.query).toEqual({ clusterId: '3' }))
  })
})

const aTeamRow = (id: number, percentage: number): MatchingTandemListRow => ({
  id,
  createdDate: '2026-03-02T09:00:00.000Z',
  programYear: '2026',
  menteeLastName: 'Muster',
  mentorLastName: 'Mentor',
  tandemStatus: 'ACTIVE',
  menteeProposalStatus: 'PROPOSED',
  mentorProposalStatus: 'PROPOSED',
  baseMatchRuleScore: percentage === 0 ? 0 : 12,
  maxScore: percentage === 0 ? 0 : 20,
  percentage,
})

const aDetail = (version: number, mentee: 'PROPOSED' | 'ACCEPTED' = 'PROPOSED'): TeamDetail => ({
  tandemId: 42,
  version,
  tandemStatus: 'ACTIVE',
  matchingTandemMenteeProposal: {
    status: mentee,
    proposalId: 101,
    email: 'mia@example.org',
    firstName: 'Mia',
    lastName: 'Muster',
    createdDate: '2026-03-02T09:00:00.000Z',
    comment: null,
    declineReasonText: null,
    declineInformationText: null,
  },
  matchingTandemMentorProposal: {
    status: 'PROPOSED',
    proposalId: 102,
    email: 'max@example.org',
    firstName: 'Max',
    lastName: 'Mentor',
    createdDate: '2026-03-02T09:00:00.000Z',
    comment: null,
    declineReasonText: null,
    declineInformationText: null,
  },
})

describe('matching teams', () => {
  const master = {
    tandemStates: [],
    proposalStates: [],
    mentees: [{ userId: 1, firstName: 'Mia', lastName: 'Muster', email: 'mia@example.org' }],
    mentors: [{ userId: 2, firstName: 'Max', lastName: 'Mentor', email: 'max@example.org' }],
    allUsers: [],
    clusters,
  }

  it('shows the score as base / max percent% or Manual Matching, and refuses a team id that is not 10 digits at most', async () => {
    const { user, api } = await open('/administrator/matching-tandems', {
      'GET /api/Admin/GetManualMatchingMasterData': () => ok(master),
      'POST /api/Admin/GetMatchingTandemList': () => ok([aTeamRow(42, 60), aTeamRow(43, 0)]),
    })
    const table = await screen.findByRole('table', { name: 'Matching teams' })
    expect(within(table).getByText('12 / 20 60%')).toBeTruthy()
    expect(within(table).getByText('Manual Matching')).toBeTruthy()
    expect(screen.getByText('Select a matching team to display details')).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: 'Team ID' }), '12345678901')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('Enter a valid team ID.')).toBeTruthy()
    expect(api.calls('POST /api/Admin/GetMatchingTandemList')).toHaveLength(1)
    await user.clear(screen.getByRole('textbox', { name: 'Team ID' }))
    await user.type(screen.getByRole('textbox', { name: 'Team ID' }), '42')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() =>
      expect(api.calls('POST /api/Admin/GetMatchingTandemList').at(-1)?.body).toEqual({
        tandemStates: [],
        tandemId: 42,
        email: '',
        filterCluster: [],
      }),
    )
  })

  it('closes the detail of a team that a new search no longer lists', async () => {
    const { user } = await open('/administrator/matching-tandems', {
      'GET /api/Admin/GetManualMatchingMasterData': () => ok(master),
      'POST /api/Admin/GetMatchingTandemList': (r) =>
        ok((r.body as { tandemId: number }).tandemId === 43 ? [aTeamRow(43, 0)] : [aTeamRow(42, 60), aTeamRow(43, 0)]),
      'POST /api/Admin/GetMatchingTandemById': () => ok(aDetail(3, 'PROPOSED')),
    })
    await user.click(await screen.findByText('12 / 20 60%'))
    expect(await screen.findByRole('combobox', { name: 'Mentee status' })).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: 'Team ID' }), '43')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(screen.queryByText('12 / 20 60%')).toBeNull())
    expect(screen.getByText('Select a matching team to display details')).toBeTruthy()
    expect(screen.queryByRole('combobox', { name: 'Mentee status' })).toBeNull()
  })

  it('requires both pickers for a manual team', async () => {
    const { user, api } = await open('/administrator/matching-tandems', {
      'GET /api/Admin/GetManualMatchingMasterData': () => ok(master),
      'POST /api/Admin/GetMatchingTandemList': () => ok([]),
    })
    await user.click(await screen.findByRole('button', { name: 'Create' }))
    expect(await screen.findAllByText('This information is required.')).toHaveLength(2)
    expect(api.calls('POST /api/Admin/CreateMatchingTandemManual')).toHaveLength(0)
  })

  it('saves mentee ACCEPTED and mentor DECLINED as the accept first, then the mentor decline with the version the accept left', async () => {
    let version = 3
    const { user, api } = await open('/administrator/matching-tandems', {
      'GET /api/Admin/GetManualMatchingMasterData': () => ok(master),
      'POST /api/Admin/GetMatchingTandemList': () => ok([aTeamRow(42, 60)]),
      'POST /api/Admin/GetMatchingTandemById': () => ok(aDetail(version, version > 3 ? 'ACCEPTED' : 'PROPOSED')),
      'POST /api/Admin/AcceptProposal': () => {
        version += 1
        return ok(true)
      },
      'POST /api/Admin/DeclineProposal': () => {
        version += 1
        return ok(true)
      },
    })
    await user.click(await screen.findByText('12 / 20 60%'))
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Mentee status' }), 'ACCEPTED')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mentor status' }), 'DECLINED')
    await user.click(screen.getByRole('button', { name: 'save changes' }))
    await confirm(user)
    expect(await screen.findByText('The changes to the matching team were saved.')).toBeTruthy()
    const order = api.requests.filter((r) => /AcceptProposal|DeclineProposal/.test(r.path)).map((r) => r.path)
    expect(order).toEqual(['/api/Admin/AcceptProposal', '/api/Admin/DeclineProposal'])
    const accept = api.calls('POST /api/Admin/AcceptProposal')[0]?.body as {
      matchingTandemSaveModel: { version: number; tandemState: string }[]
    }[]
    expect(accept[0]?.matchingTandemSaveModel[0]).toEqual({ matchingTandemId: 42, tandemState: 'ACTIVE', version: 3 })
    const decline = api.calls('POST /api/Admin/DeclineProposal')[0]?.body as {
      role: string
      declineProposal: { proposalId: number; declineMatchingTandem: { version: number } }
    }
    expect([decline.role, decline.declineProposal.proposalId, decline.declineProposal.declineMatchingTandem.version]).toEqual([
      'Mentor',
      102,
      4,
    ])
  })

  it('tells the admin to refresh when the team changed meanwhile', async () => {
    const { user } = await open('/administrator/matching-tandems', {
      'GET /api/Admin/GetManualMatchingMasterData': () => ok(master),
      'POST /api/Admin/GetMatchingTandemList': () => ok([aTeamRow(42, 60)]),
      'POST /api/Admin/GetMatchingTandemById': () => ok(aDetail(3)),
      'POST /api/Admin/DeclineProposal': () => fail(409, 'TandemChanged'),
    })
    await user.click(await screen.findByText('12 / 20 60%'))
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Mentee status' }), 'DECLINED')
    await user.click(screen.getByRole('button', { name: 'save changes' }))
    await confirm(user)
    expect(await screen.findByText(/changed in the meantime/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy()
  })
})

describe('user information', () => {
  const users = [aRow(1), { ...aRow(2), firstName: 'Max', lastName: 'Mentor', email: 'max@example.org' }]
  const detail = {
    userRole: [{ name: 'Mentor' }],
    userStatuses: [aStatus('Mentor', 'PAUSED')],
    notification: [],
    userCompleteProfile: {
      firstName: 'Max',
      lastName: 'Mentor',
      email: 'max@example.org',
      city: null,
      federalState: null,
      country: null,
      language: 'English',
      gender: null,
      professionalPosition: null,
      company: null,
      cluster: null,
      registrationDate: '2026-03-02T09:00:00.000Z',
    },
    allData: {
      menteeAccountQuestions: [],
      mentorAccountQuestions: [{ userQuestionText: 'Why become a mentor?', userAnswer: null }],
      menteeProfileQuestions: [],
      mentorProfileQuestions: [],
      menteeMatchingTandem: [],
      mentorMatchingTandem: [{ matchingTandemId: 7 }],
      menteeLastStartedMatchingDate: null,
    },
  }

  it('lists in the picker a participant who signed up while the page was open, once the administrator comes back to it', async () => {
    const signedUp = [...users]
    const { user } = await open('/administrator/user-information', { 'GET /api/Admin/GetAllUsers': () => ok(signedUp) })
    const picker = await screen.findByRole('combobox', { name: /User/ })
    await user.type(picker, 'Nele')
    expect(screen.queryByRole('option', { name: /Nele Neu/ })).toBeNull()
    signedUp.push({ ...aRow(3), firstName: 'Nele', lastName: 'Neu', email: 'nele@example.org' })
    window.dispatchEvent(new Event('focus'))
    await user.clear(picker)
    await user.type(picker, 'Nele')
    expect(await screen.findByRole('option', { name: /Nele Neu/ })).toBeTruthy()
  })

  it('asks for an existing name when the typed text matches nobody', async () => {
    const { user, api } = await open('/administrator/user-information', { 'GET /api/Admin/GetAllUsers': () => ok(users) })
    await user.type(await screen.findByRole('combobox', { name: /User/ }), 'Nobody')
    await user.click(screen.getByRole('button', { name: 'display information' }))
    expect(await screen.findByText('Please enter an existing name.')).toBeTruthy()
    expect(api.calls('GET /api/Admin/GetUserDetail')).toHaveLength(0)
  })

  it("shows the accordions with '-' for empty fields, no history, and reports an incomplete profile when enabling matching", async () => {
    const { user } = await open('/administrator/user-information', {
      'GET /api/Admin/GetAllUsers': () => ok(users),
      'GET /api/Admin/GetUserDetail': () => ok(detail),
      'POST /api/Admin/UpdateUserStatus': () => ok(false),
    })
    await user.type(await screen.findByRole('combobox', { name: /User/ }), 'Max')
    await user.click(await screen.findByRole('option', { name: /Max Mentor/, hidden: true }))
    await user.click(screen.getByRole('button', { name: 'display information' }))
    expect(await screen.findByText('no history found')).toBeTruthy()
    expect(screen.getByText('#7')).toBeTruthy()
    expect(screen.getByText('Why become a mentor?').nextElementSibling?.textContent).toBe('-')
    expect(screen.queryByRole('button', { name: 'Mentee' })).toBeNull()
    server?.routes.set('post /api/admin/updateuserstatus', () => ({
      status: 200,
      body: { isSuccess: false, isFailure: true, value: null, errorMessage: 'InCompleteProfile', errorCode: 'ProfileIncomplete' },
    }))
    await user.click(screen.getByRole('switch', { name: 'Matching enabled' }))
    expect(await screen.findByText("The mentor's profile data is incomplete: matching cannot be enabled.")).toBeTruthy()
  })
})

describe('export dialog', () => {
  it('pre-selects all three options and requires at least one', async () => {
    const { user } = await open('/administrator/clusters', {})
    await user.click(await screen.findByRole('button', { name: 'Export' }))
    const dialog = await screen.findByRole('dialog', { hidden: true })
    const boxes = within(dialog).getAllByRole<HTMLInputElement>('checkbox', { hidden: true })
    expect(boxes.map((b) => b.checked)).toEqual([true, true, true])
    for (const box of boxes) await user.click(box)
    await user.click(within(dialog).getByRole('button', { name: 'Export', hidden: true }))
    expect(await within(dialog).findByText('This information is required.')).toBeTruthy()
  })
})
