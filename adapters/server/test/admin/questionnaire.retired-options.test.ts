// An option a later questionnaire version retired stays readable: the participant's questionnaire
// page and the administrator's user detail show it with its text, marked "no longer offered"
// (German "nicht mehr angeboten"); saving again may keep it, choosing it anew is a 400 naming the
// question and changes nothing. Runs on SQLite (project server) and PostgreSQL (project server-pg).
import type { QuestionAnswerResponse, QuestionnaireDraftView, QuestionnaireVersionSummary } from '@tandem/core'
import { aMenteeAnswers, choiceAnswer, optionId, PAIR } from '@tandem/fixtures'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, toWire, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const CONSULTING = optionId(PAIR.industries, 'Consulting')
const FINANCE = optionId(PAIR.industries, 'Finance and insurance')
const IT = optionId(PAIR.industries, 'IT and software')

/** Version 2: Consulting (which the mentee holds) and Finance (which they do not) retired. */
const publishWithRetiredOptions = async () => {
  const { revision, draft } = (await h.call<QuestionnaireDraftView>(h.admin, 'GET', '/api/Admin/GetQuestionnaireDraft')).body.value
  const retired = {
    ...draft,
    questions: draft.questions.map((q) =>
      q.questionPairId === PAIR.industries
        ? { ...q, options: q.options.map((o) => (o.id === CONSULTING || o.id === FINANCE ? { ...o, retired: true } : o)) }
        : q,
    ),
  }
  expect((await h.call(h.admin, 'POST', '/api/Admin/SaveQuestionnaireDraft', { revision, draft: retired })).status).toBe(200)
  const published = await h.call<QuestionnaireVersionSummary>(h.admin, 'POST', '/api/Admin/PublishQuestionnaireDraft', {
    revision: revision + 1,
  })
  expect([published.status, published.body.value.version]).toEqual([200, 2])
}

const industriesShown = async (p: Person, language: 'en' | 'de') => {
  const page = (
    await h.call<QuestionAnswerResponse>(
      p,
      'GET',
      `/api/Questionnaire/GetQuestionAnswerPairs?language=${language}&role=Mentee&emailId=${p.email}`,
    )
  ).body.value
  const question = page.questionAnswerModel.find((q) => q.questionPairId === PAIR.industries)
  return {
    options: question?.possibleAnswers.map((o) => [o.originalPossibleAnswerId, o.optionText]) ?? [],
    chosen: question?.userSelectedAnswers.map((a) => a.originalPossibleAnswerId) ?? [],
  }
}

const save = (p: Person, industries: number[]) =>
  h.call(p, 'POST', '/api/Questionnaire/CreateAnswer', {
    email: p.email,
    roleName: 'Mentee',
    isSavePublish: false,
    userSelectedAnswerSaveModel: toWire('Mentee', aMenteeAnswers(choiceAnswer(PAIR.industries, ...industries))),
  })

const storedIndustries = async (p: Person) => {
  const id = await h.idOf(p)
  return (await h.server.ctx.answers.answersOf(id, 'Mentee'))?.answers.find((a) => a.questionPairId === PAIR.industries)?.optionIds
}

describe('retired options', () => {
  it('shows a held retired option on the questionnaire page, marked, in both languages, and offers no other retired one', async () => {
    const mia = await h.readyMentee('Mia')
    await publishWithRetiredOptions()
    const en = await industriesShown(mia, 'en')
    expect(en.options).toContainEqual([CONSULTING, 'Consulting (no longer offered)'])
    expect(en.options.map(([id]) => id)).not.toContain(FINANCE)
    expect(en.chosen).toEqual([IT, CONSULTING])
    const de = await industriesShown(mia, 'de')
    expect(de.options.find(([id]) => id === CONSULTING)?.[1]).toMatch(/\(nicht mehr angeboten\)$/)
    // Someone who never held it is not offered it.
    const ella = await h.readyMentee('Ella', aMenteeAnswers(choiceAnswer(PAIR.industries, IT)))
    expect((await industriesShown(ella, 'en')).options.map(([id]) => id)).not.toContain(CONSULTING)
  })

  it("shows a held retired option in the administrator's user detail, marked", async () => {
    const mia = await h.readyMentee('Mia')
    await publishWithRetiredOptions()
    for (const [language, mark] of [
      ['en', 'Consulting (no longer offered)'],
      ['de', '(nicht mehr angeboten)'],
    ] as const) {
      const detail = await h.call<{ allData: { menteeAccountQuestions: { userQuestionText: string; userAnswer: string | null }[] } }>(
        h.admin,
        'GET',
        `/api/Admin/GetUserDetail?email=${encodeURIComponent(mia.email)}&language=${language}`,
      )
      expect(detail.status).toBe(200)
      expect(detail.body.value.allData.menteeAccountQuestions.some((q) => q.userAnswer?.includes(mark) === true)).toBe(true)
    }
  })

  it('gives a held retired option its text, marked, in the data download', async () => {
    const mia = await h.readyMentee('Mia')
    await publishWithRetiredOptions()
    const data = JSON.parse(await h.downloadedDataText(mia)) as {
      answers: { side: string; texts: { questionPairId: number; options: { en: string; de: string }[] }[] }[]
    }
    const industries = data.answers.find((a) => a.side === 'Mentee')?.texts.find((t) => t.questionPairId === PAIR.industries)
    expect(industries?.options.map((o) => o.en)).toEqual(['IT and software', 'Consulting (no longer offered)'])
    expect(industries?.options[1]?.de).toMatch(/\(nicht mehr angeboten\)$/)
  })

  it('keeps a held retired option when the mentee saves again; one chosen anew is refused and changes nothing', async () => {
    const mia = await h.readyMentee('Mia')
    await publishWithRetiredOptions()
    const kept = await save(mia, [IT, CONSULTING])
    expect(kept.status).toBe(200)
    expect(await storedIndustries(mia)).toEqual([IT, CONSULTING])

    const refused = await save(mia, [IT, FINANCE])
    expect([refused.status, refused.body.errorCode]).toEqual([400, 'ValidationFailed'])
    expect(refused.body.value).toEqual(
      expect.arrayContaining([{ field: `answers.${PAIR.industries}`, key: 'questionnaire-option-retired', params: { id: FINANCE } }]),
    )
    expect(await storedIndustries(mia)).toEqual([IT, CONSULTING])

    // Dropping it is allowed, and once dropped it cannot come back.
    expect((await save(mia, [IT])).status).toBe(200)
    expect((await save(mia, [IT, CONSULTING])).status).toBe(400)
    expect(await storedIndustries(mia)).toEqual([IT])
  })
})
