// Journeys of docs/product.md#role-status and docs/product.md#tandem: mentor flow, admin team
// editing, release, program-year deactivation and manual creation, through real HTTP on a real
// SQLite file.
import { checkInvariants, HOUR, type TeamDetail, type UserId } from '@tandem/core'
import { aMentorAnswers } from '@tandem/fixtures'
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
const statusOf = (p: Person, side: 'Mentee' | 'Mentor') => h.statusOf(p, side)
const world = async () => await h.server.ctx.store.load({ userIds: (await h.server.ctx.users.all()).map((u) => u.id) })
const detail = async (id: number) =>
  (await h.call<TeamDetail>(h.admin, 'POST', `/api/Admin/GetMatchingTandemById?matchingTandemId=${id}`)).body.value

/** One mentee with one proposed mentor; answers the tandem id. */
const proposedPair = async () => {
  const mentor = await h.publishedMentor('Anna')
  const mentee = await h.readyMentee()
  await start(mentee)
  const p = (await proposals(mentee)).menteeProposal[0]
  if (p === undefined) throw new Error('expected a proposal')
  return { mentor, mentee, tandemId: p.matchingTandemId, proposal: p }
}

describe('mentor flow', () => {
  it('save and publish puts the mentor in the pool; disabling matching pauses them and enabling needs a complete profile', async () => {
    const mentor = h.person('Tom')
    await h.signUp(mentor, 'Mentor')
    await h.saveProfile(mentor, null)
    const partial = aMentorAnswers().slice(0, 3)
    expect((await h.saveAnswers(mentor, 'Mentor', partial, false)).body.isSuccess).toBe(true)
    expect(await statusOf(mentor, 'Mentor')).toBe('NEW')
    const publishIncomplete = await h.saveAnswers(mentor, 'Mentor', partial, true, 'UpdateAnswer')
    expect(publishIncomplete.status).toBe(400)
    expect(await statusOf(mentor, 'Mentor')).toBe('NEW')
    expect((await h.saveAnswers(mentor, 'Mentor', aMentorAnswers(), true, 'UpdateAnswer')).body.isSuccess).toBe(true)
    expect(await statusOf(mentor, 'Mentor')).toBe('AVAILABLE')
    const off = await h.call(mentor, 'POST', '/api/Questionnaire/UpdateUserStatus', {
      email: mentor.email,
      roleName: 'Mentor',
      disableMatching: true,
    })
    expect(off.body.isSuccess).toBe(true)
    expect(await statusOf(mentor, 'Mentor')).toBe('PAUSED')
    // Paused, an incomplete profile may be saved; enabling then needs it complete again.
    expect((await h.saveAnswers(mentor, 'Mentor', partial, false, 'UpdateAnswer')).body.isSuccess).toBe(true)
    const on = await h.call(mentor, 'POST', '/api/Questionnaire/UpdateUserStatus', {
      email: mentor.email,
      roleName: 'Mentor',
      disableMatching: false,
    })
    expect(on.body.errorMessage).toBe('InCompleteProfile')
    await h.saveAnswers(mentor, 'Mentor', aMentorAnswers(), false, 'UpdateAnswer')
    expect(
      (
        await h.call(mentor, 'POST', '/api/Questionnaire/UpdateUserStatus', {
          email: mentor.email,
          roleName: 'Mentor',
          disableMatching: false,
        })
      ).body.isSuccess,
    ).toBe(true)
    expect(await statusOf(mentor, 'Mentor')).toBe('AVAILABLE')
  })

  it('the mentor sees a mentee only after the mentee accepted, and declining sends both back', async () => {
    const { mentor, mentee, tandemId, proposal } = await proposedPair()
    expect((await proposals(mentor)).mentorProposal).toEqual([])
    await h.call(mentee, 'POST', '/api/MatchingTandem/AcceptProposal', {
      email: mentee.email,
      role: 'Mentee',
      pairedUserEmail: mentor.email,
      proposalSaveModel: { proposalId: proposal.proposalId, proposalState: 'ACCEPTED' },
      matchingTandemSaveModel: { matchingTandemId: tandemId, tandemState: 'ACTIVE' },
    })
    const seen = (await proposals(mentor)).mentorProposal
    expect(seen.map((p) => [p.matchingTandemId, p.firstName, p.email])).toEqual([[tandemId, mentee.firstName, null]])
    const decline = await h.call(mentor, 'POST', '/api/MatchingTandem/DeclineProposal', {
      email: mentor.email,
      role: 'Mentor',
      pairedUserEmail: mentee.email,
      proposalSaveModel: { proposalId: proposal.pairedProposalId, proposalState: 'DECLINED', comment: 'no time', declineReasonId: 8 },
      matchingTandemSaveModel: { matchingTandemId: tandemId, tandemState: 'DECLINED' },
    })
    expect(decline.body.isSuccess).toBe(true)
    expect([await statusOf(mentee, 'Mentee'), await statusOf(mentor, 'Mentor')]).toEqual(['AVAILABLE', 'AVAILABLE'])
    expect((await h.server.ctx.outbox.all()).some((m) => m.type === 'DECLINE_TANDEM' && m.recipient.email === mentee.email)).toBe(true)
  })

  it('a mentor silent for 72 hours is paused by the sweep and the mentee may start again', async () => {
    const { mentor, mentee, tandemId, proposal } = await proposedPair()
    await h.call(mentee, 'POST', '/api/MatchingTandem/AcceptProposal', {
      email: mentee.email,
      role: 'Mentee',
      pairedUserEmail: mentor.email,
      proposalSaveModel: { proposalId: proposal.proposalId, proposalState: 'ACCEPTED' },
      matchingTandemSaveModel: { matchingTandemId: tandemId, tandemState: 'ACTIVE' },
    })
    h.clock.advance(72 * HOUR - 1)
    expect(await h.server.sweep()).toBe(0)
    h.clock.advance(1)
    expect(await h.server.sweep()).toBe(1)
    expect([await statusOf(mentee, 'Mentee'), await statusOf(mentor, 'Mentor')]).toEqual(['AVAILABLE', 'PAUSED'])
    expect((await detail(tandemId)).tandemStatus).toBe('NOREACTION')
    expect(checkInvariants(await world())).toEqual([])
  })
})

describe('admin team editing', () => {
  it('accepts on behalf of both sides with the loaded version and refuses a stale version with 409', async () => {
    const { mentor, mentee, tandemId, proposal } = await proposedPair()
    const loaded = await detail(tandemId)
    const accept = await h.call(h.admin, 'POST', '/api/Admin/AcceptProposal', [
      {
        email: mentee.email,
        role: 'Mentee',
        pairedUserEmail: mentor.email,
        proposalSaveModel: [{ proposalId: proposal.proposalId, proposalState: 'ACCEPTED' }],
        matchingTandemSaveModel: [{ matchingTandemId: tandemId, tandemState: 'ACTIVE', version: loaded.version }],
      },
      {
        email: mentor.email,
        role: 'Mentor',
        pairedUserEmail: mentee.email,
        proposalSaveModel: [{ proposalId: proposal.pairedProposalId, proposalState: 'ACCEPTED' }],
        matchingTandemSaveModel: [{ matchingTandemId: tandemId, tandemState: 'MATCHED', version: loaded.version }],
      },
    ])
    expect(accept.body.isSuccess).toBe(true)
    expect((await detail(tandemId)).tandemStatus).toBe('MATCHED')
    const stale = await h.call(h.admin, 'POST', '/api/Admin/DeclineProposal', {
      declineProposal: {
        proposalId: proposal.proposalId,
        proposalState: 'DECLINED',
        comment: null,
        declineMatchingTandem: { matchingTandemId: tandemId, tandemState: 'DECLINED', version: loaded.version },
      },
      menteeEmail: mentee.email,
      mentorEmail: mentor.email,
      role: 'Mentee',
    })
    expect(stale.status).toBe(409)
    expect(stale.body.errorMessage).toBe('TandemChanged')
    expect((await detail(tandemId)).tandemStatus).toBe('MATCHED')
  })

  it('declines the mentee proposal on behalf of the mentee', async () => {
    const { mentor, mentee, tandemId, proposal } = await proposedPair()
    const loaded = await detail(tandemId)
    const reply = await h.call(h.admin, 'POST', '/api/Admin/DeclineProposal', {
      declineProposal: {
        proposalId: proposal.proposalId,
        proposalState: 'DECLINED',
        comment: 'admin',
        declineMatchingTandem: { matchingTandemId: tandemId, tandemState: 'DECLINED', version: loaded.version },
      },
      menteeEmail: mentee.email,
      mentorEmail: mentor.email,
      role: 'Mentee',
    })
    expect(reply.body.isSuccess).toBe(true)
    const after = await detail(tandemId)
    expect([after.tandemStatus, after.matchingTandemMenteeProposal.status, after.matchingTandemMentorProposal.status]).toEqual([
      'DECLINED',
      'DECLINED',
      'CLOSED',
    ])
  })
})

describe('release', () => {
  it('release closes both proposals; the mentee may match again and the mentor returns to the pool', async () => {
    const { mentor, mentee, tandemId, proposal } = await proposedPair()
    const reply = await h.call(h.admin, 'POST', '/api/Admin/CloseMatchingTandem', [
      { proposalId: proposal.proposalId, proposalState: 'CLOSED', comment: null },
      { proposalId: proposal.pairedProposalId, proposalState: 'CLOSED', comment: null },
    ])
    expect(reply.body.isSuccess).toBe(true)
    const after = await detail(tandemId)
    expect([after.tandemStatus, after.matchingTandemMenteeProposal.status, after.matchingTandemMentorProposal.status]).toEqual([
      'CLOSED',
      'CLOSED',
      'CLOSED',
    ])
    expect([await statusOf(mentee, 'Mentee'), await statusOf(mentor, 'Mentor')]).toEqual(['AVAILABLE', 'AVAILABLE'])
    // Irreversible: a second release is a conflict.
    expect(
      (
        await h.call(h.admin, 'POST', '/api/Admin/CloseMatchingTandem', [
          { proposalId: proposal.proposalId, proposalState: 'CLOSED', comment: null },
        ])
      ).status,
    ).toBe(409)
  })
})

describe('program years', () => {
  it('deactivating a program year releases its tandems and makes its mentees INACTIVE', async () => {
    const created = await h.call<{ clusterId: number }>(h.admin, 'POST', '/api/Admin/CreateCluster?yearText=2027%20Spring')
    expect(created.body.isSuccess).toBe(true)
    const clusterId = created.body.value.clusterId
    const mentor = await h.publishedMentor('Anna')
    const mentee = h.person('Mia')
    await h.signUp(mentee, 'Mentee')
    await h.saveProfile(mentee, clusterId)
    const { aMenteeAnswers } = await import('@tandem/fixtures')
    await h.saveAnswers(mentee, 'Mentee', aMenteeAnswers(), true)
    await start(mentee)
    expect(await statusOf(mentor, 'Mentor')).toBe('PROPOSED')
    expect((await h.call(h.admin, 'GET', `/api/Admin/CloseCluster?clusterId=${clusterId}`)).body.isSuccess).toBe(true)
    expect([await statusOf(mentee, 'Mentee'), await statusOf(mentor, 'Mentor')]).toEqual(['INACTIVE', 'AVAILABLE'])
    const clusters = (await h.call<{ clusterId: number; isEnded: boolean }[]>(h.admin, 'GET', '/api/Admin/GetClusters')).body.value
    expect(clusters.find((c) => c.clusterId === clusterId)?.isEnded).toBe(true)
    expect(checkInvariants(await world())).toEqual([])
  })

  it('refuses an invalid or duplicate title with its message key', async () => {
    const bad = await h.call(h.admin, 'POST', '/api/Admin/CreateCluster?yearText=%3Cscript%3E')
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body.value)).toContain('create-program-year-error1')
    await h.call(h.admin, 'POST', '/api/Admin/CreateCluster?yearText=2030')
    expect((await h.call(h.admin, 'POST', '/api/Admin/CreateCluster?yearText=2030')).status).toBe(409)
  })
})

describe('manual creation', () => {
  it('pairs an available mentee with an available mentor as Manual Matching, and refuses the same user twice', async () => {
    const mentor = await h.publishedMentor('Anna')
    const mentee = await h.readyMentee()
    // The mentee must be AVAILABLE: a run without candidates leaves them so.
    await h.call(mentor, 'POST', '/api/Questionnaire/UpdateUserStatus', { email: mentor.email, roleName: 'Mentor', disableMatching: true })
    await start(mentee)
    await h.call(mentor, 'POST', '/api/Questionnaire/UpdateUserStatus', { email: mentor.email, roleName: 'Mentor', disableMatching: false })
    const ids = (e: string): Promise<UserId> => h.idOf(e)
    const same = await h.call(h.admin, 'POST', '/api/Admin/CreateMatchingTandemManual', {
      mentees: { userId: await ids(mentee.email), email: mentee.email },
      mentors: { userId: await ids(mentee.email), email: mentee.email },
    })
    expect(same.body.errorMessage).toBe('admin-mentor-only-differnt-user-error')
    const created = await h.call<number>(h.admin, 'POST', '/api/Admin/CreateMatchingTandemManual', {
      mentees: { userId: await ids(mentee.email), email: mentee.email },
      mentors: { userId: await ids(mentor.email), email: mentor.email },
    })
    expect(created.body.isSuccess).toBe(true)
    const list = await h.call<{ id: number; percentage: number; tandemStatus: string }[]>(
      h.admin,
      'POST',
      '/api/Admin/GetMatchingTandemList',
      { tandemStates: ['ACTIVE'], tandemId: 0, email: mentee.lastName, filterCluster: [] },
    )
    expect(list.body.value.map((r) => [r.id, r.tandemStatus, r.percentage])).toEqual([[created.body.value, 'ACTIVE', 0]])
    expect([await statusOf(mentee, 'Mentee'), await statusOf(mentor, 'Mentor')]).toEqual(['PROPOSED', 'PROPOSED'])
  })
})
