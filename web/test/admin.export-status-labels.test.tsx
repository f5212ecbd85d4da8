// The export dialog's mentor-status filter names the statuses as the badges do, in the admin's
// language, and still sends the status codes.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MENTOR_FILTER_STATUSES } from '@tandem/core'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'
import adminDe from '../src/features/admin/i18n/de.json'
import '../src/features/dashboard/dashboard.api.js'
import '../src/shared/api/questionnaire.api.js'

let api: RealApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

describe('export dialog in German', () => {
  it('lists the mentor statuses with their German badge labels, not the English codes', { timeout: 60_000 }, async () => {
    api = await startRealApi()
    const { user: admin, auth } = api.signedIn(api.admin)
    await renderWithProviders(<AppRoutes />, { route: '/administrator/clusters', apiBaseUrl: api.url, user: admin, auth, language: 'de' })
    const user = userEvent.setup()
    // the admin chunk loads lazily; on two shared cores that can take a while
    await user.click(await screen.findByRole('button', { name: 'Exportieren' }, { timeout: 20_000 }))
    const dialog = await screen.findByRole('dialog', { hidden: true })
    await user.click(within(dialog).getByRole('radio', { name: 'Mentor*innen', hidden: true }))
    await user.click(within(dialog).getByRole('combobox', { name: /Status/, hidden: true }))
    // a multiselect listbox offers its options as checkable menu items
    const options = (await screen.findAllByRole('menuitemcheckbox', { hidden: true })).map((o) => o.textContent)
    const labels: Readonly<Record<string, string>> = adminDe.admin.codes.status
    expect(options).toEqual(MENTOR_FILTER_STATUSES.map((s) => labels[s]))
    expect(options).not.toContain('AVAILABLE')
    await user.click(screen.getByRole('menuitemcheckbox', { name: labels['AVAILABLE'] ?? 'AVAILABLE', hidden: true }))
    expect(within(dialog).getByRole('combobox', { name: /Status/, hidden: true }).textContent).toContain('VERFÜGBAR')
  })
})
