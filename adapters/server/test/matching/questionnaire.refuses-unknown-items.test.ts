// Saving answers reads the wire items with the core's answers mapping (the one the browser writes
// with): what the questionnaire does not know is refused with a 400 naming the answer and message
// keys the web app translates, never dropped, and nothing is saved.
import { MessageKey } from '@tandem/core'
import { aMenteeAnswers, questionnaire } from '@tandem/fixtures'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { expectOk, startHarness, toWire, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

type FieldError = { readonly field: string; readonly key: string }
type Item = ReturnType<typeof toWire>[number]

const save = (p: Person, items: readonly Item[]) =>
  h.call<FieldError[]>(p, 'POST', '/api/Questionnaire/UpdateAnswer', {
    email: p.email,
    roleName: 'Mentee',
    isSavePublish: false,
    userSelectedAnswerSaveModel: items,
  })

const stored = async (p: Person) => (await h.server.ctx.answers.load(await h.idOf(p), 'Mentee'))?.answers

/** A mentee whose complete answers are saved; answers their wire items. */
const menteeWithAnswers = async (): Promise<{ mentee: Person; items: Item[] }> => {
  const mentee = h.person('Mia')
  expectOk(await h.signUp(mentee, 'Mentee'), 'sign-up')
  const items = toWire('Mentee', aMenteeAnswers())
  expectOk(await save(mentee, items), 'save')
  return { mentee, items }
}

const expectRefused = (reply: Awaited<ReturnType<typeof save>>, field: string, key: string) => {
  expect(reply.status).toBe(400)
  expect(reply.body.errorMessage).toBe('ValidationFailed')
  expect(reply.body.value).toContainEqual({ field, key })
  expect(reply.body.value).toContainEqual({ field: 'questionnaire', key: 'questionnaire-fields-not-valid' })
  // Every key is one the web app translates (en and de).
  expect(reply.body.value.every((e) => MessageKey.is(e.key))).toBe(true)
}

describe('saving answers refuses what the questionnaire does not know', () => {
  it('an option sent with a year answer is refused, not dropped', async () => {
    const { mentee, items } = await menteeWithAnswers()
    const before = await stored(mentee)
    const year = questionnaire.pairs.find((p) => p.kind === 'year' && p.mentee !== null)
    const someOption = questionnaire.pairs.find((p) => p.kind === 'choice')?.options[0]?.id ?? 1
    if (year === undefined) throw new Error('the questionnaire asks mentees a year')
    const edited = items.map((i) =>
      i.QuestionPairId === year.questionPairId
        ? { ...i, PossibleAnswer: [{ originalPossibleAnswerId: someOption, isSetOptionThatFitsAll: 0 as const }] }
        : i,
    )
    expectRefused(await save(mentee, edited), `answers.${year.questionPairId}`, 'invalid-value')
    expect(await stored(mentee)).toEqual(before)
  })

  it('a text sent with a choice answer, an unknown question pair and an unknown option are refused', async () => {
    const { mentee, items } = await menteeWithAnswers()
    const before = await stored(mentee)
    const choice = items.find((i) => i.PossibleAnswer.length > 0)
    if (choice === undefined) throw new Error('the sample answers choose options')
    const withText = items.map((i) => (i === choice ? { ...i, DirectFieldAnswer: 'free text' } : i))
    expectRefused(await save(mentee, withText), `answers.${choice.QuestionPairId}`, 'invalid-value')
    expectRefused(await save(mentee, [...items, { ...choice, QuestionPairId: 9999 }]), 'answers.9999', 'invalid-value')
    const unknownOption = items.map((i) =>
      i === choice ? { ...i, PossibleAnswer: [{ originalPossibleAnswerId: 987_654, isSetOptionThatFitsAll: 0 as const }] } : i,
    )
    expectRefused(await save(mentee, unknownOption), `answers.${choice.QuestionPairId}`, 'unknown-option')
    expect(await stored(mentee)).toEqual(before)
  })
})
