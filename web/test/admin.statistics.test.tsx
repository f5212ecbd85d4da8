// The statistics page against the real server, on the known population of the server's statistics
// tests: every chart with its table alternative behind a keyboard-operable button, small groups as
// "fewer than 5", the filters sent to GetStatistics, a range ending before it starts refused, each
// chart's spreadsheet request, and a chart with no data saying so.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { StatisticsReport } from '@tandem/core'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'

let api: RealApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

/** The statistics page for the administrator; `population`: the server holds the statistics population (else nothing yet). */
const open = async (options: { readonly population?: boolean; readonly language?: 'en' | 'de' } = {}) => {
  const language = options.language ?? 'en'
  const real = await startRealApi()
  api = real
  if (options.population !== false) await real.seedStatisticsPopulation()
  const { user: admin, auth } = real.signedIn(real.admin)
  await renderWithProviders(<AppRoutes />, { route: '/administrator/statistics', apiBaseUrl: real.url, user: admin, auth, language })
  // The page and its chart library are lazy chunks: the first test in a busy run waits for the import.
  await screen.findByRole('heading', { name: language === 'en' ? 'Program statistics' : /Programm/ }, { timeout: 20_000 })
  await screen.findAllByRole('region', {}, { timeout: 20_000 })
  return { api: real, user: userEvent.setup() }
}

/** A table's rows as the texts of their cells. */
const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))

describe('statistics page', () => {
  it('is in the admin navigation and shows every chart as a titled section', async () => {
    await open()
    expect(await screen.findByRole('heading', { name: 'Program statistics' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Statistics' })).toBeTruthy()
    for (const title of [
      'Funnel per side',
      'Match rate and time to a match',
      'Expired proposals and silent mentors',
      'Decline reasons',
      'Score distribution of matched and declined teams',
      'Pool balance over time',
      'Participants by account language',
      'Participants by country',
      'Participants by gender',
    ])
      expect(await screen.findByRole('region', { name: title })).toBeTruthy()
    expect(screen.getAllByRole('img', { name: /^Chart: / })).toHaveLength(9)
    const matching = screen.getByRole('region', { name: 'Match rate and time to a match' })
    expect([...matching.querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['38.9', '40'])
  })

  it('opens each table alternative from the keyboard, with small groups as "fewer than 5"', async () => {
    const { user } = await open()
    const funnel = await screen.findByRole('region', { name: 'Funnel per side' })
    const toggle = within(funnel).getByRole('button', { name: 'Show table: Funnel per side' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(within(funnel).queryByRole('table')).toBeNull()
    toggle.focus()
    await user.keyboard('{Enter}')
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    const table = within(funnel).getByRole('table', { name: 'Funnel per side' })
    const rows = cellsOf(table)
    expect(rows[0]).toEqual(['Stage', 'Mentees', 'Mentors'])
    // the funnel's stages rounded to the nearest 5 (no two differ by a group below 5)
    expect(rows[1]).toEqual(['Registered', '30', '30'])
    expect(rows[4]).toEqual(['Started matching / Published', '20', '25'])
    expect(rows[6]).toEqual(['Matched', '5', '5'])
    // fewer than five English-speaking mentees: the table does not tell how many
    const language = screen.getByRole('region', { name: 'Participants by account language' })
    await user.click(within(language).getByRole('button', { name: 'Show table: Participants by account language' }))
    expect(cellsOf(within(language).getByRole('table'))).toContainEqual(['English', 'fewer than 5', '32'])
  })

  it('sends the chosen dates, and refuses a range that ends before it starts', async () => {
    const { api, user } = await open()
    await screen.findByRole('region', { name: 'Funnel per side' })
    expect(api.calls('POST /api/Admin/GetStatistics')[0]?.body).toEqual({ clusterIds: [], from: null, to: null })
    expect(screen.getByRole('combobox', { name: 'Program years' })).toBeTruthy()
    const from = screen.getByLabelText('From')
    const to = screen.getByLabelText('To')
    await user.type(from, '2026-03-05')
    await user.type(to, '2026-03-01')
    await user.click(screen.getByRole('button', { name: 'Show statistics' }))
    expect(await screen.findByText('The end of the date range must not lie before its start.')).toBeTruthy()
    expect(api.calls('POST /api/Admin/GetStatistics')).toHaveLength(1)
    await user.clear(to)
    await user.type(to, '2026-03-31')
    await user.click(screen.getByRole('button', { name: 'Show statistics' }))
    await waitFor(() =>
      expect(api.calls('POST /api/Admin/GetStatistics').at(-1)?.body).toEqual({ clusterIds: [], from: '2026-03-05', to: '2026-03-31' }),
    )
    expect(api.calls('POST /api/Admin/GetStatistics').at(-1)?.query).toEqual({ language: 'en' })
  })

  it("asks the server for each chart's spreadsheet with the page's filter", async () => {
    const { api, user } = await open()
    const saved = vi.spyOn(URL, 'createObjectURL')
    const scores = await screen.findByRole('region', { name: 'Score distribution of matched and declined teams' })
    await user.click(within(scores).getByRole('button', { name: 'Spreadsheet (xlsx): Score distribution of matched and declined teams' }))
    await waitFor(() => expect(api.calls('POST /api/Admin/ExportStatistics').map((r) => r.status)).toEqual([200]))
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1))
    saved.mockRestore()
    const request = api.calls('POST /api/Admin/ExportStatistics')[0]!
    expect(request.query).toEqual({ chart: 'scores', language: 'en' })
    expect(request.body).toEqual({ clusterIds: [], from: null, to: null })
    expect(request.authorization).toMatch(/^Bearer /)
  })

  it('says the server cannot be reached when the connection breaks while the spreadsheet comes in, and saves nothing', async () => {
    const { api, user } = await open()
    const saved = vi.spyOn(URL, 'createObjectURL')
    api.faults.cutBodyNext('POST /api/Admin/ExportStatistics')
    const scores = await screen.findByRole('region', { name: 'Score distribution of matched and declined teams' })
    await user.click(within(scores).getByRole('button', { name: 'Spreadsheet (xlsx): Score distribution of matched and declined teams' }))
    expect(await screen.findByText('The server cannot be reached. Please check your connection.')).toBeTruthy()
    expect(api.calls('POST /api/Admin/ExportStatistics').map((r) => r.status)).toEqual([200])
    expect(saved).not.toHaveBeenCalled()
    saved.mockRestore()
  })

  it('says a chart has too few answers to show yet instead of drawing an empty frame, in English and German', async () => {
    // a new server: every group is too small to draw
    await open({ population: false })
    const reasons = await screen.findByRole('region', { name: 'Decline reasons' })
    expect(within(reasons).getByText('Too few answers to show yet.')).toBeTruthy()
    expect(within(reasons).queryByRole('img')).toBeNull()
    expect(screen.queryAllByRole('img', { name: /^Chart: / })).toHaveLength(0)
    expect(screen.getAllByText('Too few answers to show yet.')).toHaveLength(9)
    cleanup()
    await api?.close()
    await open({ population: false, language: 'de' })
    expect((await screen.findAllByText('Noch zu wenige Antworten, um etwas anzuzeigen.')).length).toBeGreaterThan(0)
  })

  it('gives the decline reasons chart a row of its own per reason, growing with their number', async () => {
    const { api } = await open()
    const report = await api.expectOk(
      api.call<StatisticsReport>(api.admin, 'POST', '/api/Admin/GetStatistics?language=en', { clusterIds: [], from: null, to: null }),
      'statistics',
    )
    // every reason of each side is a category of the chart
    const reasons = report.declineReasons.mentee.length + report.declineReasons.mentor.length
    expect(reasons).toBeGreaterThan(8)
    const region = await screen.findByRole('region', { name: 'Decline reasons' })
    const chart = within(region).getByRole('img')
    const container = chart.querySelector<HTMLElement>('.recharts-responsive-container')
    expect(parseFloat(container?.style.height ?? '0')).toBeGreaterThanOrEqual(reasons * 36)
  })
})
