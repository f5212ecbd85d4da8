// A run ends somewhere (docs/matching.md#waitlist): a waiting mentee whose run is interrupted (the
// process stopped while it was PENDING, cleared as at a restart) or refused after it began is back
// exactly where they stood, waiting since the moment they first waited, and the next round serves
// them. Before, starting the run cleared "no match" for good and the mentee waited for nothing.
import { beginMatchingRun, HOUR } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clearInterruptedRuns } from '../../src/index.js'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const waitingSince = async (p: Person): Promise<number | null> => {
  const since = (await h.call<{ waitingSince: string | null }>(p, 'POST', '/api/MatchingTandem/GetWaitlist', { email: p.email })).body.value
    .waitingSince
  return since === null ? null : Date.parse(since)
}

/** A run of the mentee begins (PENDING) and the process stops before it completes. */
const beginAndStop = async (p: Person) => {
  const id = await h.idOf(p)
  const now = h.clock()
  const begun = await h.server.ctx.store.run({ userIds: [id] }, beginMatchingRun(now, { menteeId: id, profileComplete: true }), now)
  expect(begun._tag).toBe('Right')
  expect(await h.statusOf(p, 'Mentee')).toBe('PENDING')
}

describe('an interrupted run keeps the mentee on the waitlist', () => {
  it('a mentee whose run found nobody waits on since that run after a later run was interrupted, and is served', async () => {
    const mia = await h.readyMentee('Mia')
    const firstWaited = h.clock()
    expectOk(await h.startMatching(mia), 'start matching')
    expect(await waitingSince(mia)).toBe(firstWaited)

    h.clock.advance(3 * HOUR)
    await beginAndStop(mia)
    expect(await clearInterruptedRuns(h.server.ctx)).toBe(1)
    expect(await h.statusOf(mia, 'Mentee')).toBe('AVAILABLE')
    expect(await waitingSince(mia)).toBe(firstWaited)

    await h.publishedMentor('Anna')
    expect(await h.server.serveWaitlist()).toMatchObject({ triggered: true, proposed: [await h.idOf(mia)] })
    expect((await h.proposals(mia)).menteeProposal.map((p) => p.firstName)).toEqual(['Anna'])
  })

  it('a mentee whose team ended waits on since the end after an interrupted run of their own', async () => {
    const { mentor, mentee, tandemId } = await h.matchedTeam('Anna', 'Mia')
    h.clock.advance(20 * 24 * HOUR)
    const endedAt = h.clock()
    const ended = await h.call(mentee, 'POST', '/api/MatchingTandem/EndMatchingTandem', {
      email: mentee.email,
      matchingTandemId: tandemId,
      reasonId: 'not-a-good-fit',
      otherText: null,
      doNotPairAgain: false,
      pauseMatching: false,
    })
    expect(ended.status).toBe(200)
    expect(await waitingSince(mentee)).toBe(endedAt)

    h.clock.advance(HOUR)
    await beginAndStop(mentee)
    expect(await clearInterruptedRuns(h.server.ctx)).toBe(1)
    expect(await waitingSince(mentee)).toBe(endedAt)
    // The waitlist still never proposes the mentor just left: a new mentor serves her.
    await h.publishedMentor('Bert')
    await h.server.serveWaitlist()
    expect((await h.proposals(mentee)).menteeProposal.map((p) => p.firstName)).toEqual(['Bert'])
    expect(mentor.firstName).toBe('Anna')
  })
})
