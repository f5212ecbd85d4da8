// Each side answers its own profile questions (docs/product.md#profile-form) through the real app:
// an answer to the other side's question is refused with a field error and saves nothing; the
// master data names each question's side; the admin's user detail splits the answers by side.
import { profileQuestions } from '@tandem/fixtures'
import type { AdminUserDetail, ProfileMasterData } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const MENTEE_QUESTION = 2
const MENTOR_QUESTION = 3
const BOTH_QUESTION = 1

const save = (p: Person, clusterId: number | null, answers: readonly { id: number; text: string }[]) =>
  h.call(p, 'POST', '/api/user/UpdateProfile', {
    email: p.email,
    professionalPosition: 'Engineer',
    company: 'ACME',
    countryCodeId: 14,
    stateOriginalId: null,
    city: 'Vienna',
    languageId: 1,
    clusterId,
    profileQuestionAnswer: answers.map((a) => ({ userQuestionOriginalId: a.id, userAnswer: a.text })),
    isDeletedProfileImage: false,
  })

const stored = async (p: Person) => {
  const user = (await h.server.ctx.users.byEmail(p.email))!
  return { city: user.city, answers: (await h.server.ctx.users.profileAnswers(user.id)).map((a) => a.questionId) }
}

describe('profile answers by side', () => {
  it('refuses a mentor answering the mentee question with a field error, saving nothing', async () => {
    const mentor = await h.publishedMentor('Max')
    const before = await stored(mentor)
    const reply = await save(mentor, null, [
      { id: BOTH_QUESTION, text: 'Hello' },
      { id: MENTEE_QUESTION, text: 'I want to learn' },
    ])
    expect(reply.status).toBe(400)
    expect(JSON.stringify(reply.body)).toContain('"field":"profileQuestionAnswer.1.userAnswer","key":"profile-question-other-side"')
    expect(await stored(mentor)).toEqual(before)
  })

  it('refuses a mentee answering a mentor question, and accepts each side its own questions', async () => {
    const mentee = await h.readyMentee('Mia')
    const clusterId = (await h.server.ctx.clusters.defaultCluster())!.clusterId
    const refused = await save(mentee, clusterId, [{ id: MENTOR_QUESTION, text: 'I like to help' }])
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toContain('profile-question-other-side')
    expect((await stored(mentee)).answers).toEqual([])

    expectOk(
      await save(mentee, clusterId, [
        { id: BOTH_QUESTION, text: 'Hello' },
        { id: MENTEE_QUESTION, text: 'I want to learn' },
      ]),
      'mentee answers',
    )
    expect((await stored(mentee)).answers.sort()).toEqual([BOTH_QUESTION, MENTEE_QUESTION])
    const mentor = await h.publishedMentor('Max')
    expectOk(await save(mentor, null, [{ id: MENTOR_QUESTION, text: 'I like to help' }]), 'mentor answers')
    expect((await stored(mentor)).answers).toEqual([MENTOR_QUESTION])
  })

  it('names the side of every question in the profile master data, in German too', async () => {
    const mentor = await h.publishedMentor('Max')
    const reply = await h.call<{ userProfileMasterModel: ProfileMasterData }>(
      mentor,
      'GET',
      `/api/User/GetUserProfile?email=${encodeURIComponent(mentor.email)}&language=de&role=Mentor`,
    )
    expectOk(reply, 'profile')
    expect(reply.body.value.userProfileMasterModel.userProfileQuestions).toEqual(
      profileQuestions.map((q) => ({ userQuestionOriginalId: q.userQuestionOriginalId, userQuestionText: q.text.de, side: q.side })),
    )
  })

  it("splits the admin's user detail into each side's profile questions", async () => {
    const mentee = await h.readyMentee('Mia')
    const clusterId = (await h.server.ctx.clusters.defaultCluster())!.clusterId
    expectOk(await save(mentee, clusterId, [{ id: MENTEE_QUESTION, text: 'I want to learn' }]), 'mentee answers')
    const detail = await h.call<AdminUserDetail>(
      h.admin,
      'GET',
      `/api/Admin/GetUserDetail?email=${encodeURIComponent(mentee.email)}&language=en`,
    )
    expectOk(detail, 'detail')
    const texts = detail.body.value.allData.menteeProfileQuestions.map((q) => q.userQuestionText)
    const expected = profileQuestions.filter((q) => q.side !== 'Mentor').map((q) => q.text.en)
    expect(texts).toEqual(expected)
    expect(detail.body.value.allData.menteeProfileQuestions.find((q) => q.userQuestionText === expected[1])?.userAnswer).toBe(
      'I want to learn',
    )
    expect(detail.body.value.allData.mentorProfileQuestions).toEqual([])
  })
})
