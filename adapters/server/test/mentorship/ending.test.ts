// Ending a MATCHED team through the HTTP API (docs/mentorship.md#ending-a-team): by the mentee, the
// mentor or an administrator, with a reason; the other side mailed; "do not pair us again" keeps the
// pair apart; the mentor paused on request; bad input refused with its code and nothing changed.
// Releases by an administrator or a program year's end now mail the participants too.
import { checkInvariants, type TeamDetail } from '@tandem/core'
import { aMenteeAnswers } from '@tandem/fixtures'
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
const detail = async (id: number) =>
  (await h.call<TeamDetail>(h.admin, 'POST', `/api/Admin/GetMatchingTandemById?matchingTandemId=${id}`)).body.value
const mails = async () => (await h.server.ctx.outbox.all()).map((m) => ({ type: m.type, to: m.recipient.email }))
const world = async () => await h.server.ctx.store.load({ userIds: (await h.server.ctx.users.all()).map((u) => u.id) })

/** A mentee of the program year, ready to start matching. */
const menteeIn = async (clusterId: number): Promise<Person> => {
  const mentee = h.person('Mia')
  await h.signUp(mentee, 'Mentee')
  await h.saveProfile(mentee, clusterId)
  await h.saveAnswers(mentee, 'Mentee', aMenteeAnswers(), true)
  return mentee
}

/** A mentee who chose a mentor; `matched` has the mentor accept too. */
const pair = async (matched: boolean, clusterId?: number) => {
  const mentor = await h.publishedMentor('Anna')
  const mentee = clusterId === undefined ? await h.readyMentee() : await menteeIn(clusterId)
  await start(mentee)
  const p = (await proposals(mentee)).menteeProposal[0]
  if (p === undefined) throw new Error('expected a proposal')
  const tandemId = p.matchingTandemId
  const answer = (who: Person, role: 'Mentee' | 'Mentor', proposalId: number, tandemState: string) =>
    h.acceptProposal(who, role, role === 'Mentee' ? mentor : mentee, { proposalId, matchingTandemId: p.matchingTandemId }, tandemState)
  await answer(mentee, 'Mentee', p.proposalId, 'ACTIVE')
  if (matched) expect((await answer(mentor, 'Mentor', p.pairedProposalId, 'MATCHED')).body.isSuccess).toBe(true)
  return { mentor, mentee, tandemId, proposal: p }
}

const endBody = (who: Person, tandemId: number) => ({
  email: who.email,
  matchingTandemId: tandemId,
  reasonId: 'no-time',
  otherText: null,
  doNotPairAgain: false,
  pauseMatching: false,
})

const endBy = (who: Person, tandemId: number, body: Record<string, unknown> = {}) =>
  h.call(who, 'POST', '/api/MatchingTandem/EndMatchingTandem', { ...endBody(who, tandemId), ...body })

describe('a participant ends their team', () => {
  it('the mentee ends it: CLOSED with reason and ender, the mentor is told, both may match again, never paired again', async () => {
    const { mentor, mentee, tandemId } = await pair(true)
    const before = (await mails()).length
    const reply = await endBy(mentee, tandemId, { reasonId: 'other', otherText: '  We moved apart. ', doNotPairAgain: true })
    expect([reply.status, reply.body.isSuccess]).toEqual([200, true])
    const ended = await detail(tandemId)
    expect(ended.tandemStatus).toBe('CLOSED')
    expect(ended.ending).toMatchObject({
      endedBy: 'Mentee',
      reasonId: 'other',
      otherText: 'We moved apart.',
      doNotPairAgain: true,
      mentorPaused: false,
    })
    expect(ended.ending?.endedAt).toBe(new Date(h.clock()).toISOString())
    expect([await statusOf(mentee, 'Mentee'), await statusOf(mentor, 'Mentor')]).toEqual(['AVAILABLE', 'AVAILABLE'])
    // The other side is told; both are sent the closing survey in the same transaction.
    expect((await mails()).slice(before)).toEqual([
      { type: 'TANDEM_ENDED', to: mentor.email },
      { type: 'CHECK_IN_CLOSING', to: mentee.email },
      { type: 'CHECK_IN_CLOSING', to: mentor.email },
    ])
    // The notification history lists it for the mentor.
    const mentorId = await h.idOf(mentor)
    expect((await h.server.ctx.outbox.historyOf(mentorId)).map((m) => m.type)).toContain('TANDEM_ENDED')
    // The mentee starts again at once; the only mentor in the pool is the declined pair: no match.
    expect((await start(mentee)).body.isSuccess).toBe(true)
    expect((await proposals(mentee)).menteeProposal).toEqual([])
    expect(await statusOf(mentor, 'Mentor')).toBe('AVAILABLE')
    expect(checkInvariants(await world())).toEqual([])
  })

  it('the mentor ends it and asks to be paused: PAUSED, the mentee is told, the pair may meet again', async () => {
    const { mentor, mentee, tandemId } = await pair(true)
    const before = (await mails()).length
    expect((await endBy(mentor, tandemId, { reasonId: 'circumstances-changed', pauseMatching: true })).body.isSuccess).toBe(true)
    expect((await detail(tandemId)).ending).toMatchObject({ endedBy: 'Mentor', reasonId: 'circumstances-changed', mentorPaused: true })
    expect([await statusOf(mentee, 'Mentee'), await statusOf(mentor, 'Mentor')]).toEqual(['AVAILABLE', 'PAUSED'])
    expect((await mails()).slice(before)).toEqual([
      { type: 'TANDEM_ENDED', to: mentee.email },
      { type: 'CHECK_IN_CLOSING', to: mentee.email },
      { type: 'CHECK_IN_CLOSING', to: mentor.email },
    ])
    // Enabled again, the mentor may be proposed to the same mentee (no "do not pair us again").
    await h.call(mentor, 'POST', '/api/Questionnaire/UpdateUserStatus', { email: mentor.email, roleName: 'Mentor', disableMatching: false })
    await start(mentee)
    expect((await proposals(mentee)).menteeProposal.map((p) => p.firstName)).toEqual([mentor.firstName])
  })

  it("the person's data download says how their team ended; their own reason and text only to the one who ended it", async () => {
    const { mentor, mentee, tandemId } = await pair(true)
    await endBy(mentee, tandemId, { reasonId: 'other', otherText: 'Moving abroad.', doNotPairAgain: true })
    const endingIn = async (who: Person) => {
      const data = JSON.parse(await h.downloadedDataText(who)) as {
        tandems: { tandemId: number; ending: unknown }[]
      }
      return data.tandems.find((x) => x.tandemId === tandemId)?.ending
    }
    const at = new Date(h.clock()).toISOString()
    expect(await endingIn(mentee)).toEqual({
      endedAt: at,
      endedBy: 'you',
      reasonId: 'other',
      otherText: 'Moving abroad.',
      doNotPairAgain: true,
    })
    expect(await endingIn(mentor)).toEqual({ endedAt: at, endedBy: 'your partner' })
  })

  it("erasing the person who ended a team clears the text they wrote; the reason stays for the partner's history", async () => {
    const { mentee, tandemId } = await pair(true)
    await endBy(mentee, tandemId, { reasonId: 'other', otherText: 'Private circumstances.' })
    const deleted = await h.call(
      h.admin,
      'GET',
      `/api/Account/DeleteUserFromIdp?emailId=${encodeURIComponent(mentee.email)}&deletefromDB=true`,
    )
    expect(deleted.status).toBe(200)
    expect((await detail(tandemId)).ending).toMatchObject({ endedBy: 'Mentee', reasonId: 'other', otherText: null })
  })

  it('refuses bad input with its code and changes nothing', async () => {
    const { mentor, mentee, tandemId } = await pair(true)
    const stranger = await h.readyMentee('Sam')
    const loaded = await detail(tandemId)
    const outbox = (await mails()).length
    const refusals: [Person, Record<string, unknown>, number, string, string | null][] = [
      [mentee, { reasonId: 'bored' }, 400, 'ValidationFailed', 'reasonId'],
      [mentee, { reasonId: 'other', otherText: '   ' }, 400, 'ValidationFailed', 'otherText'],
      [mentee, { reasonId: 'other', otherText: 'x'.repeat(1001) }, 400, 'ValidationFailed', 'otherText'],
      [mentee, { pauseMatching: true }, 400, 'ValidationFailed', 'pauseMentor'],
      [stranger, {}, 403, 'NotTandemParticipant', null],
      [mentee, { matchingTandemId: 999 }, 404, 'NotFound', null],
    ]
    for (const [who, body, status, code, field] of refusals) {
      const reply = await endBy(who, tandemId, body)
      expect([reply.status, reply.body['errorCode']]).toEqual([status, code])
      if (field !== null) expect((reply.body.value as { field: string }[]).map((e) => e.field)).toEqual([field])
    }
    // Another person's e-mail in the body is the policy's 403, before anything is read.
    expect((await h.call(mentee, 'POST', '/api/MatchingTandem/EndMatchingTandem', endBody(mentor, tandemId))).status).toBe(403)
    expect(await detail(tandemId)).toEqual(loaded)
    expect((await mails()).length).toBe(outbox)
    expect([await statusOf(mentee, 'Mentee'), await statusOf(mentor, 'Mentor')]).toEqual(['MATCHED', 'MATCHED'])
  })

  it('refuses a team that is not MATCHED (409): still waiting for the mentor, or ended already', async () => {
    const { mentee, tandemId } = await pair(false)
    const waiting = await endBy(mentee, tandemId)
    expect([waiting.status, waiting.body['errorCode']]).toEqual([409, 'InvalidTransition'])
    expect((await detail(tandemId)).tandemStatus).toBe('ACTIVE')
    const other = await pair(true)
    expect((await endBy(other.mentee, other.tandemId)).body.isSuccess).toBe(true)
    const again = await endBy(other.mentor, other.tandemId)
    expect([again.status, again.body['errorCode']]).toEqual([409, 'TandemAlreadyClosed'])
  })
})

describe('an administrator ends a team', () => {
  it('with the loaded version: both sides are told, the mentor paused on request; a stale version is 409', async () => {
    const { mentor, mentee, tandemId } = await pair(true)
    const loaded = await detail(tandemId)
    const body = { matchingTandemId: tandemId, reasonId: 'not-a-good-fit', otherText: null, doNotPairAgain: true, pauseMentor: true }
    const stale = await h.call(h.admin, 'POST', '/api/Admin/EndMatchingTandem', { ...body, version: loaded.version - 1 })
    expect([stale.status, stale.body['errorCode']]).toEqual([409, 'TandemChanged'])
    const before = (await mails()).length
    expect((await h.call(h.admin, 'POST', '/api/Admin/EndMatchingTandem', { ...body, version: loaded.version })).body.isSuccess).toBe(true)
    expect((await detail(tandemId)).ending).toMatchObject({
      endedBy: 'Admin',
      reasonId: 'not-a-good-fit',
      doNotPairAgain: true,
      mentorPaused: true,
    })
    expect([await statusOf(mentee, 'Mentee'), await statusOf(mentor, 'Mentor')]).toEqual(['AVAILABLE', 'PAUSED'])
    expect((await mails()).slice(before)).toEqual([
      { type: 'TANDEM_ENDED', to: mentee.email },
      { type: 'TANDEM_ENDED', to: mentor.email },
      { type: 'CHECK_IN_CLOSING', to: mentee.email },
      { type: 'CHECK_IN_CLOSING', to: mentor.email },
    ])
    const audit = await h.call<{ records: { action: string; objectId: number | null }[] }>(h.admin, 'POST', '/api/Admin/GetAuditRecords', {
      admin: null,
      person: null,
      action: 'team.end',
      from: null,
      to: null,
      page: 1,
      pageSize: 10,
    })
    expect(audit.body.value.records.map((r) => [r.action, r.objectId])).toEqual([['team.end', tandemId]])
  })
})

describe('releases tell the participants', () => {
  it('an administrator releasing a matched team mails both; releasing a proposal mails only the mentee', async () => {
    const matched = await pair(true)
    const before = (await mails()).length
    const release = (p: { proposalId: number; pairedProposalId: number }) =>
      h.call(h.admin, 'POST', '/api/Admin/CloseMatchingTandem', [
        { proposalId: p.proposalId, proposalState: 'CLOSED', comment: null },
        { proposalId: p.pairedProposalId, proposalState: 'CLOSED', comment: null },
      ])
    expect((await release(matched.proposal)).body.isSuccess).toBe(true)
    expect((await mails()).slice(before)).toEqual([
      { type: 'TANDEM_RELEASED', to: matched.mentee.email },
      { type: 'TANDEM_RELEASED', to: matched.mentor.email },
      { type: 'CHECK_IN_CLOSING', to: matched.mentee.email },
      { type: 'CHECK_IN_CLOSING', to: matched.mentor.email },
    ])
    // A fresh proposal the mentee has not answered: the mentor was only reserved and never knew.
    const mentee = await h.readyMentee('Lea')
    await start(mentee)
    const proposal = (await proposals(mentee)).menteeProposal[0]
    if (proposal === undefined) throw new Error('expected a proposal')
    const next = (await mails()).length
    expect((await release(proposal)).body.isSuccess).toBe(true)
    expect((await mails()).slice(next)).toEqual([{ type: 'TANDEM_RELEASED', to: mentee.email }])
  })

  it('deactivating a program year mails both participants of each of its matched teams', async () => {
    const created = await h.call<{ clusterId: number }>(h.admin, 'POST', '/api/Admin/CreateCluster?yearText=2027%20Autumn')
    const { mentor, mentee } = await pair(true, created.body.value.clusterId)
    const before = (await mails()).length
    expect((await h.call(h.admin, 'GET', `/api/Admin/CloseCluster?clusterId=${created.body.value.clusterId}`)).body.isSuccess).toBe(true)
    expect((await mails()).slice(before)).toEqual([
      { type: 'TANDEM_RELEASED', to: mentee.email },
      { type: 'TANDEM_RELEASED', to: mentor.email },
      { type: 'CHECK_IN_CLOSING', to: mentee.email },
      { type: 'CHECK_IN_CLOSING', to: mentor.email },
    ])
    expect([await statusOf(mentee, 'Mentee'), await statusOf(mentor, 'Mentor')]).toEqual(['INACTIVE', 'AVAILABLE'])
  })
})
