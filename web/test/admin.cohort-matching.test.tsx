// The admin's cohort page against a loopback stand-in of the API: run with the chosen year,
// objective and percentage; progress with phase and Cancel; the draft review (totals beside first
// come, first served; drop; pick another mentor with that pair's score); publish with confirmation.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { CohortDraftView, CohortMentorChoice, CohortRunView, Cluster, UserView } from '@tandem/core'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { fail, ok, startApiServer, type ApiServer, type Handler } from './utils/apiServer.js'
import { aUser } from './utils/builders.js'
import '../src/features/dashboard/dashboard.api.js'
import '../src/features/questionnaire/questionnaire.api.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const admin = aUser('admin@example.org', ['Admin'], [])
const clusters: Cluster[] = [
  { clusterId: 1, clusterText: '2025', isEnded: true, isDefault: false },
  { clusterId: 2, clusterText: '2026', isEnded: false, isDefault: true },
  { clusterId: 3, clusterText: '2026 Autumn', isEnded: false, isDefault: false },
]

const person = (userId: number, firstName: string) => ({
  userId,
  firstName,
  lastName: 'Muster',
  email: `${firstName.toLowerCase()}@example.org`,
})
const run = (state: CohortRunView['state'], extra: Partial<CohortRunView> = {}): CohortRunView => ({
  runId: 7,
  clusterId: 2,
  programYear: '2026',
  objective: 'maxMatched',
  threshold: 30,
  state,
  phase: state === 'Running' ? 'solving' : null,
  fraction: state === 'Running' ? 0.4 : 1,
  startedBy: 'admin@example.org',
  startedAt: '2026-03-02T09:00:00.000Z',
  finishedAt: null,
  publishedBy: null,
  publishedAt: null,
  ...extra,
})
const draft = (): CohortDraftView => ({
  ...run('Draft'),
  pairs: [
    {
      mentee: person(1, 'Ann'),
      mentor: person(10, 'Max'),
      base: 6,
      max: 8,
      percentage: 75,
      shared: [{ en: 'Topic: Careers', de: 'Thema: Karriere' }],
      edited: false,
      outcome: 'Proposed',
      tandemId: null,
    },
  ],
  unmatched: [{ mentee: person(2, 'Ben'), reason: 'TakenByBetterAssignment', candidates: 1 }],
  totals: { mentees: 2, matched: 1, meanPercentage: 75 },
  solverTotals: { mentees: 2, matched: 1, meanPercentage: 75 },
  firstCome: { mentees: 2, matched: 1, meanPercentage: 62.5 },
  skipped: [],
  counts: { pairs: 1, unmatched: 1, skipped: 0 },
  paging: { pairsPage: 1, unmatchedPage: 1, skippedPage: 1, pageSize: 25 },
})
const choices: CohortMentorChoice[] = [
  { ...person(10, 'Max'), base: 5, max: 8, percentage: 63, taken: true },
  { ...person(11, 'Moe'), base: 4, max: 8, percentage: 50, taken: false },
]

const open = async (routes: Record<string, Handler>, me: UserView = admin) => {
  server = await startApiServer({
    'GET /api/Account/GetUserDetails': () => ok(me),
    'POST /api/Account/signin': () => ok(true),
    'GET /api/Admin/GetClusters': () => ok(clusters),
    ...routes,
  })
  await renderWithProviders(<AppRoutes />, {
    route: '/administrator/cohort-matching',
    apiBaseUrl: server.url,
    user: aSignedInUser(me.email),
  })
  return { api: server, user: userEvent.setup() }
}

describe('cohort matching page', () => {
  it('is in the admin navigation and runs the chosen program year with the chosen objective and minimum percentage', async () => {
    let current: CohortRunView | null = null
    const { api, user } = await open({
      'GET /api/Admin/GetCohortRunProgress': () => ok(current),
      'POST /api/Admin/StartCohortRun': () => ((current = run('Running', { clusterId: 3, programYear: '2026 Autumn' })), ok(current)),
      'POST /api/Admin/CancelCohortRun': () => ((current = run('Cancelled', { programYear: '2026 Autumn' })), ok(current)),
    })
    expect(await screen.findByRole('link', { name: 'Cohort matching' })).toBeTruthy()
    const year = await screen.findByRole('combobox', { name: 'Program year' })
    await user.selectOptions(year, await within(year).findByRole('option', { name: '2026 Autumn' }))
    expect(within(year).queryByRole('option', { name: '2025' })).toBeNull()
    await user.click(screen.getByRole('radio', { name: 'Highest total score' }))
    const threshold = screen.getByRole('spinbutton', { name: /Minimum percentage/ })
    await user.clear(threshold)
    await user.type(threshold, '40')
    await user.click(screen.getByRole('button', { name: 'Run' }))
    await waitFor(() => expect(api.calls('POST /api/Admin/StartCohortRun')).toHaveLength(1))
    expect(api.calls('POST /api/Admin/StartCohortRun')[0]?.body).toEqual({ clusterId: 3, objective: 'maxScore', threshold: 40 })

    // the progress bar with its phase, and Cancel
    expect(await screen.findByText('Finding the best assignment: 40 %')).toBeTruthy()
    expect(screen.getByRole('progressbar')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Cancel run' }))
    await waitFor(() => expect(api.calls('POST /api/Admin/CancelCohortRun')[0]?.query).toEqual({ runId: '7' }))
    expect(await screen.findByText('The last run for 2026 Autumn was cancelled.')).toBeTruthy()
  })

  it('shows the server’s refusal of the input in words', async () => {
    const { user } = await open({
      'GET /api/Admin/GetCohortRunProgress': () => ok(null),
      'POST /api/Admin/StartCohortRun': () => fail(400, 'ValidationFailed', [{ field: 'threshold', key: 'cohort-threshold-range' }]),
    })
    await screen.findByRole('option', { name: '2026' })
    await user.click(await screen.findByRole('button', { name: 'Run' }))
    expect(await screen.findByText('The minimum percentage must be a whole number from 0 to 100.')).toBeTruthy()
  })

  it('reviews the draft: totals beside first come, first served, drop a pair, pick another mentor with that pair’s score, publish after confirming', async () => {
    let published = false
    const { api, user } = await open({
      'GET /api/Admin/GetCohortRunProgress': () => ok(published ? run('Published', { publishedBy: 'admin@example.org' }) : run('Draft')),
      'GET /api/Admin/GetCohortDraft': () => ok(published ? { ...draft(), state: 'Published', publishedBy: 'admin@example.org' } : draft()),
      'GET /api/Admin/GetCohortMentorChoices': () => ok(choices),
      'POST /api/Admin/EditCohortDraft': () => ok(draft()),
      'POST /api/Admin/PublishCohortDraft': () => ((published = true), ok({ published: 1, tandemIds: [5], skipped: [] })),
    })
    const totals = await screen.findByRole('table', { name: 'Totals' })
    expect(within(totals).getByRole('row', { name: /This draft 1 of 2 75 %/ })).toBeTruthy()
    expect(within(totals).getByRole('row', { name: /First come, first served 1 of 2 62.5 %/ })).toBeTruthy()
    const pairs = screen.getByRole('table', { name: 'Proposed pairs' })
    expect(within(pairs).getByText('6 / 8 (75 %)')).toBeTruthy()
    expect(within(pairs).getByText('Topic: Careers')).toBeTruthy()
    expect(screen.getByText('Their candidates serve others better')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Drop the pair of Ann Muster' }))
    await waitFor(() => expect(api.calls('POST /api/Admin/EditCohortDraft')[0]?.body).toEqual({ runId: 7, menteeId: 1, mentorId: null }))

    await user.click(screen.getByRole('button', { name: 'Pick a mentor for Ben Muster' }))
    const dialog = await screen.findByRole('dialog', { hidden: true })
    expect(await within(dialog).findByText('Score of this pair: 4 / 8 (50 %)')).toBeTruthy()
    const taken = within(dialog)
      .getAllByRole('option', { hidden: true })
      .find((o) => o.textContent === 'Max Muster – 63 % (in another pair)')
    expect((taken as HTMLOptionElement | undefined)?.disabled).toBe(true)
    await user.click(within(dialog).getByRole('button', { name: 'Use this mentor', hidden: true }))
    await waitFor(() => expect(api.calls('POST /api/Admin/EditCohortDraft')[1]?.body).toEqual({ runId: 7, menteeId: 2, mentorId: 11 }))

    await user.click(screen.getByRole('button', { name: 'Publish' }))
    expect(api.calls('POST /api/Admin/PublishCohortDraft')).toHaveLength(0)
    const confirmation = await screen.findByRole('alertdialog', { hidden: true })
    await user.click(within(confirmation).getByRole('button', { name: 'Confirm', hidden: true }))
    expect(await screen.findByText('1 tandems were created; 0 pairs were skipped.')).toBeTruthy()
    expect(api.calls('POST /api/Admin/PublishCohortDraft')[0]?.query).toEqual({ runId: '7' })
    expect(await screen.findByText('Published by admin@example.org.')).toBeTruthy()
  })

  it('gives the proposed pairs sensible column widths, the most to what they share', async () => {
    await open({
      'GET /api/Admin/GetCohortRunProgress': () => ok(run('Draft')),
      'GET /api/Admin/GetCohortDraft': () => ok(draft()),
    })
    const pairs = await screen.findByRole('table', { name: 'Proposed pairs' })
    const widths = Object.fromEntries(
      within(pairs)
        .getAllByRole('columnheader')
        .map((h) => [h.textContent, parseFloat(h.style.width)]),
    )
    const shared = widths['What they share'] ?? 0
    expect(Object.values(widths).every((w) => w > 0)).toBe(true)
    expect(Object.values(widths).reduce((a, b) => a + b, 0)).toBe(100)
    for (const [name, width] of Object.entries(widths)) if (name !== 'What they share') expect(width).toBeLessThan(shared)
  })

  it('shows a large draft one page at a time and turns the pages of each list on its own', async () => {
    /** 60 pairs and 30 mentees without one, 25 a page: the server answers the pages asked for. */
    const paged = (query: Readonly<Record<string, string>>): CohortDraftView => {
      const pairsPage = Number(query['pairsPage'] ?? 1)
      const unmatchedPage = Number(query['unmatchedPage'] ?? 1)
      const first = (pairsPage - 1) * 25
      return {
        ...draft(),
        pairs: Array.from({ length: Math.min(25, 60 - first) }, (_, i) => ({
          ...draft().pairs[0]!,
          mentee: person(100 + first + i, `Mentee${first + i + 1}`),
        })),
        unmatched: [{ mentee: person(500 + unmatchedPage, `Waiting${unmatchedPage}`), reason: 'NoMentorAboveThreshold', candidates: 0 }],
        totals: { mentees: 90, matched: 60, meanPercentage: 75 },
        counts: { pairs: 60, unmatched: 30, skipped: 0 },
        paging: { pairsPage, unmatchedPage, skippedPage: 1, pageSize: 25 },
      }
    }
    const { api, user } = await open({
      'GET /api/Admin/GetCohortRunProgress': () => ok(run('Draft')),
      'GET /api/Admin/GetCohortDraft': (request) => ok(paged(request.query)),
    })
    const pairs = await screen.findByRole('table', { name: 'Proposed pairs' })
    expect(within(pairs).getAllByRole('row')).toHaveLength(26)
    expect(screen.getByText('Pairs 1–25 of 60')).toBeTruthy()
    expect(api.calls('GET /api/Admin/GetCohortDraft')[0]?.query).toMatchObject({ runId: '7', pairsPage: '1', pageSize: '25' })
    // The page buttons of the pairs, by keyboard.
    const pairPages = screen.getByRole('navigation', { name: 'Pages of the proposed pairs' })
    within(pairPages).getByRole('button', { name: 'Page 3' }).focus()
    await user.keyboard('{Enter}')
    expect(await screen.findByText('Pairs 51–60 of 60')).toBeTruthy()
    expect(within(screen.getByRole('table', { name: 'Proposed pairs' })).getAllByRole('row')).toHaveLength(11)
    expect(within(pairPages).getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page')
    // The other list keeps its own page.
    expect(screen.getByText('Waiting1 Muster')).toBeTruthy()
    await user.click(
      within(screen.getByRole('navigation', { name: 'Pages of the mentees without a pair' })).getByRole('button', { name: 'Page 2' }),
    )
    expect(await screen.findByText('Waiting2 Muster')).toBeTruthy()
    expect(screen.getByText('Pairs 51–60 of 60')).toBeTruthy()
  })
})
