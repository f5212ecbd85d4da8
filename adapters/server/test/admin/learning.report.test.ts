// What the outcomes say, through the HTTP API on SQLite and PostgreSQL (docs/learning.md): with one
// young team there is not enough to learn from and "Try in a draft" changes nothing; with 260
// finished teams whose good ones shared an industry far more often, the report raises that question,
// "Try in a draft" saves the suggestion into the draft (never publishing it), a stale revision is
// refused as the draft save refuses it, and every look and adoption is in the audit trail.
import { DAY, type AuditRecordsPage, type LearningView, type QuestionnaireDraftView, type QuestionnaireVersionSummary } from '@tandem/core'
import { PAIR } from '@tandem/fixtures'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { START, startHarness, type Harness } from '../support/harness.js'
import { seedFinishedTeams } from '../support/learning.population.js'

let h: Harness
let yearId: number
let tandemId: number

const report = async (clusterId: number | null) =>
  await h.call<LearningView>(h.admin, 'GET', `/api/Admin/GetLearningReport${clusterId === null ? '' : `?clusterId=${clusterId}`}`)
const readDraft = async () => (await h.call<QuestionnaireDraftView>(h.admin, 'GET', '/api/Admin/GetQuestionnaireDraft')).body.value
const versions = async () => (await h.call<QuestionnaireVersionSummary[]>(h.admin, 'GET', '/api/Admin/GetQuestionnaireVersions')).body.value
const tryInDraft = async (revision: number) =>
  await h.call<QuestionnaireDraftView>(h.admin, 'POST', '/api/Admin/TryLearningInDraft', { clusterId: yearId, revision })
const recorded = async (action: string) =>
  (
    await h.call<AuditRecordsPage>(h.admin, 'POST', '/api/Admin/GetAuditRecords', {
      admin: null,
      person: null,
      action,
      from: null,
      to: null,
      page: 1,
      pageSize: 50,
    })
  ).body.value.total

beforeAll(async () => {
  h = await startHarness()
  const created = await h.call<{ clusterId: number }>(
    h.admin,
    'POST',
    `/api/Admin/CreateCluster?yearText=${encodeURIComponent('Learning 2025')}`,
  )
  yearId = created.body.value.clusterId
  // A real team (matched through the API, no program year); the finished ones are written beside it.
  tandemId = (await h.matchedTeam()).tandemId
})
afterAll(async () => await h?.close())

describe('learning from outcomes over HTTP', () => {
  it('with no finished team: not enough to learn from, nothing suggested, and "Try in a draft" changes nothing', async () => {
    const reply = await report(null)
    expect(reply.status).toBe(200)
    expect(reply.body.value).toMatchObject({
      state: 'NotEnough',
      needed: 200,
      finishedTeams: { _tag: 'FewerThan', limit: 5 },
      questions: [],
    })
    const before = await readDraft()
    const refused = await tryInDraft(before.revision)
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toContain('learning-not-enough')
    expect((await readDraft()).revision).toBe(before.revision)
  })

  it('refuses a program year that is not a number', async () => {
    expect((await h.call(h.admin, 'GET', '/api/Admin/GetLearningReport?clusterId=abc')).status).toBe(400)
  })

  it('with 260 finished teams raises the question the good teams shared, and tries it in a draft', async () => {
    await seedFinishedTeams(h.server.db, { realTandemId: tandemId, clusterId: yearId, count: 260, matchedAt: START - 200 * DAY })
    const reply = await report(yearId)
    expect(reply.status).toBe(200)
    const view = reply.body.value
    expect(view.state).toBe('Learned')
    expect(view.finishedTeams).toEqual({ _tag: 'Count', value: 260 })
    const industries = view.questions.find((q) => q.questionPairId === PAIR.industries)!
    expect(industries.change).toBe('Raise')
    expect(industries.suggestedWeight).toBeGreaterThan(industries.currentWeight)
    expect(industries.effect!.low).toBeGreaterThan(0)
    // 130 teams shared the industry, 104 of them good; of the 130 others 26.
    expect(industries.agreed).toEqual({ teams: { _tag: 'Count', value: 130 }, goodShare: { _tag: 'Value', value: 80 } })
    expect(industries.others).toEqual({ teams: { _tag: 'Count', value: 130 }, goodShare: { _tag: 'Value', value: 20 } })
    expect(view.questions.find((q) => q.questionPairId === PAIR.meetingFormat)!.change).toBe('Keep')
    // The must-match question is never loosened.
    const languages = view.questions.find((q) => q.questionPairId === PAIR.languages)!
    expect(languages.mustFit).toBe(true)
    expect(languages.suggestedWeight).toBeGreaterThanOrEqual(languages.currentWeight)
    // All years read the same teams (the one young team is not finished).
    expect((await report(null)).body.value.finishedTeams).toEqual({ _tag: 'Count', value: 260 })

    const published = await versions()
    const before = await readDraft()
    const tried = await tryInDraft(before.revision)
    expect(tried.status).toBe(200)
    expect(tried.body.value.revision).toBe(before.revision + 1)
    const saved = await readDraft()
    expect(saved.draft.questions.find((q) => q.questionPairId === PAIR.industries)!.weight).toBe(industries.suggestedWeight)
    expect(saved.draft.questions.find((q) => q.questionPairId === PAIR.meetingFormat)!.weight).toBe(
      before.draft.questions.find((q) => q.questionPairId === PAIR.meetingFormat)!.weight,
    )
    // Nothing is published: the matching goes on with the version in force.
    expect(await versions()).toEqual(published)
    expect((await report(yearId)).body.value.questions.find((q) => q.questionPairId === PAIR.industries)!.currentWeight).toBe(
      industries.currentWeight,
    )

    // A revision someone saved over is refused as the draft save refuses it, and nothing changes.
    const stale = await tryInDraft(before.revision)
    expect(stale.status).toBe(409)
    expect((await readDraft()).revision).toBe(saved.revision)

    // Four looks at the report so far (the refused program year was never read); the adoption that saved and the one refused (a change is
    // recorded inside its transaction: only the one that committed).
    expect(await recorded('learning.read')).toBe(4)
    expect(await recorded('learning.adopt')).toBe(1)
  })
})
