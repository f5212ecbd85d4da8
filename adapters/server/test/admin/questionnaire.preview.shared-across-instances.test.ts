// Two instances on one PostgreSQL database share a questionnaire impact preview (docs/admin.md,
// "Impact preview"): the one computing it writes its progress and then its figures to the row, and
// the other answers both from there; a cancel answered by the other instance stops the computing
// instance's worker at its next progress write, and no figures follow; a preview whose instance
// stopped is failed by the other's sweep once it has been quiet for the quiet time.
import type { QuestionnairePreviewView } from '@tandem/core'
import { generatePopulation } from '@tandem/fixtures'
import { createTestDatabase, type TestDatabase } from '@tandem/testing'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { QUIET_MS } from '../../src/cohort/cohort.runner.js'
import { seedPopulation } from '../../src/index.js'
import { expectOk, ISSUER, START } from '../support/harness.js'
import { admin, onePostgresDatabase, until, type Instance } from '../support/instances.on-postgres.js'

let database: TestDatabase
let instances: Awaited<ReturnType<typeof onePostgresDatabase>>
beforeAll(async () => {
  database = await createTestDatabase()
  instances = await onePostgresDatabase(database.url)
  const seeder = await instances.instance()
  const clusterId = (await seeder.server.ctx.clusters.defaultCluster())?.clusterId ?? 0
  // Enough people that the preview takes a few seconds, so its progress is seen moving.
  await seedPopulation(
    { ctx: seeder.server.ctx },
    generatePopulation({ seed: 12, mentees: 1500, mentors: 1500, now: START, clusterId }),
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

const startPreview = async (on: Instance): Promise<QuestionnairePreviewView> => {
  const reply = await on.call<QuestionnairePreviewView>(admin, 'POST', '/api/Admin/StartQuestionnairePreview', { clusterId: null })
  expectOk(reply, 'start preview')
  return reply.body.value
}
const previewOf = async (on: Instance, previewId: number): Promise<QuestionnairePreviewView> => {
  const reply = await on.call<QuestionnairePreviewView>(admin, 'GET', `/api/Admin/GetQuestionnairePreview?previewId=${previewId}`)
  expectOk(reply, 'preview')
  return reply.body.value
}
/** Up to 90 s: a preview is a second or two of CPU, on a loaded machine much more. */
const untilLong = <T>(what: string, probe: () => Promise<T | undefined>) => until(what, probe, 90_000)
const doneOn = (on: Instance, previewId: number) =>
  untilLong('the preview to finish', async () => {
    const view = await previewOf(on, previewId)
    return view.state === 'Running' ? undefined : view
  })

describe('a questionnaire preview shared by two instances on PostgreSQL', () => {
  it('shows on the other instance the progress the computing one writes, then its figures', async () => {
    const [computing, other] = [await instances.instance(), await instances.instance()]
    const started = await startPreview(computing)
    const seen: QuestionnairePreviewView[] = []
    const final = await untilLong('the figures', async () => {
      const view = await previewOf(other, started.previewId)
      seen.push(view)
      return view.state === 'Running' ? undefined : view
    })
    expect([final.state, final.fraction, final.result?.mentees]).toEqual(['Done', 1, 1500])
    const fractions = seen.filter((v) => v.state === 'Running').map((v) => v.fraction)
    expect(fractions.some((f) => f > 0 && f < 1)).toBe(true)
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b))
    expect(await previewOf(computing, started.previewId)).toEqual(final)
    // The other instance computes nothing: it has no worker for it.
    expect(other.server.ctx.previewRunner.stop(started.previewId)).toBe(false)
  }, 180_000)

  it('stops the computing instance’s worker when the other instance answers the cancel; no figures follow', async () => {
    const [computing, other] = [await instances.instance(), await instances.instance()]
    const started = await startPreview(computing)
    await untilLong('the worker computing', async () => ((await previewOf(other, started.previewId)).fraction > 0 ? true : undefined))
    const cancelled = await other.call<QuestionnairePreviewView>(
      admin,
      'POST',
      `/api/Admin/CancelQuestionnairePreview?previewId=${started.previewId}`,
    )
    expect([cancelled.status, cancelled.body.value.state]).toEqual([200, 'Cancelled'])
    // The same preview computed again beside it: once that one is done, the first would have been too.
    const beside = await startPreview(computing)
    expect((await doneOn(other, beside.previewId)).state).toBe('Done')
    const after = await previewOf(computing, started.previewId)
    expect([after.state, after.result]).toEqual(['Cancelled', null])
    // Its own progress write ended the worker: there is none left to stop.
    expect(computing.server.ctx.previewRunner.stop(started.previewId)).toBe(false)
    const again = await other.call(admin, 'POST', `/api/Admin/CancelQuestionnairePreview?previewId=${started.previewId}`)
    expect([again.status, again.body['errorCode']]).toEqual([409, 'InvalidTransition'])
  }, 180_000)

  it('fails a preview whose instance stopped once it has been quiet for the quiet time (the sweep)', async () => {
    const [computing, other] = [await instances.instance(), await instances.instance()]
    const started = await startPreview(computing)
    await computing.close()
    instances.clock.advance(QUIET_MS / 2)
    await other.server.sweepInterruptedRuns()
    expect((await previewOf(other, started.previewId)).state).toBe('Running')
    instances.clock.advance(QUIET_MS)
    expect(await other.server.sweepInterruptedRuns()).toBe(1)
    expect((await previewOf(other, started.previewId)).state).toBe('Failed')
    expect((await other.server.ctx.previews.byId(started.previewId))?.message).toBe('interrupted: its server stopped')
  }, 120_000)
})
