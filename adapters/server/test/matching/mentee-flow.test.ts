// Journey of docs/product.md#mentee-status through real HTTP on a real SQLite file.
import { HOUR, checkInvariants } from '@tandem/core'
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
const status = async (p: Person, role: 'Mentee' | 'Mentor') =>
  (
    await h.call<{ userStatuses: { role: string; userStatus: string }[] }>(
      p,
      'GET',
      `/api/Account/GetUserDetails?emailId=${encodeURIComponent(p.email)}`,
    )
  ).body.value.userStatuses.find((s) => s.role === role)?.userStatus

const world = async () => await h.server.ctx.store.load({ userIds: (await h.server.ctx.users.all()).map((u) => u.id) })

describe('mentee flow', () => {
  it('start matching proposes up to three mentors, reserved for 48 hours with a countdown', async () => {
    for (const name of ['Anna', 'Bert', 'Carl', 'Dora']) await h.publishedMentor(name)
    const mentee = await h.readyMentee()
    const started = await start(mentee)
    expect(started.status).toBe(200)
    expect(started.body).toMatchObject({ isSuccess: true, value: true, statusCode: 200 })
    const value = await proposals(mentee)
    expect(value.menteeProposal).toHaveLength(3)
    expect(value.menteeProposal.every((p) => p.proposalState === 'PROPOSED' && p.tandemState === 'ACTIVE' && p.email === null)).toBe(true)
    expect(value.proposalRemainingTime.menteeRemainingTime.map((r) => [r.remainingHours, r.remainingMinutes])).toEqual([
      [48, 0],
      [48, 0],
      [48, 0],
    ])
    expect(await status(mentee, 'Mentee')).toBe('PROPOSED')
    expect(checkInvariants(await world())).toEqual([])
  })

  it('accepting one mentor closes the other proposals and gives the mentor 72 hours; the mentor accepting matches both', async () => {
    const mentors = [await h.publishedMentor('Anna'), await h.publishedMentor('Bert')]
    const mentee = await h.readyMentee()
    await start(mentee)
    const [chosen, other] = (await proposals(mentee)).menteeProposal
    if (chosen === undefined || other === undefined) throw new Error('expected two proposals')
    const mentor = mentors.find((m) => m.firstName === chosen.firstName) as Person
    const accept = await h.call(mentee, 'POST', '/api/MatchingTandem/AcceptProposal', {
      email: mentee.email,
      role: 'Mentee',
      pairedUserEmail: mentor.email,
      proposalSaveModel: { proposalId: chosen.proposalId, proposalState: 'ACCEPTED' },
      matchingTandemSaveModel: { matchingTandemId: chosen.matchingTandemId, tandemState: 'ACTIVE' },
    })
    expect(accept.body).toMatchObject({ isSuccess: true })
    const after = await proposals(mentee)
    expect(after.menteeProposal.map((p) => [p.matchingTandemId, p.proposalState])).toEqual([[chosen.matchingTandemId, 'ACCEPTED']])
    // the mentee sees until when the mentor has to answer
    expect(after.proposalRemainingTime.mentorRemainingTime.map((r) => [r.tandemId, r.remainingHours])).toEqual([
      [chosen.matchingTandemId, 72],
    ])
    const forMentor = await proposals(mentor)
    expect(forMentor.mentorProposal.map((p) => p.matchingTandemId)).toEqual([chosen.matchingTandemId])
    expect(forMentor.proposalRemainingTime.mentorRemainingTime[0]?.remainingHours).toBe(72)
    const otherMentor = mentors.find((m) => m.firstName === other.firstName) as Person
    expect(await status(otherMentor, 'Mentor')).toBe('AVAILABLE')

    const mentorAccept = await h.call(mentor, 'POST', '/api/MatchingTandem/AcceptProposal', {
      email: mentor.email,
      role: 'Mentor',
      pairedUserEmail: mentee.email,
      proposalSaveModel: { proposalId: chosen.pairedProposalId, proposalState: 'ACCEPTED' },
      matchingTandemSaveModel: { matchingTandemId: chosen.matchingTandemId, tandemState: 'MATCHED' },
    })
    expect(mentorAccept.body).toMatchObject({ isSuccess: true })
    expect(await status(mentee, 'Mentee')).toBe('MATCHED')
    expect(await status(mentor, 'Mentor')).toBe('MATCHED')
    // Once matched, each sees the other's e-mail (docs/product.md#permissions).
    expect((await proposals(mentee)).menteeProposal[0]?.email).toBe(mentor.email)
    expect((await h.server.ctx.outbox.all()).map((m) => m.type)).toEqual(expect.arrayContaining(['NEW_TANDEM', 'APPROVE_TANDEM']))
    expect(checkInvariants(await world())).toEqual([])
  })

  it('a declined mentor is never proposed again, and a decline needs a reason', async () => {
    const mentor = await h.publishedMentor('Anna')
    const mentee = await h.readyMentee()
    await start(mentee)
    const [p] = (await proposals(mentee)).menteeProposal
    if (p === undefined) throw new Error('expected a proposal')
    const body = (reason: number | null) => ({
      email: mentee.email,
      role: 'Mentee',
      pairedUserEmail: mentor.email,
      proposalSaveModel: { proposalId: p.proposalId, proposalState: 'DECLINED', comment: 'not my field', declineReasonId: reason },
      matchingTandemSaveModel: { matchingTandemId: p.matchingTandemId, tandemState: 'DECLINED' },
    })
    const noReason = await h.call(mentee, 'POST', '/api/MatchingTandem/DeclineProposal', body(null))
    expect(noReason.status).toBe(400)
    expect(JSON.stringify(noReason.body.value)).toContain('decline-reason-mandatory')
    expect((await h.call(mentee, 'POST', '/api/MatchingTandem/DeclineProposal', body(1))).body.isSuccess).toBe(true)
    expect(await status(mentee, 'Mentee')).toBe('AVAILABLE')
    expect((await start(mentee)).body.isSuccess).toBe(true)
    expect((await proposals(mentee)).menteeProposal).toEqual([])
    expect(await status(mentee, 'Mentee')).toBe('AVAILABLE')
  })

  it('after 48 hours without a choice the proposals expire on read and the mentee may start again', async () => {
    await h.publishedMentor('Anna')
    const mentee = await h.readyMentee()
    await start(mentee)
    const [p] = (await proposals(mentee)).menteeProposal
    h.clock.advance(48 * HOUR)
    expect((await proposals(mentee)).menteeProposal).toEqual([])
    expect(await status(mentee, 'Mentee')).toBe('AVAILABLE')
    const late = await h.call(mentee, 'POST', '/api/MatchingTandem/AcceptProposal', {
      email: mentee.email,
      role: 'Mentee',
      pairedUserEmail: 'x@example.org',
      proposalSaveModel: { proposalId: p?.proposalId, proposalState: 'ACCEPTED' },
      matchingTandemSaveModel: { matchingTandemId: p?.matchingTandemId, tandemState: 'ACTIVE' },
    })
    expect(late.status).toBe(409)
    expect((await start(mentee)).body.isSuccess).toBe(true)
    expect((await proposals(mentee)).menteeProposal).toHaveLength(1)
  })

  it('a mentor published after a run is proposed by the next run (the packed pool follows the pool)', async () => {
    const first = await h.readyMentee('Ada')
    await h.publishedMentor('Anna')
    await start(first)
    const mentee = await h.readyMentee()
    await start(mentee)
    expect((await proposals(mentee)).menteeProposal).toEqual([])
    expect(await status(mentee, 'Mentee')).toBe('AVAILABLE')
    const late = await h.publishedMentor('Bert')
    await start(mentee)
    expect((await proposals(mentee)).menteeProposal.map((p) => p.firstName)).toEqual([late.firstName])
  })

  it('start matching with an incomplete profile answers InCompleteProfile and leaves the mentee as before', async () => {
    const mentee = h.person('Nina')
    await h.signUp(mentee, 'Mentee')
    const reply = await start(mentee)
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({ isFailure: true, value: false, errorMessage: 'InCompleteProfile', statusCode: 400 })
    expect(await status(mentee, 'Mentee')).toBe('NEW')
  })

  it('a proposed mentee cannot start again: User not available for matching', async () => {
    await h.publishedMentor('Anna')
    const mentee = await h.readyMentee()
    await start(mentee)
    const again = await start(mentee)
    expect(again.status).toBe(400)
    expect(again.body.errorMessage).toBe('User not available for matching')
  })
})
