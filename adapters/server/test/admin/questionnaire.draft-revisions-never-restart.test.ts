// Two administrators edit the questionnaire through the real app: one opens the draft, the other
// raises a weight and publishes. The first one's save at the revision they read is refused (409)
// with the draft as it is now and the fields where it differs, and the published weight stays:
// draft revisions only grow, across publishes too (docs/admin.md, "Questionnaire versions").
// Dates of drafts and versions are ISO instants on the wire (docs/api.md).
import type { QuestionnaireDraft, QuestionnaireDraftChanged, QuestionnaireDraftView, QuestionnaireVersionSummary } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, START, startHarness, type Harness, type Person } from '../support/harness.js'

const bea: Person = { email: 'bea.admin@example.org', subject: 'sub-bea-admin', firstName: 'Bea', lastName: 'Admin' }

let h: Harness
beforeEach(async () => {
  h = await startHarness({ env: { ADMIN_EMAILS: `${ADMIN_EMAIL},${bea.email}` } })
  for (const admin of [h.admin, bea]) await h.call(admin, 'POST', '/api/Account/signin', { Email: admin.email, Role: null })
})
afterEach(async () => {
  await h.close()
})

const readDraft = async (who: Person) => (await h.call<QuestionnaireDraftView>(who, 'GET', '/api/Admin/GetQuestionnaireDraft')).body.value
const save = (who: Person, revision: number, draft: QuestionnaireDraft) =>
  h.call<QuestionnaireDraftView>(who, 'POST', '/api/Admin/SaveQuestionnaireDraft', { revision, draft })
const publish = (who: Person, revision: number) =>
  h.call<QuestionnaireVersionSummary>(who, 'POST', '/api/Admin/PublishQuestionnaireDraft', { revision })

/** The draft with the weight of its question at `index` raised by `by`. */
const raised = (draft: QuestionnaireDraft, index: number, by: number): QuestionnaireDraft => ({
  ...draft,
  questions: draft.questions.map((q, i) => (i === index ? { ...q, weight: q.weight + by } : q)),
})

describe('questionnaire draft revisions', () => {
  it("refuses a save made before another administrator's publish, with what changed, and keeps the published weight", async () => {
    const adasCopy = await readDraft(h.admin)
    expect(adasCopy.revision).toBe(0)

    // Bea raises the weight of question 1 and publishes it as version 2.
    const beas = raised((await readDraft(bea)).draft, 1, 7)
    const beaSaved = await save(bea, 0, beas)
    expect([beaSaved.status, beaSaved.body.value.revision]).toEqual([200, 1])
    expect((await publish(bea, 1)).body.value).toMatchObject({ version: 2 })
    const afterPublish = await readDraft(h.admin)
    expect(afterPublish).toMatchObject({ revision: 2, basedOn: 2, savedBy: null, savedAt: null, draft: beas })

    // Ada saves what she opened, with an edit of her own: refused, nothing saved.
    const adas = { ...adasCopy.draft, threshold: adasCopy.draft.threshold + 5 }
    const stale = await save(h.admin, adasCopy.revision, adas)
    expect([stale.status, stale.body.errorCode]).toEqual([409, 'InvalidTransition'])
    const changed = stale.body.value as unknown as QuestionnaireDraftChanged
    expect(changed).toMatchObject({ revision: 2, basedOn: 2, savedBy: null, savedAt: null })
    expect([...changed.changedFields].sort()).toEqual(['questions.1.weight', 'threshold'])
    // Bea's own revision from before her publish is as stale.
    expect((await save(bea, 1, beas)).status).toBe(409)
    expect(await readDraft(bea)).toEqual(afterPublish)

    // Reloaded, Ada's edit goes on top of the published weight, and the revisions keep growing.
    const reloaded = await readDraft(h.admin)
    const resaved = await save(h.admin, reloaded.revision, { ...reloaded.draft, threshold: reloaded.draft.threshold + 5 })
    expect([resaved.status, resaved.body.value.revision]).toEqual([200, 3])
    expect(resaved.body.value.draft.questions[1]?.weight).toBe(beas.questions[1]?.weight)
    expect((await publish(h.admin, 3)).body.value).toMatchObject({ version: 3 })
    expect((await readDraft(bea)).revision).toBe(4)
    // A copy nobody saved since the publish is not published again.
    expect((await publish(bea, 4)).status).toBe(409)
  })

  it('answers the dates of the draft and the versions as ISO instants', async () => {
    const { draft } = await readDraft(h.admin)
    const saved = await save(h.admin, 0, raised(draft, 1, 1))
    const at = new Date(START).toISOString()
    expect(saved.body.value.savedAt).toBe(at)
    expect((await readDraft(bea)).savedAt).toBe(at)
    expect((await publish(h.admin, 1)).body.value.publishedAt).toBe(at)
    const versions = (await h.call<QuestionnaireVersionSummary[]>(bea, 'GET', '/api/Admin/GetQuestionnaireVersions')).body.value
    expect(versions.map((v) => v.publishedAt)).toEqual([expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), at])
  })
})
