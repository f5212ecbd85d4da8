// The impact preview of a questionnaire draft through the real app: an administrator starts it on a
// program year's cohort, follows its progress, and reads the figures now and with the draft. "Now"
// is what a whole-cohort run gives at the published threshold; a draft equal to the published
// version changes nothing; a raised weight moves proposals and names its question. Audited; bad
// input is a 400 with its field, an unknown preview a 404, and nothing changes. Previews are stored:
// a cancel marks the row and the worker writes nothing after it; a finished preview is not
// cancelled; one left Running by an instance that went quiet is failed by the sweep; the newest
// 20 finished are kept.
import { PREVIEWS_KEPT, type CohortRunView, type QuestionnaireDraftView, type QuestionnairePreviewView } from '@tandem/core'
import type { PreviewHandlers, PreviewRunner } from '@tandem/application'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QUIET_MS } from '../../src/cohort/cohort.runner.js'
import { draftOf, seedCohort, settled, startRun } from '../support/cohort.support.js'
import { startHarness, type Harness } from '../support/harness.js'

let h: Harness
let clusterId = 0
/** The next preview's worker starts only once this settles (its row is Running meanwhile). */
let held: Promise<void> | null = null
/**
 * How the held preview's worker ended, once the store has answered its end: its result or failure
 * written (or refused by the row), or the worker stopped because its heartbeat found the row no
 * longer Running.
 */
let heldEnded: Promise<'done' | 'failed' | 'stopped'> | null = null
const previewRunner = (made: PreviewRunner): PreviewRunner => ({
  ...made,
  start: (previewId, job, handlers) => {
    const hold = held
    held = null
    if (hold === null) return made.start(previewId, job, handlers)
    let ended: (how: 'done' | 'failed' | 'stopped') => void = () => {}
    heldEnded = new Promise((resolve) => (ended = resolve))
    const watched: PreviewHandlers = {
      progress: async (fraction) => {
        const running = await handlers.progress(fraction)
        if (!running) ended('stopped')
        return running
      },
      done: async (result) => {
        await handlers.done(result)
        ended('done')
      },
      failed: async (message) => {
        await handlers.failed(message)
        ended('failed')
      },
    }
    void hold.then(() => made.start(previewId, job, watched))
    return null
  },
})
beforeAll(async () => {
  h = await startHarness({ previewRunner })
  await seedCohort(h, 40, 30)
  clusterId = (await h.server.ctx.clusters.defaultCluster())?.clusterId ?? 0
}, 120_000)
afterAll(async () => {
  await h.close()
})

const startPreview = (body: unknown) => h.call<QuestionnairePreviewView>(h.admin, 'POST', '/api/Admin/StartQuestionnairePreview', body)
const previewOf = (previewId: number | string) =>
  h.call<QuestionnairePreviewView>(h.admin, 'GET', `/api/Admin/GetQuestionnairePreview?previewId=${previewId}`)
const cancelPreview = (previewId: number | string) =>
  h.call<QuestionnairePreviewView>(h.admin, 'POST', `/api/Admin/CancelQuestionnairePreview?previewId=${previewId}`)
const readDraft = async () => (await h.call<QuestionnaireDraftView>(h.admin, 'GET', '/api/Admin/GetQuestionnaireDraft')).body.value

/** Polls until the preview is no longer Running; the share done never falls meanwhile. */
const finished = async (previewId: number): Promise<QuestionnairePreviewView> => {
  const until = Date.now() + 60_000
  let fraction = 0
  for (;;) {
    const view = (await previewOf(previewId)).body.value
    expect(view.fraction).toBeGreaterThanOrEqual(fraction)
    fraction = view.fraction
    if (view.state !== 'Running') return view
    if (Date.now() > until) throw new Error(`preview ${previewId} still running`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('the impact preview of a questionnaire draft', () => {
  it("gives the cohort run's figures now, and the same with a draft equal to the published version", async () => {
    const started = await startPreview({ clusterId })
    expect(started.status).toBe(200)
    expect([started.body.value.revision, started.body.value.result]).toEqual([0, null])
    const done = await finished(started.body.value.previewId)
    expect([done.state, done.fraction]).toEqual(['Done', 1])
    const result = done.result!
    expect([result.mentees, result.mentors]).toEqual([40, 30])
    expect(result.draft).toEqual(result.now)
    expect([result.topChanged, result.movedQuestions]).toEqual([0, []])
    const run: CohortRunView = await startRun(h, { clusterId, threshold: 30 })
    expect((await settled(h, run.runId)).state).toBe('Draft')
    const cohort = await draftOf(h, run.runId)
    expect(result.now.cohortMatched).toBe(cohort.solverTotals.matched)
    expect(result.now.cohortMeanPercentage).toBeCloseTo(cohort.solverTotals.meanPercentage, 6)
    expect(result.now.menteesWithCandidate).toBeGreaterThanOrEqual(result.now.cohortMatched)
  }, 60_000)

  it('previews a saved draft with a raised weight: proposals move and the question is named', async () => {
    const before = await readDraft()
    const raised = before.draft.questions.findIndex((q) => q.rule !== 'MentorOnly' && !q.mustFit && !q.retired)
    const draft = {
      ...before.draft,
      questions: before.draft.questions.map((q, i) => (i === raised ? { ...q, weight: 100 } : q)),
    }
    const saved = await h.call<QuestionnaireDraftView>(h.admin, 'POST', '/api/Admin/SaveQuestionnaireDraft', {
      revision: before.revision,
      draft,
    })
    expect(saved.status).toBe(200)
    const started = await startPreview({ clusterId: null })
    expect(started.body.value.revision).toBe(saved.body.value.revision)
    const result = (await finished(started.body.value.previewId)).result!
    expect(result.mentees).toBe(40)
    expect(result.topChanged).toBeGreaterThan(0)
    expect(result.movedQuestions[0]).toEqual({ questionPairId: draft.questions[raised]!.questionPairId, topChanges: result.topChanged })
    expect(result.draft).not.toEqual(result.now)
    const audit = await h.server.ctx.audit.list({ action: 'questionnaire.preview' }, 0, 10)
    expect(audit.records.length).toBe(2)
  }, 60_000)

  it('refuses bad input with its field, and answers 404 for a preview it does not know', async () => {
    const draftBefore = await readDraft()
    for (const body of [{}, { clusterId: 'x' }, { clusterId: -1 }]) {
      const reply = await startPreview(body)
      expect(reply.status).toBe(400)
      expect(JSON.stringify(reply.body)).toContain('clusterId')
    }
    expect((await previewOf('abc')).status).toBe(400)
    expect((await previewOf(999)).status).toBe(404)
    expect(await readDraft()).toEqual(draftBefore)
  })

  it('cancels a running preview: the row ends Cancelled and its worker writes nothing after; audited', async () => {
    let release = () => {}
    held = new Promise<void>((resolve) => (release = resolve))
    const started = (await startPreview({ clusterId })).body.value
    expect(started.state).toBe('Running')
    const cancelled = await cancelPreview(started.previewId)
    expect([cancelled.status, cancelled.body.value.state, cancelled.body.value.result]).toEqual([200, 'Cancelled', null])
    // Its worker starts now and runs to its end: the result it reports is refused by the Cancelled
    // row, or its heartbeat finds the row Cancelled and stops it. Either way the store has answered.
    release()
    expect(['done', 'stopped']).toContain(await heldEnded)
    const after = (await previewOf(started.previewId)).body.value
    expect([after.state, after.result]).toEqual(['Cancelled', null])
    expect(h.server.ctx.previewRunner.stop(started.previewId)).toBe(false)
    const audit = await h.server.ctx.audit.list({ action: 'questionnaire.preview.cancel' }, 0, 10)
    expect(audit.records.map((r) => r.objectId)).toEqual([started.previewId])
  }, 60_000)

  it('refuses to cancel a finished preview (409) and an unknown one (404), and changes nothing', async () => {
    const done = (await startPreview({ clusterId })).body.value
    const finishedView = await finished(done.previewId)
    expect(finishedView.state).toBe('Done')
    const refused = await cancelPreview(done.previewId)
    expect([refused.status, refused.body['errorCode']]).toEqual([409, 'InvalidTransition'])
    expect((await previewOf(done.previewId)).body.value).toEqual(finishedView)
    const unknown = await cancelPreview(999_999)
    expect([unknown.status, unknown.body['errorCode']]).toEqual([404, 'NotFound'])
    expect((await cancelPreview('abc')).status).toBe(400)
    const audit = await h.server.ctx.audit.list({ action: 'questionnaire.preview.cancel' }, 0, 10)
    expect(audit.records.length).toBe(1)
  }, 60_000)

  it('fails a preview whose instance stopped writing once it has been quiet for the quiet time', async () => {
    const adminId = await h.idOf(h.admin)
    // A Running row as an instance that died left it: nobody writes its progress.
    const previewId = await h.server.ctx.previews.start({ revision: 0, startedAt: h.clock(), startedBy: adminId, holder: 'gone:/data' })
    h.clock.advance(QUIET_MS / 2)
    await h.server.sweepInterruptedRuns()
    expect((await previewOf(previewId)).body.value.state).toBe('Running')
    h.clock.advance(QUIET_MS)
    expect(await h.server.sweepInterruptedRuns()).toBe(1)
    const failed = await h.server.ctx.previews.byId(previewId)
    expect([failed?.state, failed?.message]).toEqual(['Failed', 'interrupted: its server stopped'])
    expect((await cancelPreview(previewId)).status).toBe(409)
  })

  it(`keeps the newest ${PREVIEWS_KEPT} finished previews and deletes older ones as another finishes`, async () => {
    const adminId = await h.idOf(h.admin)
    const ids: number[] = []
    for (let i = 0; i <= PREVIEWS_KEPT; i++) {
      const id = await h.server.ctx.previews.start({ revision: 0, startedAt: h.clock(), startedBy: adminId, holder: 'gone:/data' })
      expect(await h.server.ctx.previews.finish(id, { state: 'Failed', message: 'test' }, h.clock())).toBe(true)
      ids.push(id)
    }
    expect((await previewOf(ids[0]!)).status).toBe(404)
    expect((await previewOf(ids[1]!)).body.value.state).toBe('Failed')
    expect((await previewOf(ids.at(-1)!)).body.value.state).toBe('Failed')
  })

  it('refuses a draft that could not be published, with the check findings', async () => {
    const before = await readDraft()
    const broken = { ...before.draft, questions: before.draft.questions.map((q, i) => (i === 0 ? { ...q, weight: -3 } : q)) }
    const saved = await h.call(h.admin, 'POST', '/api/Admin/SaveQuestionnaireDraft', { revision: before.revision, draft: broken })
    expect(saved.status).toBe(200)
    const reply = await startPreview({ clusterId })
    expect(reply.status).toBe(400)
    expect(JSON.stringify(reply.body)).toContain('questions.0.weight')
  })
})
