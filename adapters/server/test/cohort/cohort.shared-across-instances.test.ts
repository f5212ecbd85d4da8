// Two instances on one PostgreSQL database share a cohort run: the one computing it writes its
// progress to the run's row and any instance answers the progress from there; a cancel answered by
// the other instance stops the computing instance's worker; a run whose instance stopped is failed
// after the quiet time and a new run can start; another instance's start leaves a live run alone.
import type { CohortDraftView, CohortRunView } from '@tandem/core'
import { generatePopulation } from '@tandem/fixtures'
import { createTestDatabase, type TestDatabase } from '@tandem/testing'
import { Worker } from 'node:worker_threads'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { QUIET_MS } from '../../src/cohort/cohort.runner.js'
import { seedPopulation } from '../../src/index.js'
import { expectOk, ISSUER, START } from '../support/harness.js'
import { admin, onePostgresDatabase, until, type Instance } from '../support/instances.on-postgres.js'

let database: TestDatabase
let instances: Awaited<ReturnType<typeof onePostgresDatabase>>
let clusterId = 0
beforeAll(async () => {
  database = await createTestDatabase()
  instances = await onePostgresDatabase(database.url)
  const seeder = await instances.instance()
  clusterId = (await seeder.server.ctx.clusters.defaultCluster())?.clusterId ?? 0
  // Enough people that loading and solving take a moment, so the progress is seen moving.
  await seedPopulation(
    { ctx: seeder.server.ctx },
    generatePopulation({ seed: 11, mentees: 2000, mentors: 2000, now: START, clusterId }),
    ISSUER,
  )
  await instances.closeAll()
}, 300_000)
afterEach(async () => {
  await instances.closeAll()
})
afterAll(async () => {
  await database.drop()
})

const startRun = async (on: Instance, objective = 'maxMatched'): Promise<CohortRunView> => {
  const reply = await on.call<CohortRunView>(admin, 'POST', '/api/Admin/StartCohortRun', { clusterId, objective, threshold: 0 })
  expectOk(reply, 'start cohort run')
  return reply.body.value
}
const progressOf = async (on: Instance, runId: number): Promise<CohortRunView> => {
  const reply = await on.call<CohortRunView>(admin, 'GET', `/api/Admin/GetCohortRunProgress?runId=${runId}`)
  expectOk(reply, 'cohort progress')
  return reply.body.value
}

describe('a cohort run shared by two instances on PostgreSQL', () => {
  it('shows on the other instance the phase and fraction the computing one writes, then its draft', async () => {
    const [computing, other] = [await instances.instance(), await instances.instance()]
    const run = await startRun(computing)
    const seen: CohortRunView[] = []
    const final = await until('the draft', async () => {
      const view = await progressOf(other, run.runId)
      seen.push(view)
      return view.state === 'Running' ? undefined : view
    })
    expect(final.state).toBe('Draft')
    const running = seen.filter((v) => v.state === 'Running')
    // The other instance computes nothing: what it shows moving came from the run's row.
    expect(other.server.ctx.cohortRunner.local()).toEqual([])
    expect(running.some((v) => v.phase !== 'loading' || v.fraction > 0)).toBe(true)
    expect(running.every((v) => v.phase !== null && v.fraction >= 0 && v.fraction <= 1)).toBe(true)
    const drafts = await Promise.all(
      [computing, other].map(async (on) => {
        const reply = await on.call<CohortDraftView>(admin, 'GET', `/api/Admin/GetCohortDraft?runId=${run.runId}`)
        expectOk(reply, 'draft')
        return reply.body.value
      }),
    )
    expect(drafts[1]).toEqual(drafts[0])
    expect(drafts[0]?.totals.mentees).toBe(2000)
  }, 120_000)

  it('stops the computing instance’s worker when the other instance answers the cancel', async () => {
    const [computing, other] = [await instances.instance(), await instances.instance()]
    const terminate = vi.spyOn(Worker.prototype, 'terminate')
    const run = await startRun(computing, 'maxScore')
    // Past loading: the worker thread is computing.
    await until('the worker', async () => {
      const phase = computing.server.ctx.cohortRunner.progress(run.runId)?.phase
      return phase !== undefined && phase !== 'loading' ? phase : undefined
    })
    const cancelled = await other.call<CohortRunView>(admin, 'POST', `/api/Admin/CancelCohortRun?runId=${run.runId}`)
    expect([cancelled.status, cancelled.body.value.state]).toEqual([200, 'Cancelled'])
    await until('the worker to stop', async () => (computing.server.ctx.cohortRunner.local().length === 0 ? true : undefined), 10_000)
    // Whatever the worker had computed is not stored, once its thread has exited.
    expect(terminate).toHaveBeenCalled()
    await Promise.all(terminate.mock.results.map(async (result) => await (result.value as Promise<number>)))
    terminate.mockRestore()
    expect((await progressOf(computing, run.runId)).state).toBe('Cancelled')
    const draft = await computing.call<CohortDraftView>(admin, 'GET', `/api/Admin/GetCohortDraft?runId=${run.runId}`)
    expect([draft.body.value.totals.mentees, draft.body.value.pairs.length]).toEqual([0, 0])
  }, 120_000)

  it('fails a run whose instance stopped once it has been quiet for the quiet time, and lets a new run start', async () => {
    const [computing, other] = [await instances.instance(), await instances.instance()]
    const run = await startRun(computing)
    await computing.close()
    // Within the quiet time the run may still be alive somewhere: it stays Running, and blocks a second run.
    instances.clock.advance(QUIET_MS / 2)
    expect((await progressOf(other, run.runId)).state).toBe('Running')
    const refused = await other.call(admin, 'POST', '/api/Admin/StartCohortRun', { clusterId, objective: 'maxMatched', threshold: 0 })
    expect([refused.status, refused.body['errorCode']]).toEqual([409, 'MatchingAlreadyRunning'])
    instances.clock.advance(QUIET_MS)
    expect((await progressOf(other, run.runId)).state).toBe('Failed')
    const next = await startRun(other)
    expect(next.state).toBe('Running')
    const cancelled = await other.call(admin, 'POST', `/api/Admin/CancelCohortRun?runId=${next.runId}`)
    expect(cancelled.status).toBe(200)
  }, 120_000)

  it('keeps a run computed by a live instance when another instance starts', async () => {
    const computing = await instances.instance()
    const run = await startRun(computing)
    const started = await instances.instance()
    expect((await progressOf(started, run.runId)).state).toBe('Running')
    const final = await until('the draft', async () => {
      const view = await progressOf(started, run.runId)
      return view.state === 'Running' ? undefined : view
    })
    expect(final.state).toBe('Draft')
  }, 120_000)
})
