// A cohort run happens in a worker thread: the API keeps answering while it runs, the admin can
// cancel it, its draft survives a restart, and a run cut off by a restart is marked failed.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startHarness, type Harness } from '../support/harness.js'
import { draftOf, progressOf, seedCohort, settled, startRun } from '../support/cohort.support.js'

const dir = mkdtempSync(join(tmpdir(), 'tandem-cohort-'))
let h: Harness
let clusterId: number
beforeAll(async () => {
  h = await startHarness({ dataDir: dir })
  clusterId = (await h.server.ctx.clusters.defaultCluster())?.clusterId ?? 0
  // Large enough that the solve takes a while on one core (about a second), small enough to seed fast.
  await seedCohort(h, 3000, 3000)
  // Seeding 6,000 people took over two minutes on PostgreSQL on a busy machine.
}, 300_000)
afterAll(async () => {
  await h.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('cohort runs off the request thread', () => {
  let draftRunId = 0

  it('answers other calls while a run is in progress, shows its phase and fraction, and ends with a draft', async () => {
    const run = await startRun(h, { clusterId, threshold: 30 })
    expect(run).toMatchObject({ state: 'Running', clusterId, objective: 'maxMatched', threshold: 30 })
    const seen: { state: string; phase: string | null; fraction: number; health: number }[] = []
    const final = await settled(h, run.runId, async (view) => {
      const health = await h.call(null, 'GET', '/api/health')
      seen.push({ state: view.state, phase: view.phase, fraction: view.fraction, health: health.status })
    })
    expect(final.state).toBe('Draft')
    const whileRunning = seen.filter((s) => s.state === 'Running')
    expect(whileRunning.length).toBeGreaterThan(0)
    expect(whileRunning.every((s) => s.health === 200 && s.phase !== null && s.fraction >= 0 && s.fraction <= 1)).toBe(true)
    const draft = await draftOf(h, run.runId)
    expect(draft.pairs.length).toBe(draft.totals.matched)
    expect(draft.pairs.length + draft.unmatched.length).toBe(draft.totals.mentees)
    expect(draft.totals.matched).toBeGreaterThanOrEqual(draft.firstCome.matched)
    expect(draft.startedBy).toBe(h.admin.email)
    draftRunId = run.runId
  }, 120_000)

  it('refuses a second run while one is running', async () => {
    const run = await startRun(h, { clusterId })
    const second = await h.call(h.admin, 'POST', '/api/Admin/StartCohortRun', { clusterId, objective: 'maxScore', threshold: 0 })
    expect([second.status, second.body['errorCode']]).toEqual([409, 'MatchingAlreadyRunning'])
    const cancelled = await h.call(h.admin, 'POST', `/api/Admin/CancelCohortRun?runId=${run.runId}`)
    expect([cancelled.status, (cancelled.body.value as { state: string }).state]).toEqual([200, 'Cancelled'])
  })

  it('cancels a running run: it stays cancelled and writes no draft', async () => {
    const terminate = vi.spyOn(Worker.prototype, 'terminate')
    const run = await startRun(h, { clusterId, objective: 'maxScore' })
    // Cancelled while the solver runs: its worker reports a phase past loading.
    await vi.waitFor(async () => expect((await progressOf(h, run.runId)).phase).not.toBe('loading'), { timeout: 30_000, interval: 10 })
    const cancelled = await h.call(h.admin, 'POST', `/api/Admin/CancelCohortRun?runId=${run.runId}`)
    expect(cancelled.status).toBe(200)
    // Nothing of the run is left to write a draft once its worker thread has exited.
    expect(terminate).toHaveBeenCalled()
    await Promise.all(terminate.mock.results.map(async (result) => await (result.value as Promise<number>)))
    terminate.mockRestore()
    expect((await progressOf(h, run.runId)).state).toBe('Cancelled')
    const draft = await draftOf(h, run.runId)
    expect([draft.pairs.length, draft.unmatched.length]).toEqual([0, 0])
    const again = await h.call(h.admin, 'POST', `/api/Admin/CancelCohortRun?runId=${run.runId}`)
    expect(again.status).toBe(409)
  })

  it('keeps the draft across a restart, and marks a run the restart cut off as failed', async () => {
    const before = await draftOf(h, draftRunId)
    const cutOff = await startRun(h, { clusterId })
    await h.close()
    h = await startHarness({ dataDir: dir })
    expect(await draftOf(h, draftRunId)).toEqual(before)
    expect((await progressOf(h, cutOff.runId)).state).toBe('Failed')
  }, 60_000)
})
