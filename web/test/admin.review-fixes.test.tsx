// Reviewer defects in the admin app: the user detail follows a language switch, status and state
// codes and gender are translated, sync answers have texts, and an admin on a register route.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { UserView } from '@tandem/core'
import { AppRoutes } from '../src/app/routes.js'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { ok, startApiServer, type ApiServer, type Handler } from './utils/apiServer.js'
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

const users = [{ userId: 5, firstName: 'Max', lastName: 'Mentor', email: 'max@example.org', registrationDate: '2026-03-02T09:00:00.000Z', programYear: null, status: 'PAUSED' }]
const detailIn = (language: string) => ({
  userRole: [{ name: 'Mentor' }], userStatuses: [aStatus('Mentor', 'PAUSED')], notification: [],
  userCompleteProfile: { firstName: 'Max', lastName: 'Mentor', email: 'max@example.org', city: null, federalState: null, country: language === 'de' ? 'Deutschland' : 'Germany', language: 'English', gender: 'Female', professionalPosition: null, company: null, cluster: null, registrationDate: '2026-03-02T09:00:00.000Z' },
  allData: { menteeAccountQuestions: [], mentorAccountQuestions: [], menteeProfileQuestions: [], mentorProfileQuestions: [], menteeMatchingTandem: [], mentorMatchingTandem: [], menteeLastStartedMatchingDate: null },
})

const showMax = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(await screen.findByRole('combobox', { name: /User|Benutzer/ }), 'Max')
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
