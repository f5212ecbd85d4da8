// A mentee whose run proposed several mentors chooses one; when that team ends, the mentee waits
// since the end whichever of the run's proposals it was (docs/matching.md#waitlist), and the ending
// is itself a reason for a waitlist round: the next round serves them from the mentors who had room
// all along, even when the ending opened no place (the ex-mentor paused with it).
import { HOUR } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const waitlistOf = async (p: Person) =>
  (await h.call<{ enabled: boolean; waitingSince: string | null }>(p, 'POST', '/api/MatchingTandem/GetWaitlist', { email: p.email })).body
    .value
/** The mentee's status entry as the dashboard reads it (with `teamEnded`, the ended panel). */
const menteeStatus = async (p: Person) =>
  (
    await h.call<{ userStatuses: { role: string; teamEnded?: boolean }[] }>(
      p,
      'GET',
      `/api/Account/GetUserDetails?emailId=${encodeURIComponent(p.email)}`,
    )
  ).body.value.userStatuses.find((s) => s.role === 'Mentee')

describe('the waitlist after an ending among several proposals', () => {
  it("serves the mentee at the next round, whichever of the run's proposals the ended team was, with the ex-mentor paused", async () => {
    const mentors = [await h.publishedMentor('Anna'), await h.publishedMentor('Bert'), await h.publishedMentor('Carl')]
    const mia = await h.readyMentee('Mia')
    expectOk(await h.startMatching(mia), 'start matching')
    const offered = (await h.proposals(mia)).menteeProposal
    expect(offered).toHaveLength(3)
    // Mia chooses the run's oldest proposal, not its newest.
    const chosen = [...offered].sort((a, b) => a.matchingTandemId - b.matchingTandemId)[0]!
    const mentor = mentors.find((m) => m.firstName === chosen.firstName)!
    const ids = { matchingTandemId: chosen.matchingTandemId }
    expectOk(await h.acceptProposal(mia, 'Mentee', mentor, { ...ids, proposalId: chosen.proposalId }, 'ACTIVE'), 'the mentee accepts')
    expectOk(
      await h.acceptProposal(mentor, 'Mentor', mia, { ...ids, proposalId: chosen.pairedProposalId }, 'MATCHED'),
      'the mentor accepts',
    )
    // The places the other proposals held opened when Mia chose: a round has served those already.
    await h.server.serveWaitlist()
    expect(await h.server.serveWaitlist()).toMatchObject({ triggered: false })

    h.clock.advance(40 * 24 * HOUR)
    const endedAt = h.clock()
    const ended = await h.call(mentor, 'POST', '/api/MatchingTandem/EndMatchingTandem', {
      email: mentor.email,
      matchingTandemId: chosen.matchingTandemId,
      reasonId: 'no-time',
      otherText: null,
      doNotPairAgain: false,
      pauseMatching: true,
    })
    expect([ended.status, ended.body.isSuccess]).toEqual([200, true])
    const waiting = await waitlistOf(mia)
    expect(waiting.waitingSince === null ? null : Date.parse(waiting.waitingSince)).toBe(endedAt)
    expect(await menteeStatus(mia)).toMatchObject({ teamEnded: true })

    h.clock.advance(HOUR)
    const round = await h.server.serveWaitlist()
    expect(round).toMatchObject({ triggered: true, proposed: [await h.idOf(mia)] })
    const again = (await h.proposals(mia)).menteeProposal.map((p) => p.firstName).sort()
    expect(again).toEqual(['Anna', 'Bert', 'Carl'].filter((n) => n !== mentor.firstName))
  })
})
