// Review fix (docs/product.md#status-codes: 403 for a wrong role): a participant calling the other side's
// questionnaire, status toggle, accept or start matching gets 403 WrongRole, never the start-matching
// message 'User not available for matching', and nothing changes.
import { aMentorAnswers } from '@tandem/fixtures'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, toWire, type Harness } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const expectWrongRole = (reply: { status: number; body: { isFailure: boolean; errorMessage: string | null } }) => {
  expect(reply.status).toBe(403)
  expect(reply.body.isFailure).toBe(true)
  expect(reply.body.errorMessage).toBe('WrongRole')
}

describe('wrong role', () => {
  it('a mentee asking for the mentor questionnaire or saving mentor answers gets 403', async () => {
    const mentee = await h.readyMentee()
    expectWrongRole(
      await h.call(
        mentee,
        'GET',
        `/api/Questionnaire/GetQuestionAnswerPairs?language=en&role=Mentor&emailId=${encodeURIComponent(mentee.email)}`,
      ),
    )
    expectWrongRole(
      await h.call(mentee, 'POST', '/api/Questionnaire/CreateAnswer', {
        email: mentee.email,
        roleName: 'Mentor',
        isSavePublish: false,
        userSelectedAnswerSaveModel: toWire('Mentor', aMentorAnswers()),
      }),
    )
    expect(await h.server.ctx.answers.load(await h.idOf(mentee), 'Mentor')).toBeUndefined()
  })

  it("a mentee calling the mentor's UpdateUserStatus gets 403 and stays without a mentor side", async () => {
    const mentee = await h.readyMentee()
    expectWrongRole(
      await h.call(mentee, 'POST', '/api/Questionnaire/UpdateUserStatus', {
        email: mentee.email,
        roleName: 'Mentor',
        disableMatching: true,
      }),
    )
    expect((await h.server.ctx.users.byEmail(mentee.email))?.participant.mentor).toBeNull()
  })

  it('a mentor starting matching or accepting as a mentee gets 403', async () => {
    const mentor = await h.publishedMentor()
    const start = await h.call(mentor, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentor.email })
    expectWrongRole(start)
    expect(start.body['statusCode']).toBe(403)
    expectWrongRole(
      await h.call(mentor, 'POST', '/api/MatchingTandem/AcceptProposal', {
        email: mentor.email,
        role: 'Mentee',
        pairedUserEmail: 'someone@example.org',
        proposalSaveModel: { proposalId: 1, proposalState: 'ACCEPTED' },
        matchingTandemSaveModel: { matchingTandemId: 1, tandemState: 'ACTIVE' },
      }),
    )
  })

  it('an admin naming a user without the side gets 400 on the e-mail, not the start-matching message', async () => {
    const mentee = await h.readyMentee()
    await h.call(h.admin, 'POST', '/api/Account/signin', { Email: h.admin.email, Role: null })
    const toggle = await h.call(h.admin, 'POST', '/api/Admin/UpdateUserStatus', {
      email: mentee.email,
      roleName: 'Mentor',
      disableMatching: true,
    })
    expect([toggle.status, toggle.body.value]).toEqual([400, [{ field: 'email', key: 'invalid-value' }]])
    const mentor = await h.publishedMentor()
    const data = await h.call(h.admin, 'GET', `/api/Admin/GetMasterDataForMenteeStateChange?email=${encodeURIComponent(mentor.email)}`)
    expect([data.status, data.body.value]).toEqual([400, [{ field: 'email', key: 'invalid-value' }]])
  })

  it("a mentee naming role=Mentor on the read routes gets 403 WrongRole, not 404 or the mentor's data", async () => {
    const mentee = await h.readyMentee()
    const q = (path: string) => h.call(mentee, 'GET', `${path}?email=${encodeURIComponent(mentee.email)}&role=Mentor&language=en`)
    expectWrongRole(await q('/api/User/GetProposedUserProfile'))
    const reasons = await q('/api/MatchingTandem/GetDeclineReason')
    expectWrongRole(reasons)
    expect(reasons.body.value).toBeNull()
    expectWrongRole(await q('/api/user/GetUserProfile'))
    // Their own side still answers.
    const own = await h.call(
      mentee,
      'GET',
      `/api/MatchingTandem/GetDeclineReason?email=${encodeURIComponent(mentee.email)}&role=Mentee&language=en`,
    )
    expect(own.status).toBe(200)
  })

  it('a mentor naming role=Mentee on every side-specific route gets 403 WrongRole', async () => {
    const mentor = await h.publishedMentor()
    const e = encodeURIComponent(mentor.email)
    expectWrongRole(await h.call(mentor, 'GET', `/api/User/GetProposedUserProfile?email=${e}&role=Mentee&language=en`))
    expectWrongRole(await h.call(mentor, 'GET', `/api/MatchingTandem/GetDeclineReason?email=${e}&role=Mentee&language=en`))
    expectWrongRole(await h.call(mentor, 'GET', `/api/Questionnaire/GetQuestionAnswerPairs?language=en&role=Mentee&emailId=${e}`))
    expectWrongRole(
      await h.call(mentor, 'POST', '/api/MatchingTandem/DeclineProposal', {
        email: mentor.email,
        role: 'Mentee',
        pairedUserEmail: 'someone@example.org',
        proposalSaveModel: { proposalId: 1, proposalState: 'DECLINED', declineReasonId: 1, comment: null },
        matchingTandemSaveModel: { matchingTandemId: 1, tandemState: 'DECLINED' },
      }),
    )
  })
})
