// The statistics page against a loopback stand-in of the API: every chart with its table
// alternative behind a keyboard-operable button, small groups as "fewer than 5", the filters sent
// to GetStatistics, a range ending before it starts refused, and each chart's spreadsheet request.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Cluster, StatisticsReport } from '@tandem/core'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { ok, startApiServer, type ApiServer } from './utils/apiServer.js'
import { aUser } from './utils/builders.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const admin = aUser('admin@example.org', ['Admin'], [])
const clusters: Cluster[] = [
  { clusterId: 2, clusterText: '2026', isEnded: false, isDefault: true },
  { clusterId: 3, clusterText: '2026 Autumn', isEnded: false, isDefault: false },
]
const n = (value: number) => ({ _tag: 'Count' as const, value })
const few = { _tag: 'FewerThan' as const, limit: 5 }
const stages = ['registered', 'profileComplete', 'questionnaireComplete', 'startedMatching', 'proposed', 'matched']
const report: StatisticsReport = {
  funnel: {
    mentee: stages.map((stage, i) => ({ stage, count: i === 5 ? few : n(30 - 4 * i) })),
    mentor: stages.map((stage, i) => ({ stage: stage === 'startedMatching' ? 'published' : stage, count: n(32 - 3 * i) })),
  },
  matching: { started: n(18), matched: n(7), rate: { _tag: 'Value', value: 38.9 }, medianHoursToMatch: { _tag: 'Value', value: 40 } },
  expiries: { menteeExpired: n(5), mentorExpired: n(7), mentorsPausedForSilence: n(6) },
  declineReasons: {
    mentee: [{ key: '1', label: 'Background does not fit', count: n(5) }],
    mentor: [{ key: '8', label: 'Not enough time', count: few }],
  },
  scores: [0, 10, 20, 30, 40, 50, 60, 70, 80, 90].map((bucket) => ({ bucket, matched: bucket === 80 ? n(5) : few, declined: few })),
  poolBalance: [{ day: '2026-03-02', availableMentors: n(13), waitingMentees: n(11), mentorsPerMentee: { _tag: 'Value', value: 1.18 } }],
  breakdowns: {
    language: [{ key: 'de', label: 'German', mentees: n(30), mentors: few }],
    country: [{ key: '64', label: 'Germany', mentees: n(25), mentors: n(31) }],
    gender: [{ key: 'Female', label: 'Female', mentees: n(20), mentors: few }],
  },
}

const open = async (shown: StatisticsReport = report, language: 'en' | 'de' = 'en') => {
  server = await startApiServer({
    'GET /api/Account/GetUserDetails': () => ok(admin),
    'POST /api/Account/signin': () => ok(true),
    'GET /api/Admin/GetClusters': () => ok(clusters),
    'POST /api/Admin/GetStatistics': () => ok(shown),
    'POST /api/Admin/ExportStatistics': () => ok(true),
  })
  await renderWithProviders(<AppRoutes />, {
    route: '/administrator/statistics',
    apiBaseUrl: server.url,
    user: aSignedInUser(admin.email),
    language,
  })
  // The page and its chart library are lazy chunks: the first test in a busy run waits for the import.
  await screen.findByRole('heading', { name: language === 'en' ? 'Program statistics' : /Programm/ }, { timeout: 20_000 })
  await screen.findAllByRole('region', {}, { timeout: 20_000 })
  return { api: server, user: userEvent.setup() }
}

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
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))
    expect(rows[0]).toEqual(['Stage', 'Mentees', 'Mentors'])
    expect(rows[1]).toEqual(['Registered', '30', '32'])
    expect(rows[4]).toEqual(['Started matching / Published', '18', '23'])
    expect(rows[6]).toEqual(['Matched', 'fewer than 5', '17'])
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
    const scores = await screen.findByRole('region', { name: 'Score distribution of matched and declined teams' })
    await user.click(within(scores).getByRole('button', { name: 'Spreadsheet (xlsx): Score distribution of matched and declined teams' }))
    await waitFor(() => expect(api.calls('POST /api/Admin/ExportStatistics')).toHaveLength(1))
    const request = api.calls('POST /api/Admin/ExportStatistics')[0]!
    expect(request.query).toEqual({ chart: 'scores', language: 'en' })
    expect(request.body).toEqual({ clusterIds: [], from: null, to: null })
    expect(request.authorization).toMatch(/^Bearer /)
  })

  it('says a chart has no data yet instead of drawing an empty frame, in English and German', async () => {
    const none: StatisticsReport = { ...report, declineReasons: { mentee: [], mentor: [] } }
    await open(none)
    const reasons = await screen.findByRole('region', { name: 'Decline reasons' })
    expect(within(reasons).getByText('No data yet for the chosen program years and dates.')).toBeTruthy()
    expect(within(reasons).queryByRole('img')).toBeNull()
    expect(screen.getAllByRole('img', { name: /^Chart: / })).toHaveLength(8)
    await server?.close()
    document.body.innerHTML = ''
    await open(none, 'de')
    expect(await screen.findByText('Für die gewählten Programmjahre und Daten liegen noch keine Daten vor.')).toBeTruthy()
  })

  it('gives the decline reasons chart a row of its own per reason, growing with their number', async () => {
    const reasons = Array.from({ length: 12 }, (_, i) => ({ key: String(i), label: `Reason number ${i + 1}`, count: n(5 + i) }))
    await open({ ...report, declineReasons: { mentee: reasons, mentor: reasons.slice(0, 6) } })
    const region = await screen.findByRole('region', { name: 'Decline reasons' })
    const chart = within(region).getByRole('img')
    const container = chart.querySelector<HTMLElement>('.recharts-responsive-container')
    expect(parseFloat(container?.style.height ?? '0')).toBeGreaterThanOrEqual(18 * 36)
  })
})
