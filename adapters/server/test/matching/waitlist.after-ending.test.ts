// The waitlist after a team's end, through the HTTP API on SQLite and on PostgreSQL
// (docs/matching.md#waitlist, docs/mentorship.md#ending-a-team): the mentee of an ended team waits
// since the end; the waitlist's round proposes them a mentor whose place opens, with one
// WAITLIST_PROPOSALS mail, never the mentor of the team that ended; an end with "goals reached"
// puts nobody on the waitlist; a mentee who turned the waitlist off is not served. The store's
// narrowing read holds every waiting mentee throughout.
import { HOUR, waitlistOf as coreWaitlistOf } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness, type Person } from '../support/harness.js'
import { waitlistTick } from '../support/waitlist.support.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const waitlistMails = async () =>
  (await h.server.ctx.outbox.all()).filter((m) => m.type === 'WAITLIST_PROPOSALS').map((m) => m.recipient.email)
const mentorsProposedTo = async (p: Person) => (await h.proposals(p)).menteeProposal.map((x) => x.email ?? x.firstName)
const waitlistOf = async (p: Person) =>
  (await h.call<{ enabled: boolean; waitingSince: string | null }>(p, 'POST', '/api/MatchingTandem/GetWaitlist', { email: p.email })).body
    .value

/** Every mentee the core counts as waiting is among those the store's narrowing read returns. */
const expectStoreReadHoldsTheWaiting = async () => {
  const ids = (await h.server.ctx.users.all()).map((u) => u.id)
  const world = await h.server.ctx.store.load({ userIds: ids })
  const off = new Set<number>()
  for (const id of ids) if (await h.server.ctx.waitlist.isOff(id)) off.add(id)
  const waiting = coreWaitlistOf(world, ids, (id) => !off.has(id)).map((e) => e.menteeId)
  const read = await h.server.ctx.waitlist.maybeWaitingIds()
  for (const id of waiting) expect(read).toContain(id)
  return waiting
}

/** Anna and Mia's MATCHED team. */
const matchedTeam = async () => {
  const { mentor: anna, mentee: mia, tandemId } = await h.matchedTeam('Anna', 'Mia')
  return { anna, mia, tandemId }
}

const endBy = async (who: Person, tandemId: number, reasonId: string, doNotPairAgain = false) => {
  const reply = await h.call(who, 'POST', '/api/MatchingTandem/EndMatchingTandem', {
    email: who.email,
    matchingTandemId: tandemId,
    reasonId,
    otherText: null,
    doNotPairAgain,
    pauseMatching: false,
  })
  expect([reply.status, reply.body.isSuccess]).toEqual([200, true])
}

describe('the waitlist after a team ended', () => {
  it('the mentor ends the team: the mentee waits since the end and is proposed the next mentor with a place, never the ex-mentor', async () => {
    const { anna, mia, tandemId } = await matchedTeam()
    h.clock.advance(30 * 24 * HOUR)
    const endedAt = h.clock()
    await endBy(anna, tandemId, 'no-time')
    const waiting = await waitlistOf(mia)
    expect(waiting.enabled).toBe(true)
    expect(waiting.waitingSince === null ? NaN : Date.parse(waiting.waitingSince)).toBe(endedAt)
    const miaId = (await h.server.ctx.users.byEmail(mia.email))?.id
    expect(await expectStoreReadHoldsTheWaiting()).toEqual([miaId])
    // Anna's place opened with the end, and she fits Mia's answers: the waitlist still never proposes her.
    // This first round after the end ranks Mia against the whole pool.
    h.clock.advance(HOUR)
    expect(await h.server.serveWaitlist()).toMatchObject({ triggered: true, proposed: [], lookedAtWholePool: 1 })
    expect(await mentorsProposedTo(mia)).toEqual([])
    expect(await waitlistMails()).toEqual([])
    expect(Date.parse((await waitlistOf(mia)).waitingSince ?? '')).toBe(endedAt)
    // A new mentor publishes: Mia is proposed Max alone, with the waitlist's mail. This round had
    // already looked at the whole pool for her, so it ranks her against Max's opened place alone.
    await h.publishedMentor('Max')
    expect(await h.server.serveWaitlist()).toMatchObject({ triggered: true, lookedAtWholePool: 0 })
    expect(await mentorsProposedTo(mia)).toEqual(['Max'])
    expect(await h.statusOf(mia, 'Mentee')).toBe('PROPOSED')
    expect(await waitlistMails()).toEqual([mia.email])
    expect((await waitlistOf(mia)).waitingSince).toBeNull()
    expect(await expectStoreReadHoldsTheWaiting()).toEqual([])
  })

  it("a mentor with a place since before the end is proposed at the first round: the end opens only the ex-mentor's place", async () => {
    const { anna, mia, tandemId } = await matchedTeam()
    // Max publishes while Mia is matched: his trigger is served (nobody waits) and gone.
    await h.publishedMentor('Max')
    await waitlistTick(h)
    expect(await h.server.ctx.waitlist.pendingTrigger()).toBeNull()
    h.clock.advance(HOUR)
    await endBy(anna, tandemId, 'no-contact', true)
    const annaId = (await h.server.ctx.users.byEmail(anna.email))?.id
    expect((await h.server.ctx.waitlist.pendingTrigger())?.mentorIds).toEqual([annaId])
    await waitlistTick(h)
    expect(await mentorsProposedTo(mia)).toEqual(['Max'])
    expect(await waitlistMails()).toEqual([mia.email])
  })

  it('the mentee\'s own run may still propose the ex-mentor (no "do not pair us again"): it ends the wait', async () => {
    const { anna, mia, tandemId } = await matchedTeam()
    h.clock.advance(HOUR)
    await endBy(mia, tandemId, 'not-a-good-fit')
    expect((await waitlistOf(mia)).waitingSince).not.toBeNull()
    h.clock.advance(HOUR)
    await h.startMatching(mia)
    expect(await mentorsProposedTo(mia)).toEqual([anna.firstName])
    expect((await waitlistOf(mia)).waitingSince).toBeNull()
  })

  it('an end with "goals reached" puts nobody on the waitlist', async () => {
    const { anna, mia, tandemId } = await matchedTeam()
    h.clock.advance(HOUR)
    await endBy(anna, tandemId, 'goals-reached')
    expect(await waitlistOf(mia)).toEqual({ enabled: true, waitingSince: null })
    await h.publishedMentor('Max')
    await waitlistTick(h)
    expect(await mentorsProposedTo(mia)).toEqual([])
    expect(await h.statusOf(mia, 'Mentee')).toBe('AVAILABLE')
    expect(await waitlistMails()).toEqual([])
    expect(await expectStoreReadHoldsTheWaiting()).toEqual([])
  })

  it('a mentee who turned the waitlist off is not served', async () => {
    const { anna, mia, tandemId } = await matchedTeam()
    h.clock.advance(HOUR)
    await endBy(anna, tandemId, 'circumstances-changed')
    const off = await h.call(mia, 'POST', '/api/MatchingTandem/SetWaitlist', { email: mia.email, enabled: false })
    expect([off.status, off.body.isSuccess]).toEqual([200, true])
    expect(await waitlistOf(mia)).toEqual({ enabled: false, waitingSince: null })
    await h.publishedMentor('Max')
    await waitlistTick(h)
    expect(await mentorsProposedTo(mia)).toEqual([])
    expect(await waitlistMails()).toEqual([])
    expect(await expectStoreReadHoldsTheWaiting()).toEqual([])
  })
})
