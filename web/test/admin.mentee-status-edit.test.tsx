// The admin's mentee status edit on the user information page: the select offers the statuses the
// server's master data lists (the core's allowed moves), and a refused move gets its own message.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AdminUserDetail, UserView } from '@tandem/core'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { fail, ok, startApiServer, type ApiServer } from './utils/apiServer.js'
import { aStatus, aUser } from './utils/builders.js'
import '../src/features/dashboard/dashboard.api.js'
import '../src/features/questionnaire/questionnaire.api.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const admin = aUser('admin@example.org', ['Admin'], [])
const detail: AdminUserDetail = {
  userRole: [{ name: 'Mentee' }],
  userStatuses: [aStatus('Mentee', 'NEW')],
  notification: [],
  userCompleteProfile: {
    firstName: 'Nina',
    lastName: 'Neu',
    email: 'nina@example.org',
    city: null,
    federalState: null,
    country: null,
    language: 'English',
    gender: null,
    professionalPosition: null,
    company: null,
    cluster: '2026',
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
}

describe('mentee status edit', () => {
  it('offers only the allowed moves from NEW and shows a refused move as such, not as an unexpected error', async () => {
    server = await startApiServer({
      'GET /api/Account/GetUserDetails': () => ok(admin satisfies UserView),
      'POST /api/Account/signin': () => ok(true),
      'GET /api/Admin/GetClusters': () => ok([]),
      'GET /api/Admin/GetAllUsers': () =>
        ok([
          {
            userId: 3,
            firstName: 'Nina',
            lastName: 'Neu',
            email: 'nina@example.org',
            registrationDate: '2026-03-02T09:00:00.000Z',
            programYear: '2026',
            status: 'NEW',
          },
        ]),
      'GET /api/Admin/GetUserDetail': () => ok(detail),
      'GET /api/Admin/GetMasterDataForMenteeStateChange': () =>
        ok({
          clusterMaster: [{ clusterId: 2, clusterText: '2026', isEnded: false, isDefault: true }],
          statusMaster: [
            { id: 1, name: 'NEW' },
            { id: 4, name: 'AVAILABLE' },
            { id: 7, name: 'INACTIVE' },
          ],
          menteeClusterAndStatusData: { clusterModel: { clusterId: 2 }, statusModel: { id: 1, name: 'NEW' } },
        }),
      'POST /api/Admin/UpdateMenteeInformation': () => fail(409, 'InvalidTransition'),
    })
    await renderWithProviders(<AppRoutes />, {
      route: '/administrator/user-information',
      apiBaseUrl: server.url,
      user: aSignedInUser(admin.email),
    })
    const user = userEvent.setup()
    await user.type(await screen.findByRole('combobox', { name: /User/ }), 'Nina')
    await user.click(await screen.findByRole('option', { name: /Nina Neu/, hidden: true }))
    await user.click(screen.getByRole('button', { name: 'display information' }))

    const select = await screen.findByRole('combobox', { name: 'Status' })
    await within(select).findByRole('option', { name: 'AVAILABLE' })
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent)
        .filter((text) => text !== ''),
    ).toEqual(['NEW', 'AVAILABLE', 'INACTIVE'])
    expect(within(select).queryByRole('option', { name: 'MATCHED' })).toBeNull()

    await user.selectOptions(select, 'AVAILABLE')
    await user.click(screen.getByRole('button', { name: 'Save status and program year' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { hidden: true })).getByRole('button', { name: 'Confirm', hidden: true }),
    )
    expect(await screen.findByText('This cannot be done in the current state. Please refresh.')).toBeTruthy()
    expect(screen.queryByText('We are sorry, an unexpected error has occured. Please try again later.')).toBeNull()
  })
})
