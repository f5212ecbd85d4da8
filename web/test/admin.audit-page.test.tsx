// The audit trail page against a loopback stand-in of the API: the records in the admin's words
// (who, what, about which ids), the filters sent as typed and refused when they name no person,
// server paging, and the people due for deletion.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AuditRecordView, AuditRecordsPage, RetentionDueRow, UserView } from '@tandem/core'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { ok, startApiServer, type ApiServer, type Handler } from './utils/apiServer.js'
import { aUser } from './utils/builders.js'
import '../src/features/dashboard/dashboard.api.js'
import '../src/features/questionnaire/questionnaire.api.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const admin = aUser('admin@example.org', ['Admin'], [])

const open = async (routes: Record<string, Handler>, me: UserView = admin) => {
  server = await startApiServer({
    'GET /api/Account/GetUserDetails': () => ok(me),
    'POST /api/Account/signin': () => ok(true),
    'GET /api/Admin/GetRetentionDue': () => ok([]),
    ...routes,
  })
  const view = await renderWithProviders(<AppRoutes />, {
    route: '/administrator/audit',
    apiBaseUrl: server.url,
    user: aSignedInUser(me.email),
  })
  return { ...view, api: server, user: userEvent.setup() }
}

const aRecord = (id: number, overrides: Partial<AuditRecordView> = {}): AuditRecordView => ({
  id,
  at: '2026-03-02T09:00:00.000Z',
  adminId: 1,
  adminName: 'Ada Admin',
  action: 'user.read',
  objectId: null,
  subjectIds: [7],
  subjectCount: 1,
  ...overrides,
})

const pageOf = (records: AuditRecordView[], total = records.length): AuditRecordsPage => ({
  records,
  total,
  page: 1,
  pageSize: 25,
  actions: ['user.read', 'users.list'],
})

describe('the audit trail page', () => {
  it('is in the admin navigation and lists who did what about whom', async () => {
    const { api } = await open({
      'POST /api/Admin/GetAuditRecords': () =>
        ok(
          pageOf([
            aRecord(2, { action: 'users.list', subjectIds: [3, 4], subjectCount: 30 }),
            aRecord(1, { adminName: null, adminId: 9, action: 'team.release', objectId: 12, subjectIds: [3, 4], subjectCount: 2 }),
          ]),
        ),
    })
    expect(await screen.findByRole('link', { name: 'Audit trail' })).toBeTruthy()
    const table = await screen.findByRole('table', { name: 'Audit records' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(
      rows
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent),
        )
        .map((cells) => cells.slice(1)),
    ).toEqual([
      ['Ada Admin (1)', 'listed people', '-', '3, 4 and 28 more'],
      ['account 9 (deleted)', 'released a team', '12', '3, 4'],
    ])
    expect(api.calls('POST /api/Admin/GetAuditRecords')[0]?.body).toEqual({
      admin: null,
      person: null,
      action: null,
      from: null,
      to: null,
      page: 1,
      pageSize: 25,
    })
  })

  it('sends the filters as typed, and refuses a person that is neither an e-mail nor an id without asking', async () => {
    const { api, user } = await open({ 'POST /api/Admin/GetAuditRecords': () => ok(pageOf([aRecord(1)])) })
    await screen.findByRole('table', { name: 'Audit records' })
    await user.type(screen.getByRole('textbox', { name: 'Person (e-mail or id)' }), 'Mia Muster')
    await user.click(screen.getByRole('button', { name: 'Show records' }))
    expect(await screen.findByText('This value is not valid.')).toBeTruthy()
    expect(api.calls('POST /api/Admin/GetAuditRecords')).toHaveLength(1)
    await user.clear(screen.getByRole('textbox', { name: 'Person (e-mail or id)' }))
    await user.type(screen.getByRole('textbox', { name: 'Person (e-mail or id)' }), 'mia@example.org')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'opened user information')
    await user.type(screen.getByLabelText('From (date)'), '2026-03-01')
    await user.click(screen.getByRole('button', { name: 'Show records' }))
    await waitFor(() => expect(api.calls('POST /api/Admin/GetAuditRecords')).toHaveLength(2))
    expect(api.calls('POST /api/Admin/GetAuditRecords')[1]?.body).toEqual({
      admin: null,
      person: 'mia@example.org',
      action: 'user.read',
      from: '2026-03-01',
      to: null,
      page: 1,
      pageSize: 25,
    })
  })

  it('pages on the server, 25 records a page', async () => {
    const { api, user } = await open({
      'POST /api/Admin/GetAuditRecords': () =>
        ok(
          pageOf(
            Array.from({ length: 25 }, (_, i) => aRecord(i + 1)),
            30,
          ),
        ),
    })
    expect(await screen.findByText('30 records')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    await waitFor(() => expect(api.calls('POST /api/Admin/GetAuditRecords').map((c) => (c.body as { page: number }).page)).toContain(2))
  })

  it('shows who is due for deletion, why, and from when', async () => {
    const due: RetentionDueRow[] = [
      {
        userId: 7,
        firstName: 'Mia',
        lastName: 'Muster',
        email: 'mia@example.org',
        reason: 'noSignIn',
        noticeSentAt: null,
        erasureFrom: '2027-03-02T09:00:00.000Z',
      },
    ]
    await open({ 'POST /api/Admin/GetAuditRecords': () => ok(pageOf([])), 'GET /api/Admin/GetRetentionDue': () => ok(due) })
    const table = await screen.findByRole('table', { name: 'People due for deletion' })
    const cells = within(within(table).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent)
    expect(cells.slice(0, 4)).toEqual(['Mia Muster', 'mia@example.org', 'no sign-in', 'not yet'])
    expect(await screen.findByText('No records match these filters.')).toBeTruthy()
  })
})
