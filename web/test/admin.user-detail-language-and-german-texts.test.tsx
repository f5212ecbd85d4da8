// Reviewer defects in the admin app: the user detail follows a language switch, status and state
// codes and gender are translated, sync answers have texts, and an admin on a register route.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { UserView } from '@tandem/core'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { fail, ok, startApiServer, type ApiServer, type Handler } from './utils/apiServer.js'
import { aStatus, aUser } from './utils/builders.js'
import '../src/features/dashboard/dashboard.api.js'
import '../src/features/questionnaire/questionnaire.api.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const admin = aUser('admin@example.org', ['Admin'], [])

const open = async (route: string, routes: Record<string, Handler>, me: UserView = admin, language: 'en' | 'de' = 'en') => {
  server = await startApiServer({
    'GET /api/Account/GetUserDetails': () => ok(me),
    'POST /api/Account/signin': () => ok(true),
    'GET /api/Admin/GetClusters': () => ok([]),
    ...routes,
  })
  const view = await renderWithProviders(<AppRoutes />, { route, apiBaseUrl: server.url, user: aSignedInUser(me.email), language })
  return { ...view, api: server, user: userEvent.setup() }
}

const users = [
  {
    userId: 5,
    firstName: 'Max',
    lastName: 'Mentor',
    email: 'max@example.org',
    registrationDate: '2026-03-02T09:00:00.000Z',
    programYear: null,
    status: 'PAUSED',
  },
]
const detailIn = (language: string) => ({
  userRole: [{ name: 'Mentor' }],
  userStatuses: [aStatus('Mentor', 'PAUSED')],
  notification: [],
  userCompleteProfile: {
    firstName: 'Max',
    lastName: 'Mentor',
    email: 'max@example.org',
    city: null,
    federalState: null,
    country: language === 'de' ? 'Deutschland' : 'Germany',
    language: 'English',
    gender: 'Female',
    professionalPosition: null,
    company: null,
    cluster: null,
    registrationDate: '2026-03-02T09:00:00.000Z',
  },
  allData: {
    menteeAccountQuestions: [],
    mentorAccountQuestions: [],
    menteeProfileQuestions: [],
    mentorProfileQuestions: [],
    menteeMatchingTandem: [],
    mentorMatchingTandem: [],
    menteeLastStartedMatchingDate: null,
  },
})

const showMax = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(await screen.findByRole('combobox', { name: /User|Person/ }), 'Max')
  await user.click(await screen.findByRole('option', { name: /Max Mentor/, hidden: true }))
  await user.click(screen.getByRole('button', { name: /display information|Informationen anzeigen/ }))
}

describe('admin user detail and the language switch', () => {
  it('reloads the shown user detail in the new language when the admin switches to German', async () => {
    const { user, api } = await open('/administrator/user-information', {
      'GET /api/Admin/GetAllUsers': () => ok(users),
      'GET /api/Admin/GetUserDetail': (r) => ok(detailIn(r.query['language'] ?? 'en')),
    })
    await showMax(user)
    expect(await screen.findByText('Germany')).toBeTruthy()
    const listLoads = api.calls('GET /api/Admin/GetAllUsers').length
    await user.click(screen.getByRole('button', { name: 'Deutsch' }))
    expect(await screen.findByText('Deutschland')).toBeTruthy()
    expect(api.calls('GET /api/Admin/GetUserDetail').map((c) => c.query['language'])).toContain('de')
    // every admin cache tag is invalidated, so admin lists are asked again too
    await waitFor(() => expect(api.calls('GET /api/Admin/GetAllUsers').length).toBeGreaterThan(listLoads))
  })
})

const confirm = async (user: ReturnType<typeof userEvent.setup>, name: string) =>
  user.click(within(await screen.findByRole('alertdialog', { hidden: true })).getByRole('button', { name, hidden: true }))

describe('admin texts in German (gender, status and state codes, sync answer)', () => {
  it('shows gender and status of the user detail in German', async () => {
    const { user } = await open(
      '/administrator/user-information',
      {
        'GET /api/Admin/GetAllUsers': () => ok(users),
        'GET /api/Admin/GetUserDetail': (r) => ok(detailIn(r.query['language'] ?? 'en')),
      },
      admin,
      'de',
    )
    await showMax(user)
    expect(await screen.findByText('Weiblich')).toBeTruthy()
    expect(screen.queryByText('Female')).toBeNull()
    expect(screen.getByText('PAUSIERT')).toBeTruthy()
  })

  it('offers the mentee statuses in German and shows the list badges in German', async () => {
    const { user, api } = await open(
      '/administrator/mentees',
      {
        'POST /api/Admin/GetMentees': () =>
          ok([
            {
              userId: 1,
              firstName: 'Mia',
              lastName: 'Muster',
              email: 'mia@example.org',
              registrationDate: '2026-03-02T09:00:00.000Z',
              programYear: '2026',
              status: 'AVAILABLE',
            },
          ]),
      },
      admin,
      'de',
    )
    await user.click(await screen.findByRole('combobox', { name: 'Status' }))
    const offered = (await screen.findAllByRole('menuitemcheckbox', { hidden: true })).map((o) => o.textContent)
    expect(offered).toContain('VERFÜGBAR')
    expect(offered).not.toContain('AVAILABLE')
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'VERFÜGBAR', hidden: true }))
    await user.keyboard('{Escape}')
    await user.click(screen.getByRole('button', { name: 'filtern und anzeigen' }))
    const table = await screen.findByRole('table')
    expect(within(table).getByText('VERFÜGBAR')).toBeTruthy()
    // the codes still travel to the server untranslated
    expect(api.calls('POST /api/Admin/GetMentees')[0]?.body).toEqual([{ id: 4, name: 'AVAILABLE' }])
  })

  it('offers the team states in German on the matching teams page', async () => {
    const { user } = await open(
      '/administrator/matching-tandems',
      {
        'POST /api/Admin/GetMatchingTandemList': () => ok([]),
        'GET /api/Admin/GetManualMatchingMasterData': () => ok({ mentees: [], mentors: [] }),
      },
      admin,
      'de',
    )
    await user.click(await screen.findByRole('combobox', { name: 'Team-Status' }))
    const offered = (await screen.findAllByRole('menuitemcheckbox', { hidden: true })).map((o) => o.textContent)
    expect(offered).toEqual(expect.arrayContaining(['AKTIV', 'GEMATCHT', 'ABGELEHNT', 'GESCHLOSSEN', 'KEINE REAKTION']))
  })

  it('explains the external-provider answer of Synchronize instead of the unexpected error', async () => {
    const { user } = await open('/administrator/clusters', { 'GET /api/Admin/SyncDBFromIdp': () => fail(409, 'ExternalIdentityProvider') })
    await user.click(await screen.findByRole('button', { name: 'Synchronize' }))
    await confirm(user, 'Confirm')
    expect(await screen.findByText(/Accounts are kept by an external identity provider/)).toBeTruthy()
    expect(screen.queryByText('We are sorry, an unexpected error has occured. Please try again later.')).toBeNull()
  })

  it('explains it in German too', async () => {
    const { user } = await open(
      '/administrator/clusters',
      { 'GET /api/Admin/SyncDBFromIdp': () => fail(409, 'ExternalIdentityProvider') },
      admin,
      'de',
    )
    await user.click(await screen.findByRole('button', { name: 'Synchronisieren' }))
    await confirm(user, 'Bestätigen')
    expect(await screen.findByText(/Die Konten verwaltet ein externer Identitätsanbieter/)).toBeTruthy()
  })
})
