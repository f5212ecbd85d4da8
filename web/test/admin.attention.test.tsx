// The teams-needing-attention page against the real API: two matched teams in two program years,
// the server's clock moved past day 21 so that neither has reported meeting. The list shows both
// with their reason (in English and in German), the program-year filter narrows it to one (the
// export too), and a team's link opens that team's detail on the matching-teams page.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DAY, type Cluster } from '@tandem/core'
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

/** Two teams (the default program year and "Year B"), 22 days after their match. */
const population = async () => {
  const real = await startRealApi()
  api = real
  const yearB = await real.expectOk(real.call<Cluster>(real.admin, 'POST', '/api/Admin/CreateCluster?yearText=Year%20B'), 'year B')
  const first = await real.matchedTeam()
  const second = await real.matchedTeam({ clusterId: yearB.clusterId })
  real.clock.advance(22 * DAY)
  const years = await real.expectOk(real.call<Cluster[]>(real.admin, 'GET', '/api/Admin/GetClusters'), 'program years')
  const defaultYear = years.find((c) => c.isDefault)?.clusterText ?? ''
  return { real, first: first.matchingTandemId, second: second.matchingTandemId, defaultYear, yearB: yearB.clusterId }
}

const open = async (real: RealApi, language: 'en' | 'de') => {
  const { user: admin, auth } = real.signedIn(real.admin)
  await renderWithProviders(<AppRoutes />, { route: '/administrator/attention', apiBaseUrl: real.url, user: admin, auth, language })
  return userEvent.setup()
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    )

describe('the teams needing attention page', () => {
  it('lists the teams not met by day 21, narrows them by program year, and links to the team', async () => {
    const { real, first, second, defaultYear, yearB } = await population()
    const user = await open(real, 'en')
    expect(await screen.findByRole('link', { name: 'Needs attention' })).toBeTruthy()
    const table = await screen.findByRole('table', { name: 'Teams needing attention' })
    expect(rowsOf(table).map((r) => [r[0], r[1], r[3], r[4]])).toEqual([
      [String(first), defaultYear, '22', 'Not met by day 21'],
      [String(second), 'Year B', '22', 'Not met by day 21'],
    ])

    await user.click(screen.getByRole('combobox', { name: 'Program year' }))
    await user.click(await screen.findByRole('option', { name: 'Year B' }))
    await waitFor(() =>
      expect(rowsOf(screen.getByRole('table', { name: 'Teams needing attention' })).map((r) => [r[0], r[1]])).toEqual([
        [String(second), 'Year B'],
      ]),
    )
    // the filter is the server's: the list was asked for that program year
    expect(real.calls('GET /api/Admin/GetTeamsNeedingAttention').map((c) => c.query)).toContainEqual({ clusterId: String(yearB) })

    // the export takes the same program year and the page's language
    await user.click(screen.getByRole('button', { name: 'Export list' }))
    expect(await screen.findByText('The file tandem_teams_needing_attention.xlsx was downloaded.')).toBeTruthy()
    expect(real.calls('GET /api/Admin/ExportTeamsNeedingAttention').map((c) => [c.query, c.status])).toEqual([
      [{ clusterId: String(yearB), language: 'en' }, 200],
    ])

    await user.click(screen.getByRole('link', { name: `Open matching team ${second}` }))
    expect(await screen.findByText(new RegExp(`MT_ID: #${second} `))).toBeTruthy()
    expect(screen.getByRole('textbox', { name: 'Team ID' })).toHaveProperty('value', String(second))
  })

  it('shows the list and its reasons in German', async () => {
    const { real, first, second } = await population()
    await open(real, 'de')
    expect(await screen.findByRole('link', { name: 'Handlungsbedarf' })).toBeTruthy()
    const table = await screen.findByRole('table', { name: 'Teams mit Handlungsbedarf' })
    expect(rowsOf(table).map((r) => [r[0], r[4]])).toEqual([
      [String(first), 'Bis Tag 21 nicht getroffen'],
      [String(second), 'Bis Tag 21 nicht getroffen'],
    ])
    expect(screen.getByRole('columnheader', { name: 'Tage seit dem Match' })).toBeTruthy()
  })
})
