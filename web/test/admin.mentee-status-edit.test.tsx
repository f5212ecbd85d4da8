// The admin's mentee status edit on the user information page: the select offers the statuses the
// server's master data lists (the core's allowed moves), and a refused move gets its own message.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'
import '../src/features/dashboard/dashboard.api.js'
import '../src/shared/api/questionnaire.api.js'

let api: RealApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

type MasterData = { readonly statusMaster: readonly { readonly id: number; readonly name: string }[] }

describe('mentee status edit', () => {
  it('offers only the allowed moves from NEW and shows a move refused as stale as such, not as an unexpected error', async () => {
    api = await startRealApi()
    const nina = api.person('Nina', { lastName: 'Neu' })
    await api.signUp(nina, 'Mentee')
    const { user: admin, auth } = api.signedIn(api.admin)
    await renderWithProviders(<AppRoutes />, { route: '/administrator/user-information', apiBaseUrl: api.url, user: admin, auth })
    const user = userEvent.setup()
    await user.type(await screen.findByRole('combobox', { name: /User/ }), 'Nina')
    await user.click(await screen.findByRole('option', { name: /Nina Neu/, hidden: true }))
    await user.click(screen.getByRole('button', { name: 'display information' }))

    const master = await api.expectOk(
      api.call<MasterData>(api.admin, 'GET', `/api/Admin/GetMasterDataForMenteeStateChange?email=${encodeURIComponent(nina.email)}`),
      'master data',
    )
    expect(master.statusMaster.map((s) => s.name)).toContain('AVAILABLE')
    const select = await screen.findByRole('combobox', { name: 'Status' })
    await within(select).findByRole('option', { name: 'AVAILABLE' })
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent)
        .filter((text) => text !== ''),
    ).toEqual(master.statusMaster.map((s) => s.name))
    expect(within(select).queryByRole('option', { name: 'MATCHED' })).toBeNull()

    // meanwhile another administrator makes the same move in another tab
    const available = master.statusMaster.find((s) => s.name === 'AVAILABLE')!
    await api.expectOk(
      api.call(api.admin, 'POST', '/api/Admin/UpdateMenteeInformation', {
        statusId: available.id,
        clusterId: (await api.server.ctx.clusters.defaultCluster())?.clusterId,
        email: nina.email,
        previousStatus: 'NEW',
        newStatus: 'AVAILABLE',
      }),
      'the other tab',
    )
    await user.selectOptions(select, 'AVAILABLE')
    await user.click(screen.getByRole('button', { name: 'Save status and program year' }))
    await user.click(
      within(await screen.findByRole('alertdialog', { hidden: true })).getByRole('button', { name: 'Confirm', hidden: true }),
    )
    // the server refuses the stale move (409) with the code of a change made meanwhile
    expect(
      await screen.findByText('The matching team was changed in the meantime: your changes cannot be saved. Please refresh.'),
    ).toBeTruthy()
    expect(screen.queryByText('We are sorry, an unexpected error has occured. Please try again later.')).toBeNull()
    expect(api.calls('POST /api/Admin/UpdateMenteeInformation').map((r) => r.status)).toEqual([409])
  })
})
