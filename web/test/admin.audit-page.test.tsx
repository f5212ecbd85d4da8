// The audit trail page against the real API: changes only at first, the reads one switch away; the
// records in the admin's words (who, what, about which ids, each id a link to the person), the
// filters sent as typed and refused when they name no person, server paging, and the people due
// for deletion.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AuditRecordsPage } from '@tandem/core'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'
import '../src/features/dashboard/dashboard.api.js'
import '../src/shared/api/questionnaire.api.js'

let api: RealApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

const start = async () => {
  api = await startRealApi()
  return api
}

const open = async (real: RealApi) => {
  const { user: admin, auth } = real.signedIn(real.admin)
  const view = await renderWithProviders(<AppRoutes />, { route: '/administrator/audit', apiBaseUrl: real.url, user: admin, auth })
  return { ...view, user: userEvent.setup() }
}

/** People who signed up as mentees. */
const signUps = async (real: RealApi, count: number): Promise<Person[]> => {
  const people: Person[] = []
  for (let i = 0; i < count; i += 1) {
    const p = real.person('Mia')
    await real.signUp(p, 'Mentee')
    people.push(p)
  }
  return people
}

const idOf = async (real: RealApi, p: Person) => (await real.server.ctx.users.byEmail(p.email))?.id

/** The administrator opens a person's user information (one `user.read` record each time). */
const readDetail = (real: RealApi, p: Person) =>
  real.expectOk(real.call(real.admin, 'GET', `/api/Admin/GetUserDetail?email=${encodeURIComponent(p.email)}&language=en`), 'read')

const recordsOnServer = (real: RealApi) =>
  real.expectOk(
    real.call<AuditRecordsPage>(real.admin, 'POST', '/api/Admin/GetAuditRecords', {
      admin: null,
      person: null,
      action: null,
      from: null,
      to: null,
      page: 1,
      pageSize: 25,
    }),
    'records',
  )

/** The page shows changes only at first: this shows the reads too. */
const showReads = async (user: ReturnType<typeof userEvent.setup>) => {
  const toggle = await screen.findByRole('switch', { name: 'Changes only' })
  expect((toggle as HTMLInputElement).checked).toBe(true)
  await user.click(toggle)
}

describe('the audit trail page', () => {
  it('shows changes only at first, the reads on request, and links every id to the person', async () => {
    const real = await start()
    const [mia] = await signUps(real, 1)
    await readDetail(real, mia!)
    await real.expectOk(real.call(real.admin, 'POST', '/api/Admin/CreateCluster?yearText=2027%20Autumn'), 'a program year')
    const adminId = await idOf(real, real.admin)
    const miaId = await idOf(real, mia!)
    const { user } = await open(real)
    const table = await screen.findByRole('table', { name: 'Audit records' })
    const actions = () =>
      within(screen.getByRole('table', { name: 'Audit records' }))
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[2]?.textContent)
    expect(within(table).getByText('created a program year')).toBeTruthy()
    expect(actions()).not.toContain('opened user information')
    expect(real.calls('POST /api/Admin/GetAuditRecords')[0]?.body).toMatchObject({ changesOnly: true })

    await showReads(user)
    await waitFor(() => expect(actions()).toContain('opened user information'))
    expect(actions()).toContain('created a program year')
    expect(real.calls('POST /api/Admin/GetAuditRecords').at(-1)?.body).toMatchObject({ changesOnly: false })
    expect(screen.getAllByRole('link', { name: `Open the user information of person ${adminId}` })[0]?.getAttribute('href')).toBe(
      `/administrator/user-information?userId=${adminId}`,
    )

    // Mia's id opens her user information
    await user.click(screen.getAllByRole('link', { name: `Open the user information of person ${miaId}` })[0]!)
    expect(await screen.findByText(mia!.email, {}, { timeout: 20_000 })).toBeTruthy()
  })

  it('is in the admin navigation and lists who did what about whom', async () => {
    const real = await start()
    const [mia] = await signUps(real, 30)
    await real.expectOk(real.call(real.admin, 'GET', '/api/Admin/GetAllUsers'), 'list')
    await readDetail(real, mia!)
    const adminId = await idOf(real, real.admin)
    const listed = (await recordsOnServer(real)).records.find((r) => r.action === 'users.list')!
    const { user } = await open(real)
    expect(await screen.findByRole('link', { name: 'Audit trail' })).toBeTruthy()
    await showReads(user)
    await waitFor(() => expect(real.calls('POST /api/Admin/GetAuditRecords')).toHaveLength(2))
    const table = await screen.findByRole('table', { name: 'Audit records' })
    await within(table).findByText('opened user information')
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent)
          .slice(1),
      )
    expect(rows).toContainEqual(['Ada Admin (' + adminId + ')', 'opened user information', '-', String(await idOf(real, mia!))])
    expect(rows).toContainEqual([
      'Ada Admin (' + adminId + ')',
      'listed people',
      '-',
      `${listed.subjectIds.join(', ')} and ${listed.subjectCount - listed.subjectIds.length} more`,
    ])
    expect(listed.subjectCount).toBeGreaterThanOrEqual(30)
    expect(real.calls('POST /api/Admin/GetAuditRecords')[1]).toMatchObject({
      body: { admin: null, person: null, action: null, from: null, to: null, changesOnly: false, page: 1, pageSize: 25 },
      status: 200,
    })
  })

  it('sends the filters as typed, and refuses a person that is neither an e-mail nor an id without asking', async () => {
    const real = await start()
    const [mia] = await signUps(real, 1)
    await readDetail(real, mia!)
    const { user } = await open(real)
    await screen.findByRole('switch', { name: 'Changes only' })
    await user.type(screen.getByRole('textbox', { name: 'Person (e-mail or id)' }), 'Mia Muster')
    await user.click(screen.getByRole('button', { name: 'Show records' }))
    expect(await screen.findByText('This value is not valid.')).toBeTruthy()
    expect(real.calls('POST /api/Admin/GetAuditRecords')).toHaveLength(1)
    await user.clear(screen.getByRole('textbox', { name: 'Person (e-mail or id)' }))
    await user.type(screen.getByRole('textbox', { name: 'Person (e-mail or id)' }), mia!.email)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'opened user information')
    await user.type(screen.getByLabelText('From (date)'), '2026-03-01')
    await user.click(screen.getByRole('button', { name: 'Show records' }))
    await waitFor(() => expect(real.calls('POST /api/Admin/GetAuditRecords').map((r) => r.status)).toEqual([200, 200]))
    expect(real.calls('POST /api/Admin/GetAuditRecords')[1]?.body).toEqual({
      admin: null,
      person: mia!.email,
      action: 'user.read',
      from: '2026-03-01',
      to: null,
      changesOnly: true,
      page: 1,
      pageSize: 25,
    })
  })

  it('pages on the server, 25 records a page', async () => {
    const real = await start()
    const [mia] = await signUps(real, 1)
    for (let i = 0; i < 30; i += 1) await readDetail(real, mia!)
    const { total } = await recordsOnServer(real)
    expect(total).toBeGreaterThan(25)
    const { user } = await open(real)
    await showReads(user)
    const shown = await screen.findByText(/^\d+ records$/)
    expect(Number.parseInt(shown.textContent ?? '', 10)).toBeGreaterThanOrEqual(total)
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    await waitFor(() =>
      expect(real.calls('POST /api/Admin/GetAuditRecords').map((c) => [(c.body as { page: number }).page, c.status])).toContainEqual([
        2, 200,
      ]),
    )
  })

  it('shows who is due for deletion, why, and from when', async () => {
    const real = await start()
    const mia = real.person('Mia', { lastName: 'Muster' })
    await real.signUp(mia, 'Mentee')
    // eleven and a half months without a sign-in: the 12-month period ends within the notice's 30 days
    real.clock.advance(350 * 24 * 3600_000)
    const { user } = await open(real)
    await showReads(user)
    const table = await screen.findByRole('table', { name: 'People due for deletion' })
    const cells = within(within(table).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent)
    expect(cells.slice(0, 4)).toEqual(['Mia Muster', mia.email, 'no sign-in', 'not yet'])
    // reading that list is itself on the record
    const records = await screen.findByRole('table', { name: 'Audit records' })
    expect(await within(records).findByText('listed people due for deletion')).toBeTruthy()
  })
})
