// A large cohort's draft is read in pages through the real app: each list (pairs, mentees without a
// pair, skipped) pages on its own, in mentee order, with counts and totals over the whole draft;
// bad paging parameters get a clear message key (translated by the page) and change nothing.
import { COHORT_DRAFT_PAGE_SIZE, MESSAGE_KEYS } from '@tandem/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { draftOf, draftPage, seedCohort, settled, startRun } from '../support/cohort.support.js'
import { startHarness, type Harness } from '../support/harness.js'

let h: Harness
let runId = 0
beforeAll(async () => {
  h = await startHarness()
  // More mentees than mentors: both lists span several pages.
  await seedCohort(h, 260, 120)
  const clusterId = (await h.server.ctx.clusters.defaultCluster())?.clusterId ?? 0
  const run = await startRun(h, { clusterId, threshold: 0 })
  runId = run.runId
  expect((await settled(h, runId)).state).toBe('Draft')
}, 120_000)
afterAll(async () => {
  await h.close()
})

describe('the cohort draft in pages', () => {
  it('answers one page of each list with the counts and totals over the whole draft', async () => {
    const first = await draftPage(h, runId)
    expect(first.paging).toEqual({ pairsPage: 1, unmatchedPage: 1, skippedPage: 1, pageSize: COHORT_DRAFT_PAGE_SIZE })
    expect(first.counts.pairs + first.counts.unmatched).toBe(260)
    expect(first.counts.pairs).toBe(first.totals.matched)
    expect(first.counts.pairs).toBeGreaterThan(COHORT_DRAFT_PAGE_SIZE)
    expect(first.counts.unmatched).toBeGreaterThan(COHORT_DRAFT_PAGE_SIZE)
    expect(first.totals.mentees).toBe(260)
    expect([first.pairs.length, first.unmatched.length, first.skipped.length]).toEqual([COHORT_DRAFT_PAGE_SIZE, COHORT_DRAFT_PAGE_SIZE, 0])
    // The totals as edited equal the solver's before any edit, counted over every row, not the page.
    expect(first.totals).toEqual(first.solverTotals)
  })

  it('walks every mentee exactly once, in mentee order, page after page; a page past the end is empty', async () => {
    const size = 40
    const seen: number[] = []
    const pairsPages = Math.ceil((await draftPage(h, runId)).counts.pairs / size)
    for (let page = 1; page <= pairsPages; page++) {
      const view = await draftPage(h, runId, `&pageSize=${size}&pairsPage=${page}&unmatchedPage=${page}`)
      expect(view.paging).toMatchObject({ pairsPage: page, unmatchedPage: page, pageSize: size })
      expect(view.pairs.length).toBeLessThanOrEqual(size)
      seen.push(...view.pairs.map((p) => p.mentee.userId))
    }
    expect(seen).toEqual([...seen].sort((a, b) => a - b))
    const whole = await draftOf(h, runId)
    expect(seen).toEqual(whole.pairs.map((p) => p.mentee.userId))
    const everyone = [...whole.pairs.map((p) => p.mentee.userId), ...whole.unmatched.map((u) => u.mentee.userId)]
    expect(new Set(everyone).size).toBe(260)
    const past = await draftPage(h, runId, `&pageSize=${size}&pairsPage=${pairsPages + 1}`)
    expect(past.pairs).toEqual([])
    expect(past.counts).toEqual(whole.counts)
    // The people on a page are named.
    expect(whole.pairs.every((p) => p.mentee.email !== '' && p.mentor.email !== '')).toBe(true)
  })

  it('refuses bad paging with a clear message and changes nothing', async () => {
    const before = await draftOf(h, runId)
    const bad: [string, string, string][] = [
      ['pageSize=0', 'pageSize', 'cohort-draft-page-size'],
      ['pageSize=201', 'pageSize', 'cohort-draft-page-size'],
      ['pageSize=ten', 'pageSize', 'cohort-draft-page-size'],
      ['pairsPage=0', 'pairsPage', 'cohort-draft-page'],
      ['unmatchedPage=-1', 'unmatchedPage', 'cohort-draft-page'],
      ['skippedPage=1.5', 'skippedPage', 'cohort-draft-page'],
    ]
    for (const [query, field, key] of bad) {
      const reply = await h.call(h.admin, 'GET', `/api/Admin/GetCohortDraft?runId=${runId}&${query}`)
      expect([query, reply.status, reply.body['errorCode'], reply.body.value]).toEqual([query, 400, 'ValidationFailed', [{ field, key }]])
    }
    expect(MESSAGE_KEYS).toEqual(expect.arrayContaining(['cohort-draft-page', 'cohort-draft-page-size']))
    expect(await draftOf(h, runId)).toEqual(before)
  })
})
