// The no-match panel's must-fit answers through the HTTP API (docs/matching.md#no-match): after a run
// that found nobody, the mentee's status entry names the must-fit answers no mentor she may be
// proposed offers, in both languages, read against the pool as it is when she asks.
import { choiceAnswer, aMenteeAnswers, aMentorAnswers, optionId, PAIR } from '@tandem/fixtures'
import type { UserStatusEntry } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const speaking = (...languages: string[]) => choiceAnswer(PAIR.languages, ...languages.map((l) => optionId(PAIR.languages, l)))

const menteeEntry = async (p: Person): Promise<UserStatusEntry | undefined> => {
  const reply = await h.call<{ userStatuses: UserStatusEntry[] }>(
    p,
    'GET',
    `/api/Account/GetUserDetails?emailId=${encodeURIComponent(p.email)}`,
  )
  expect(reply.status).toBe(200)
  return reply.body.value.userStatuses.find((s) => s.role === 'Mentee')
}

const LANGUAGES = {
  questionPairId: PAIR.languages,
  question: { en: 'In which languages would you like to hold the mentoring?', de: 'In welchen Sprachen möchten Sie das Mentoring führen?' },
}

describe('the must-fit answers nobody offers', () => {
  it('names the languages of a mentee no available mentor speaks, and drops them once one does', async () => {
    await h.publishedMentor('Max', aMentorAnswers(speaking('German')))
    const mia = await h.readyMentee('Mia', aMenteeAnswers(speaking('French', 'Arabic')))
    expect((await menteeEntry(mia))?.unmetMustFits).toBeUndefined() // no run yet
    expect((await h.startMatching(mia)).body.isSuccess).toBe(true)
    expect((await h.proposals(mia)).menteeProposal).toEqual([])

    expect(await menteeEntry(mia)).toMatchObject({
      noMatch: true,
      unmetMustFits: [
        {
          ...LANGUAGES,
          answers: [
            { en: 'French', de: 'Französisch' },
            { en: 'Arabic', de: 'Arabisch' },
          ],
        },
      ],
    })

    // A mentor who speaks Arabic publishes: nobody is missing a language now, without another run.
    await h.publishedMentor('Ali', aMentorAnswers(speaking('Arabic')))
    expect(await menteeEntry(mia)).toMatchObject({ noMatch: true, unmetMustFits: [] })
  })

  it('counts only mentors with a free place, and says nothing of a mentee whose run found someone', async () => {
    await h.publishedMentor('Max', aMentorAnswers(speaking('French')))
    const tom = await h.readyMentee('Tom', aMenteeAnswers(speaking('French')))
    expect((await h.startMatching(tom)).body.isSuccess).toBe(true)
    expect((await h.proposals(tom)).menteeProposal).toHaveLength(1)
    const tomEntry = await menteeEntry(tom)
    expect(tomEntry?.noMatch).toBe(false)
    expect(tomEntry?.unmetMustFits).toBeUndefined()

    // Max's only place is reserved for Tom: nobody has a free place, so no answer is to blame.
    const mia = await h.readyMentee('Mia', aMenteeAnswers(speaking('French')))
    expect((await h.startMatching(mia)).body.isSuccess).toBe(true)
    expect(await menteeEntry(mia)).toMatchObject({ noMatch: true, unmetMustFits: [] })
    // Ben has a free place but speaks only German; Max, who speaks French, is taken.
    await h.publishedMentor('Ben', aMentorAnswers(speaking('German')))
    expect((await menteeEntry(mia))?.unmetMustFits).toEqual([{ ...LANGUAGES, answers: [{ en: 'French', de: 'Französisch' }] }])
  })
})
