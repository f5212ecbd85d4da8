// The admin's cohort page against the real server: run with the chosen year, objective and
// percentage; progress with phase and Cancel; the draft review (totals beside first come, first
// served; drop; pick another mentor with that pair's score); publish with confirmation; a large
// draft a page at a time.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { CohortDraftView, CohortRunView } from '@tandem/core'
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

/** The real server, seeded by `seed` before the administrator opens the cohort page. */
const open = async (seed: (real: RealApi) => Promise<void> = async () => {}) => {
  const real = await startRealApi()
  api = real
  await seed(real)
  const { user: admin, auth } = real.signedIn(real.admin)
  await renderWithProviders(<AppRoutes />, { route: '/administrator/cohort-matching', apiBaseUrl: real.url, user: admin, auth })
  return { api: real, user: userEvent.setup() }
}

/** Runs the default program year as the administrator and waits for its draft (the worker needs a moment). */
const draftedRun = async (real: RealApi): Promise<number> => {
  const clusterId = (await real.server.ctx.clusters.defaultCluster())?.clusterId ?? 0
  const run = await real.expectOk(
    real.call<CohortRunView>(real.admin, 'POST', '/api/Admin/StartCohortRun', { clusterId, objective: 'maxMatched', threshold: 0 }),
    'start run',
  )
  for (;;) {
    const progress = await real.expectOk(
      real.call<CohortRunView>(real.admin, 'GET', `/api/Admin/GetCohortRunProgress?runId=${run.runId}`),
      'progress',
    )
    if (progress.state === 'Draft') return run.runId
    if (progress.state !== 'Running') throw new Error(`cohort run ended ${progress.state}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** The draft's first page as the server holds it now. */
const draftOf = (real: RealApi, runId: number, paging = '') =>
  real.expectOk(real.call<CohortDraftView>(real.admin, 'GET', `/api/Admin/GetCohortDraft?runId=${runId}${paging}`), 'draft')

const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`

describe('cohort matching page', () => {
  it('is in the admin navigation and runs the chosen program year with the chosen objective and minimum percentage', async () => {
    let autumn = 0
    const { api, user } = await open(async (real) => {
      await real.closeProgramYear(await real.createProgramYear('2025'))
      autumn = await real.createProgramYear('2026 Autumn')
    })
    // the run computes only when the test says so: meanwhile it is halfway through solving
    api.faults.holdNextCohortRun({ phase: 'solving', fraction: 0.4 })
    expect(await screen.findByRole('link', { name: 'Cohort matching' })).toBeTruthy()
    const year = await screen.findByRole('combobox', { name: 'Program year' })
    await user.selectOptions(year, await within(year).findByRole('option', { name: '2026 Autumn' }))
    expect(within(year).queryByRole('option', { name: '2025' })).toBeNull()
    await user.click(screen.getByRole('radio', { name: 'Highest total score' }))
    const threshold = screen.getByRole('spinbutton', { name: /Minimum percentage/ })
    await user.clear(threshold)
    await user.type(threshold, '40')
    await user.click(screen.getByRole('button', { name: 'Run' }))
    await waitFor(() => expect(api.calls('POST /api/Admin/StartCohortRun').map((r) => r.status)).toEqual([200]))
    expect(api.calls('POST /api/Admin/StartCohortRun')[0]?.body).toEqual({ clusterId: autumn, objective: 'maxScore', threshold: 40 })

    // the progress bar with its phase, and Cancel
    expect(await screen.findByText('Finding the best assignment: 40 %', {}, { timeout: 5_000 })).toBeTruthy()
    expect(screen.getByRole('progressbar')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Cancel run' }))
    const runId = (await api.expectOk(api.call<CohortRunView>(api.admin, 'GET', '/api/Admin/GetCohortRunProgress'), 'progress'))?.runId
    await waitFor(() =>
      expect(api.calls('POST /api/Admin/CancelCohortRun').map((r) => [r.query, r.status])).toEqual([[{ runId: String(runId) }, 200]]),
    )
    expect(await screen.findByText('The last run for 2026 Autumn was cancelled.')).toBeTruthy()
  })

  it('shows the server’s refusal of the input in words', async () => {
    const { api, user } = await open()
    const threshold = await screen.findByRole('spinbutton', { name: /Minimum percentage/ })
    await screen.findAllByRole('option')
    await user.clear(threshold)
    await user.type(threshold, '101')
    await user.click(screen.getByRole('button', { name: 'Run' }))
    expect(await screen.findByText('The minimum percentage must be a whole number from 0 to 100.')).toBeTruthy()
    expect(api.calls('POST /api/Admin/StartCohortRun').map((r) => r.status)).toEqual([400])
    expect(await api.expectOk(api.call(api.admin, 'GET', '/api/Admin/GetCohortRunProgress'), 'progress')).toBeNull()
  })

  it('reviews the draft: totals beside first come, first served, drop a pair, pick another mentor with that pair’s score, publish after confirming', async () => {
    let runId = 0
    const { api, user } = await open(async (real) => {
      // three mentees for two mentors: one mentee is left without a pair
      for (const mentor of ['Max', 'Moe']) await real.publishedMentor(mentor)
      for (const mentee of ['Ann', 'Ben', 'Cem']) await real.readyMentee(mentee)
      runId = await draftedRun(real)
    })
    const draft = await draftOf(api, runId)
    const [first, second] = draft.pairs
    const waiting = draft.unmatched[0]
    if (first === undefined || second === undefined || waiting === undefined)
      throw new Error('the draft has not two pairs and one left over')
    expect(waiting.reason).toBe('TakenByBetterAssignment')

    const totals = await screen.findByRole('table', { name: 'Totals' })
    const mean = (n: number) => String(n).replace('.', '\\.')
    expect(within(totals).getByRole('row', { name: new RegExp(`This draft 2 of 3 ${mean(draft.totals.meanPercentage)} %`) })).toBeTruthy()
    expect(
      within(totals).getByRole('row', {
        name: new RegExp(`First come, first served ${draft.firstCome.matched} of 3 ${mean(draft.firstCome.meanPercentage)} %`),
      }),
    ).toBeTruthy()
    const pairs = screen.getByRole('table', { name: 'Proposed pairs' })
    expect(within(pairs).getAllByText(`${first.base} / ${first.max} (${first.percentage} %)`).length).toBeGreaterThan(0)
    expect(within(pairs).getAllByText(first.shared[0]?.en ?? '-').length).toBeGreaterThan(0)
    expect(screen.getByText('Their candidates serve others better')).toBeTruthy()

    // dropping a pair frees its mentor
    await user.click(screen.getByRole('button', { name: `Drop the pair of ${name(first.mentee)}` }))
    await waitFor(() =>
      expect(api.calls('POST /api/Admin/EditCohortDraft').map((r) => [r.body, r.status])).toEqual([
        [{ runId, menteeId: first.mentee.userId, mentorId: null }, 200],
      ]),
    )

    // the mentee left over gets the freed mentor; the other one is in another pair
    await user.click(await screen.findByRole('button', { name: `Pick a mentor for ${name(waiting.mentee)}` }))
    const dialog = await screen.findByRole('dialog', { hidden: true })
    const score = await within(dialog).findByText(/^Score of this pair: /)
    expect(score.textContent).toMatch(/^Score of this pair: \d+ \/ \d+ \(\d+ %\)$/)
    const taken = within(dialog)
      .getAllByRole<HTMLOptionElement>('option', { hidden: true })
      .find((o) => o.textContent?.startsWith(`${name(second.mentor)} – `) === true)
    expect(taken?.textContent).toMatch(/\(in another pair\)$/)
    expect(taken?.disabled).toBe(true)
    await user.click(within(dialog).getByRole('button', { name: 'Use this mentor', hidden: true }))
    await waitFor(() =>
      expect(api.calls('POST /api/Admin/EditCohortDraft')[1]).toMatchObject({
        body: { runId, menteeId: waiting.mentee.userId, mentorId: first.mentor.userId },
        status: 200,
      }),
    )

    await user.click(screen.getByRole('button', { name: 'Publish' }))
    expect(api.calls('POST /api/Admin/PublishCohortDraft')).toHaveLength(0)
    const confirmation = await screen.findByRole('alertdialog', { hidden: true })
    await user.click(within(confirmation).getByRole('button', { name: 'Confirm', hidden: true }))
    expect(await screen.findByText('2 tandems were created; 0 pairs were skipped.')).toBeTruthy()
    expect(api.calls('POST /api/Admin/PublishCohortDraft').map((r) => [r.query, r.status])).toEqual([[{ runId: String(runId) }, 200]])
    expect(await screen.findByText('Published by admin@example.org.')).toBeTruthy()
  })

  it('gives the proposed pairs sensible column widths, the most to what they share', async () => {
    await open(async (real) => {
      await real.publishedMentor('Max')
      await real.readyMentee('Ann')
      await draftedRun(real)
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
    let runId = 0
    const { api, user } = await open(async (real) => {
      await real.seedCohort(120, 60)
      runId = await draftedRun(real)
    })
    const { counts } = await draftOf(api, runId, '&pageSize=25')
    // more than two pages of pairs and more than one of mentees without a pair, 25 a page
    expect(counts.pairs).toBeGreaterThan(50)
    expect(counts.unmatched).toBeGreaterThan(25)
    const waitingOn = async (page: number) => (await draftOf(api, runId, `&pageSize=25&unmatchedPage=${page}`)).unmatched[0]?.mentee
    const [waitingFirst, waitingSecond] = [await waitingOn(1), await waitingOn(2)]

    const pairs = await screen.findByRole('table', { name: 'Proposed pairs' })
    expect(within(pairs).getAllByRole('row')).toHaveLength(26)
    expect(screen.getByText(`Pairs 1–25 of ${counts.pairs}`)).toBeTruthy()
    expect(api.calls('GET /api/Admin/GetCohortDraft')[0]?.query).toMatchObject({ runId: String(runId), pairsPage: '1', pageSize: '25' })
    // The page buttons of the pairs, by keyboard.
    const pairPages = screen.getByRole('navigation', { name: 'Pages of the proposed pairs' })
    within(pairPages).getByRole('button', { name: 'Page 3' }).focus()
    await user.keyboard('{Enter}')
    const last = Math.min(75, counts.pairs)
    expect(await screen.findByText(`Pairs 51–${last} of ${counts.pairs}`)).toBeTruthy()
    expect(within(screen.getByRole('table', { name: 'Proposed pairs' })).getAllByRole('row')).toHaveLength(last - 50 + 1)
    expect(within(pairPages).getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page')
    // The other list keeps its own page.
    expect(screen.getByText(name(waitingFirst!))).toBeTruthy()
    await user.click(
      within(screen.getByRole('navigation', { name: 'Pages of the mentees without a pair' })).getByRole('button', { name: 'Page 2' }),
    )
    expect(await screen.findByText(name(waitingSecond!))).toBeTruthy()
    expect(screen.getByText(`Pairs 51–${last} of ${counts.pairs}`)).toBeTruthy()
  })
})
