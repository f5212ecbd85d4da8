// Helpers of the cohort-run tests: start a run as the admin, wait for its draft, seed a large cohort.
import { COHORT_DRAFT_PAGE_SIZE_MAX, type CohortDraftView, type CohortRunView } from '@tandem/core'
import { generatePopulation } from '@tandem/fixtures'
import { seedPopulation } from '../../src/index.js'
import { expectOk, ISSUER, START, type Harness } from './harness.js'

export const startRun = async (h: Harness, body: { clusterId: number; objective?: string; threshold?: number }): Promise<CohortRunView> => {
  const reply = await h.call<CohortRunView>(h.admin, 'POST', '/api/Admin/StartCohortRun', {
    objective: 'maxMatched',
    threshold: 0,
    ...body,
  })
  expectOk(reply, 'start cohort run')
  return reply.body.value
}

export const progressOf = async (h: Harness, runId: number): Promise<CohortRunView> => {
  const reply = await h.call<CohortRunView>(h.admin, 'GET', `/api/Admin/GetCohortRunProgress?runId=${runId}`)
  expectOk(reply, 'cohort progress')
  return reply.body.value
}

/** Polls the progress until the run is no longer Running (the worker needs a moment to start). */
export const settled = async (h: Harness, runId: number, onPoll: (view: CohortRunView) => void | Promise<void> = () => {}) => {
  const until = Date.now() + 60_000
  for (;;) {
    const view = await progressOf(h, runId)
    await onPoll(view)
    if (view.state !== 'Running') return view
    if (Date.now() > until) throw new Error(`cohort run ${runId} still running`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

export const draftPage = async (h: Harness, runId: number, paging = ''): Promise<CohortDraftView> => {
  const reply = await h.call<CohortDraftView>(h.admin, 'GET', `/api/Admin/GetCohortDraft?runId=${runId}${paging}`)
  expectOk(reply, 'cohort draft')
  return reply.body.value
}

/** The whole draft, read page by page (the call answers one page of each list at a time). */
export const draftOf = async (h: Harness, runId: number): Promise<CohortDraftView> => {
  const size = COHORT_DRAFT_PAGE_SIZE_MAX
  const first = await draftPage(h, runId, `&pageSize=${size}`)
  const pages = (count: number) => Array.from({ length: Math.max(0, Math.ceil(count / size) - 1) }, (_, i) => i + 2)
  const pairs = [...first.pairs]
  for (const page of pages(first.counts.pairs)) pairs.push(...(await draftPage(h, runId, `&pageSize=${size}&pairsPage=${page}`)).pairs)
  const unmatched = [...first.unmatched]
  for (const page of pages(first.counts.unmatched))
    unmatched.push(...(await draftPage(h, runId, `&pageSize=${size}&unmatchedPage=${page}`)).unmatched)
  const skipped = [...first.skipped]
  for (const page of pages(first.counts.skipped))
    skipped.push(...(await draftPage(h, runId, `&pageSize=${size}&skippedPage=${page}`)).skipped)
  return { ...first, pairs, unmatched, skipped }
}

/** A synthetic cohort written straight through the repositories (thousands of people in seconds). */
export const seedCohort = async (h: Harness, mentees: number, mentors: number): Promise<void> => {
  await seedPopulation(
    { ctx: h.server.ctx },
    generatePopulation({
      seed: 11,
      mentees,
      mentors,
      now: START,
      clusterId: (await h.server.ctx.clusters.defaultCluster())?.clusterId ?? null,
    }),
    ISSUER,
  )
}
