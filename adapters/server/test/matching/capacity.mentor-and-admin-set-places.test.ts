// A mentor's places through real HTTP on a real database (docs/matching.md#places, docs/api.md): the
// mentor chooses a capacity next to the matching toggle, an administrator sets it on the user
// information page (audited); bad values are a translated 400 and change nothing; a mentor who
// accepts a mentee while places are free stays in the pool; the dashboard lists every mentee.
import type { AdminUserDetail, QuestionAnswerResponse, UserListRow } from '@tandem/core'
import ExcelJS from 'exceljs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const proposals = (p: Person) => h.proposals(p)
const start = (p: Person) => h.startMatching(p)
const mentorSide = async (p: Person) => (await h.server.ctx.users.byEmail(p.email))?.participant.mentor
const setOwn = (p: Person, capacity: unknown) =>
  h.call<boolean>(p, 'POST', '/api/Questionnaire/UpdateMentorCapacity', { email: p.email, capacity })
const pageOf = async (p: Person) =>
  (
    await h.call<QuestionAnswerResponse>(
      p,
      'GET',
      `/api/Questionnaire/GetQuestionAnswerPairs?language=en&role=Mentor&emailId=${encodeURIComponent(p.email)}`,
    )
  ).body.value

/** The mentee takes the proposal of this mentor, then the mentor (when `mentorToo`) takes the mentee. */
const pair = async (mentee: Person, mentor: Person, mentorToo: boolean) => {
  const mine = (await proposals(mentee)).menteeProposal[0]
  if (mine === undefined) throw new Error('expected a proposal')
  const tandem = { matchingTandemId: mine.matchingTandemId, tandemState: 'ACTIVE' }
  const accepted = await h.call(mentee, 'POST', '/api/MatchingTandem/AcceptProposal', {
    email: mentee.email,
    role: 'Mentee',
    pairedUserEmail: mentor.email,
    proposalSaveModel: { proposalId: mine.proposalId, proposalState: 'ACCEPTED' },
    matchingTandemSaveModel: tandem,
  })
  expect(accepted.body.isSuccess).toBe(true)
  if (!mentorToo) return
  const taken = await h.call(mentor, 'POST', '/api/MatchingTandem/AcceptProposal', {
    email: mentor.email,
    role: 'Mentor',
    pairedUserEmail: mentee.email,
    proposalSaveModel: { proposalId: mine.pairedProposalId, proposalState: 'ACCEPTED' },
    matchingTandemSaveModel: tandem,
  })
  expect(taken.body.isSuccess).toBe(true)
}

describe('a mentor with places', () => {
  it('chooses a capacity on the questionnaire page; bad values answer 400 with the rule and change nothing', async () => {
    const mentor = await h.publishedMentor('Anna')
    expect((await pageOf(mentor))?.mentorPlaces).toEqual({ taken: 0, capacity: 1 })
    expect((await setOwn(mentor, 3)).body.isSuccess).toBe(true)
    expect((await pageOf(mentor))?.mentorPlaces).toEqual({ taken: 0, capacity: 3 })
    for (const bad of [0, 6, 2.5, -1]) {
      const refused = await setOwn(mentor, bad)
      expect([refused.status, JSON.stringify(refused.body.value)]).toEqual([400, expect.stringContaining('mentor-capacity-range')])
    }
    const notANumber = await setOwn(mentor, 'three')
    expect(notANumber.status).toBe(400)
    expect((await mentorSide(mentor))?.capacity).toBe(3)
    // A mentee has no capacity to set: the mentor side is needed.
    const mentee = await h.readyMentee('Mia')
    expect((await setOwn(mentee, 2)).status).toBe(403)
  })

  it('stays in the pool after accepting a mentee while places are free, and the dashboard lists every mentee', async () => {
    const mentor = await h.publishedMentor('Anna')
    expect((await setOwn(mentor, 3)).body.isSuccess).toBe(true)
    const [mia, ben, carl] = [await h.readyMentee('Mia'), await h.readyMentee('Ben'), await h.readyMentee('Carl')]
    expect((await start(mia)).body.isSuccess).toBe(true)
    await pair(mia, mentor, true)
    expect((await mentorSide(mentor))?.status).toBe('AVAILABLE')
    expect((await start(ben)).body.isSuccess).toBe(true)
    await pair(ben, mentor, false)
    // Two places taken of three: a third mentee still gets this mentor.
    expect((await start(carl)).body.isSuccess).toBe(true)
    expect((await proposals(carl)).menteeProposal.map((p) => p.firstName)).toEqual(['Anna'])
    expect((await mentorSide(mentor))?.status).toBe('PROPOSED')
    expect((await pageOf(mentor))?.mentorPlaces).toEqual({ taken: 3, capacity: 3 })
    const dashboard = await proposals(mentor)
    // Matched mentees with their address; the one waiting for the mentor's answer with a countdown.
    expect(dashboard?.mentorProposal.map((p) => [p.firstName, p.tandemState, p.email])).toEqual([
      ['Mia', 'MATCHED', mia.email],
      ['Ben', 'ACTIVE', null],
    ])
    expect(dashboard?.proposalRemainingTime.mentorRemainingTime.map((r) => r.remainingHours)).toEqual([72])
  })

  it('an administrator sets it on the user information page, audited; lowering it ends no tandem', async () => {
    const mentor = await h.publishedMentor('Anna')
    const mia = await h.readyMentee('Mia')
    const byAdmin = (capacity: unknown) =>
      h.call<boolean>(h.admin, 'POST', '/api/Admin/UpdateMentorCapacity', { email: mentor.email, capacity })
    expect((await byAdmin(2)).body.isSuccess).toBe(true)
    expect((await start(mia)).body.isSuccess).toBe(true)
    await pair(mia, mentor, true)
    const detail = async () =>
      (await h.call<AdminUserDetail>(h.admin, 'GET', `/api/Admin/GetUserDetail?email=${encodeURIComponent(mentor.email)}&language=de`)).body
        .value
    expect((await detail())?.mentorPlaces).toEqual({ taken: 1, capacity: 2 })
    expect((await mentorSide(mentor))?.status).toBe('AVAILABLE')
    expect((await byAdmin(1)).body.isSuccess).toBe(true)
    expect((await detail())?.mentorPlaces).toEqual({ taken: 1, capacity: 1 })
    expect((await mentorSide(mentor))?.status).toBe('MATCHED')
    expect((await proposals(mentor))?.mentorProposal.map((p) => p.tandemState)).toEqual(['MATCHED'])
    expect((await byAdmin(9)).status).toBe(400)
    expect((await mentorSide(mentor))?.capacity).toBe(1)
    const id = await h.idOf(mentor)
    const actions = (await h.server.ctx.audit.auditRecordsAbout(id)).map((r) => r.action)
    expect(actions.filter((a) => a === 'mentor-capacity.change')).toHaveLength(2)
  })

  it('the mentor list and the mentor export show places taken / capacity', async () => {
    const mentor = await h.publishedMentor('Anna')
    expect((await setOwn(mentor, 2)).body.isSuccess).toBe(true)
    const mia = await h.readyMentee('Mia')
    expect((await start(mia)).body.isSuccess).toBe(true)
    const list = await h.call<UserListRow[]>(h.admin, 'POST', '/api/Admin/GetMentors', [{ id: 4, name: 'AVAILABLE' }])
    expect(list.body.value?.map((r) => [r.email, r.mentorPlaces])).toEqual([[mentor.email, { taken: 1, capacity: 2 }]])
    const response = await fetch(`${h.base}/api/Admin/ExportUserDataByRole`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await h.tokenFor(h.admin)}`, 'content-type': 'application/json', 'accept-language': 'de' },
      body: JSON.stringify({
        role: 'Mentor',
        includeBasicAccountInformation: true,
        includeExtededAccountInformation: false,
        includeProfileInformation: false,
        filterData: { statuses: [] },
      }),
    })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await response.arrayBuffer())
    const sheet = workbook.worksheets[0]
    const header = (sheet?.getRow(1).values as unknown[]).slice(1)
    const row = (sheet?.getRow(2).values as unknown[]).slice(1)
    const places = header.findIndex((v) => v === 'Places taken / capacity' || v === 'Belegte Plätze / Kapazität')
    expect(places).toBeGreaterThan(0)
    expect(row[places]).toBe('1 / 2')
  })
})
