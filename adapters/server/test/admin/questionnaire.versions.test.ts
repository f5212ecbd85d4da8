// The program's questionnaire through the real app: version 1 is the seed's; an administrator saves
// a draft against the revision edited (a stale save is a 409 and saves nothing), checks it, and
// publishes it as version 2, audited. From then on the questionnaire asks the new question and
// scoring uses the new weights; a question one side has not answered is left out; live proposals
// keep the scores they were made with. Bad input is a 400 with its field and changes nothing.
import {
  draftOfQuestionnaire,
  scoreMentor,
  scoredQuestionnaireOf,
  QUESTIONNAIRE_FILE_MAX_BYTES,
  type DraftQuestion,
  type ProposalsResponse,
  type QuestionAnswerResponse,
  type QuestionnaireCheckView,
  type QuestionnaireDraft,
  type QuestionnaireDraftView,
  type QuestionnaireFile,
  type QuestionnaireVersionSummary,
} from '@tandem/core'
import { aMenteeAnswers, aMentorAnswers, profileQuestions, questionnaire } from '@tandem/fixtures'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ADDED_QUESTION } from '../support/added-question.js'
import { startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const readDraft = async () => (await h.call<QuestionnaireDraftView>(h.admin, 'GET', '/api/Admin/GetQuestionnaireDraft')).body.value
const save = (revision: number, draft: unknown) =>
  h.call<QuestionnaireDraftView>(h.admin, 'POST', '/api/Admin/SaveQuestionnaireDraft', { revision, draft })
const check = async () => (await h.call<QuestionnaireCheckView>(h.admin, 'GET', '/api/Admin/CheckQuestionnaireDraft')).body.value
const publish = (revision: number) =>
  h.call<QuestionnaireVersionSummary>(h.admin, 'POST', '/api/Admin/PublishQuestionnaireDraft', { revision })
const versions = async () => (await h.call<QuestionnaireVersionSummary[]>(h.admin, 'GET', '/api/Admin/GetQuestionnaireVersions')).body.value
const start = (p: Person) => h.call(p, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: p.email })
const proposals = async (p: Person) =>
  (await h.call<ProposalsResponse>(p, 'POST', '/api/MatchingTandem/GetProposals', { email: p.email })).body.value.menteeProposal

/** The tests' added question, must-fit here. */
const ADDED: DraftQuestion = { ...ADDED_QUESTION, mustFit: true }

/** The seed with a must-fit question added and the first scored question's weight raised. */
const edited = (draft: QuestionnaireDraft): QuestionnaireDraft => ({
  ...draft,
  questions: [...draft.questions.map((q, i) => (i === 1 ? { ...q, weight: q.weight + 4 } : q)), ADDED],
})

describe('questionnaire versions', () => {
  it("starts from the seed's questionnaire as version 1", async () => {
    const list = await versions()
    expect(list.map((v) => [v.version, v.publishedBy])).toEqual([[1, null]])
    const draft = await readDraft()
    expect([draft.revision, draft.basedOn]).toEqual([0, 1])
    expect(draft.draft).toEqual(draftOfQuestionnaire(questionnaire, profileQuestions, 30))
    expect(await check()).toEqual({ revision: 0, publishable: true, findings: [] })
  })

  it('saves a draft against the revision edited; a stale save is a 409 and saves nothing', async () => {
    const first = await readDraft()
    const changed = edited(first.draft)
    const saved = await save(0, changed)
    expect([saved.status, saved.body.value.revision]).toEqual([200, 1])
    // A second administrator still holding revision 0 loses nothing they cannot reload.
    const stale = await save(0, first.draft)
    expect([stale.status, stale.body.errorCode]).toEqual([409, 'InvalidTransition'])
    const after = await readDraft()
    expect([after.revision, after.draft]).toEqual([1, changed])
  })

  it('refuses a malformed draft with its field and a draft too large, and changes nothing', async () => {
    const { draft } = await readDraft()
    const wrongRule = { ...draft, questions: [{ ...draft.questions[0], rule: 'AnyFit' }, ...draft.questions.slice(1)] }
    const refused = await save(0, wrongRule)
    expect([refused.status, refused.body.errorCode]).toEqual([400, 'ValidationFailed'])
    expect(refused.body.value).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'draft.questions.0.rule' })]))
    const huge = await save(0, { ...draft, profileQuestions: [], padding: 'x'.repeat(QUESTIONNAIRE_FILE_MAX_BYTES) })
    expect(huge.status).toBe(413)
    expect((await readDraft()).revision).toBe(0)
    const participant = await h.readyMentee()
    expect((await h.call(participant, 'GET', '/api/Admin/GetQuestionnaireDraft')).status).toBe(403)
  })

  it('answers the check with every finding and refuses to publish such a draft', async () => {
    const { draft } = await readDraft()
    const [firstQuestion] = draft.questions
    if (firstQuestion?.mentee === undefined || firstQuestion.mentee === null) throw new Error('the seed asks mentees its first question')
    const broken = {
      ...draft,
      questions: [
        { ...firstQuestion, mentee: { ...firstQuestion.mentee, text: { ...firstQuestion.mentee.text, de: '' } } },
        ...draft.questions.slice(1),
      ],
    }
    expect((await save(0, broken)).status).toBe(200)
    const checked = await check()
    expect(checked.publishable).toBe(false)
    expect(checked.findings).toEqual([{ field: 'questions.0.mentee.text.de', key: 'requiredFieldError' }])
    const refused = await publish(1)
    expect([refused.status, refused.body.value]).toEqual([400, [{ field: 'questions.0.mentee.text.de', key: 'requiredFieldError' }]])
    expect((await versions()).map((v) => v.version)).toEqual([1])
  })

  it('publishes the draft as version 2, audited; then the questionnaire asks the new question and scores with it', async () => {
    await h.publishedMentor('Anna')
    const early = await h.readyMentee('Ella')
    expect((await start(early)).status).toBe(200)
    const before = await proposals(early)
    expect(before).toHaveLength(1)
    // Ready before the new question (they have not answered it), with a mentor free for them.
    await h.publishedMentor('Bert')
    const late = await h.readyMentee('Lena', aMenteeAnswers())

    const { draft } = await readDraft()
    expect((await save(0, edited(draft))).status).toBe(200)
    const published = await publish(1)
    expect(published.status).toBe(200)
    const adminId = (await h.server.ctx.users.byEmail(h.admin.email))?.id
    expect(published.body.value).toMatchObject({ version: 2, publishedBy: adminId })
    expect((await versions()).map((v) => v.version)).toEqual([1, 2])
    expect((await publish(1)).status).toBe(409)
    const audit = await h.server.ctx.audit.list({ action: 'questionnaire.publish' }, 0, 10)
    expect(audit.records.map((r) => r.adminId)).toEqual([adminId])
    // The draft starts again from the new version, at the next revision: revisions never restart.
    expect(await readDraft()).toMatchObject({ revision: 2, basedOn: 2, draft: edited(draft), savedBy: null, savedAt: null })

    // The live proposal keeps the score it was made with.
    expect(await proposals(early)).toEqual(before)
    // The questionnaire asks the new question, in both languages.
    for (const [language, text] of [
      ['en', 'Which sport do you like?'],
      ['de', 'Welchen Sport mögen Sie?'],
    ] as const) {
      const asked = (
        await h.call<QuestionAnswerResponse>(
          early,
          'GET',
          `/api/Questionnaire/GetQuestionAnswerPairs?language=${language}&role=Mentee&emailId=${early.email}`,
        )
      ).body.value
      expect(asked.questionAnswerModel.find((q) => q.questionPairId === 99)?.questionText).toBe(text)
    }

    // A mentee who has not answered the new must-fit question may still start matching and is
    // proposed Anna: the question is left out of the pair's score, which uses the raised weight.
    const started = await start(late)
    expect([started.status, started.body]).toEqual([200, expect.anything()])
    const [proposal] = await proposals(late)
    const version2 = scoredQuestionnaireOf({ version: 2, publishedBy: null, publishedAt: 0, draft: edited(draft) })
    const expected = scoreMentor(version2, aMenteeAnswers(), aMentorAnswers())
    expect(expected?.max).toBeGreaterThan(before[0]?.maxScore ?? Number.POSITIVE_INFINITY)
    expect(proposal && [proposal.baseMatchRuleScore, proposal.maxScore, proposal.percentage]).toEqual([
      expected?.base,
      expected?.max,
      expected?.percentage,
    ])
    expect(proposal?.breakdown.some((b) => b.questionPairId === 99)).toBe(false)
  })

  it('exports a version as a file and imports a file as the draft; a malformed, too large or rule-breaking file changes nothing', async () => {
    const exported = await h.call<QuestionnaireFile>(h.admin, 'GET', '/api/Admin/ExportQuestionnaire')
    expect(exported.status).toBe(200)
    const file = exported.body.value
    expect(file).toMatchObject({ format: 'tandem-questionnaire', formatVersion: 1 })
    expect((await h.call(h.admin, 'GET', '/api/Admin/ExportQuestionnaire?version=7')).status).toBe(404)
    const importFile = (revision: number, content: unknown) =>
      h.call<QuestionnaireDraftView>(h.admin, 'POST', '/api/Admin/ImportQuestionnaire', { revision, file: content })

    const [first, second] = file.questionnaire.questions
    if (first === undefined || second === undefined) throw new Error('the seed has questions')
    const wrongRule = await importFile(0, { ...file, questionnaire: { ...file.questionnaire, questions: [{ ...first, rule: 'AnyFit' }] } })
    expect([wrongRule.status, wrongRule.body.value]).toEqual([
      400,
      [{ field: 'file.questionnaire.questions.0.rule', key: 'invalid-value' }],
    ])
    const sameIds = {
      ...file,
      questionnaire: {
        ...file.questionnaire,
        questions: [first, { ...second, questionPairId: first.questionPairId }, ...file.questionnaire.questions.slice(2)],
      },
    }
    const duplicate = await importFile(0, sameIds)
    expect(duplicate.status).toBe(400)
    expect(duplicate.body.value).toEqual(
      expect.arrayContaining([
        { field: 'file.questionnaire.questions.1.questionPairId', key: 'questionnaire-duplicate-id', params: { id: first.questionPairId } },
      ]),
    )
    expect((await importFile(0, { ...file, padding: 'x'.repeat(10_000_000) })).status).toBe(413)
    expect((await readDraft()).revision).toBe(0)

    // A renamed question, imported: the draft, ready to publish.
    const renamed = {
      ...file,
      questionnaire: { ...file.questionnaire, questions: [{ ...first, topic: 'renamed-topic' }, ...file.questionnaire.questions.slice(1)] },
    }
    const imported = await importFile(0, renamed)
    expect([imported.status, imported.body.value.revision]).toEqual([200, 1])
    expect((await readDraft()).draft).toEqual(renamed.questionnaire)
    expect((await importFile(0, file)).status).toBe(409)
    expect((await publish(1)).body.value).toMatchObject({ version: 2 })
    expect((await h.call<QuestionnaireFile>(h.admin, 'GET', '/api/Admin/ExportQuestionnaire')).body.value).toEqual(renamed)
  })
})
