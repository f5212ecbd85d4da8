// A live program edits its questionnaire and nobody is locked out of matching (docs/matching.md#editing-the-questionnaire-versions-and-unanswered-questions):
// a person is complete against the version asked now. An answer to a question added later counts
// once given (a mentor who answers it still publishes, a mentee who answers it still starts
// matching); an answer to a retired question is kept but neither required nor counted.
import {
  pairOf,
  questionOf,
  toSaveAnswerItem,
  type Answer,
  type DraftQuestion,
  type QuestionnaireDraftView,
  type QuestionnaireVersionSummary,
  type Side,
} from '@tandem/core'
import { aMenteeAnswers, aMentorAnswers } from '@tandem/fixtures'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ADDED_QUESTION } from '../support/added-question.js'
import { expectOk, startHarness, toWire, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const SPORT = ADDED_QUESTION
const sportAnswer: Answer = { questionPairId: 99, optionIds: [99001], year: null, text: null }
const sportPair = pairOf(SPORT, SPORT.options)

/** Saves answers as the page of the version with the sport question sends them (the seed's pairs and the sport question). */
const saveAnswers = (p: Person, side: Side, answers: readonly Answer[], publish: boolean) =>
  h.call(p, 'POST', '/api/Questionnaire/CreateAnswer', {
    email: p.email,
    roleName: side,
    isSavePublish: publish,
    userSelectedAnswerSaveModel: answers.flatMap((a) =>
      a.questionPairId === sportPair.questionPairId && questionOf(sportPair, side) !== null
        ? [toSaveAnswerItem(sportPair, side, a)]
        : toWire(side, [a]),
    ),
  })
const publishedMentor = async (name: string, answers: readonly Answer[]): Promise<Person> => {
  const p = h.person(name)
  expectOk(await h.signUp(p, 'Mentor'), 'sign-up')
  expectOk(await h.saveProfile(p, null), 'profile')
  expectOk(await saveAnswers(p, 'Mentor', answers, true), 'answers')
  return p
}
const readyMentee = async (name: string, answers: readonly Answer[]): Promise<Person> => {
  const p = h.person(name)
  expectOk(await h.signUp(p, 'Mentee'), 'sign-up')
  expectOk(await h.saveProfile(p), 'profile')
  expectOk(await saveAnswers(p, 'Mentee', answers, true), 'answers')
  return p
}

/** Edits the draft with `change` and publishes it: the next version. */
const publishEdited = async (change: (questions: readonly DraftQuestion[]) => DraftQuestion[]): Promise<number> => {
  const draft = (await h.call<QuestionnaireDraftView>(h.admin, 'GET', '/api/Admin/GetQuestionnaireDraft')).body.value
  const saved = await h.call<QuestionnaireDraftView>(h.admin, 'POST', '/api/Admin/SaveQuestionnaireDraft', {
    revision: draft.revision,
    draft: { ...draft.draft, questions: change(draft.draft.questions) },
  })
  expect(saved.status).toBe(200)
  const published = await h.call<QuestionnaireVersionSummary>(h.admin, 'POST', '/api/Admin/PublishQuestionnaireDraft', {
    revision: saved.body.value.revision,
  })
  expect(published.status).toBe(200)
  return published.body.value.version
}
const addSport = () => publishEdited((questions) => [...questions, SPORT])
const retireSport = () => publishEdited((questions) => questions.map((q) => (q.questionPairId === 99 ? { ...q, retired: true } : q)))
const start = (p: Person) => h.call(p, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: p.email })
const storedAnswers = async (p: Person, side: 'Mentee' | 'Mentor') =>
  (await h.server.ctx.answers.load(await h.idOf(p), side))?.answers ?? []

describe('questionnaire edits keep people matching', () => {
  it('a mentor who answers a newly added question saves and publishes', async () => {
    expect(await addSport()).toBe(2)
    const mentor = await publishedMentor('Anna', [...aMentorAnswers(), { ...sportAnswer, optionIds: [99002] }])
    const saved = await saveAnswers(mentor, 'Mentor', [...aMentorAnswers(), sportAnswer], true)
    expect([saved.status, saved.body.isSuccess]).toEqual([200, true])
  })

  it('a mentee who answers a newly added question starts matching and is proposed', async () => {
    await h.publishedMentor('Anna')
    expect(await addSport()).toBe(2)
    const mentee = await readyMentee('Ella', [...aMenteeAnswers(), sportAnswer])
    const started = await start(mentee)
    expect([started.status, started.body.isSuccess]).toEqual([200, true])
    expect((await h.proposals(mentee)).menteeProposal.map((p) => p.firstName)).toEqual(['Anna'])
  })

  it('a mentee who had answered a question retired since starts matching; the answer is kept, also after saving again', async () => {
    expect(await addSport()).toBe(2)
    await publishedMentor('Anna', [...aMentorAnswers(), sportAnswer])
    const mentee = await readyMentee('Ella', [...aMenteeAnswers(), sportAnswer])
    expect(await retireSport()).toBe(3)

    // Saving again sends only what the page asks now; the retired question's answer stays stored.
    const resaved = await saveAnswers(mentee, 'Mentee', aMenteeAnswers(), true)
    expect(resaved.status).toBe(200)
    expect(await storedAnswers(mentee, 'Mentee')).toContainEqual(sportAnswer)

    const started = await start(mentee)
    expect([started.status, started.body.isSuccess]).toEqual([200, true])
    const [proposal] = (await h.proposals(mentee)).menteeProposal
    // Neither required nor counted: the retired question is not in the proposal's breakdown.
    expect(proposal?.breakdown.some((b) => b.questionPairId === 99)).toBe(false)
  })

  it('a published mentor who had answered a retired question pauses and enables matching again', async () => {
    expect(await addSport()).toBe(2)
    const mentor = await publishedMentor('Anna', [...aMentorAnswers(), sportAnswer])
    expect(await retireSport()).toBe(3)
    const status = (disableMatching: boolean) =>
      h.call(mentor, 'POST', '/api/Questionnaire/UpdateUserStatus', { email: mentor.email, roleName: 'Mentor', disableMatching })
    expect((await status(true)).status).toBe(200)
    const enabled = await status(false)
    expect([enabled.status, enabled.body.isSuccess]).toEqual([200, true])
  })
})
