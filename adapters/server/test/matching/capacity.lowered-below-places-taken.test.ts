// A mentor lowers their capacity below the places taken (docs/matching.md#places): no tandem ends,
// and when one of those tandems ends, by either side, the status follows the places from core's
// rule (still every place taken: MATCHED, never AVAILABLE with "2 of 1"). Start matching never
// answers 409 for that mentor: it proposes the mentors who do have room.
import { mentorStatusFromPlaces, type QuestionAnswerResponse } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const setCapacity = (p: Person, capacity: number) =>
  h.call<boolean>(p, 'POST', '/api/Questionnaire/UpdateMentorCapacity', { email: p.email, capacity })
const placesOf = async (p: Person) =>
  (
    await h.call<QuestionAnswerResponse>(
      p,
      'GET',
      `/api/Questionnaire/GetQuestionAnswerPairs?language=en&role=Mentor&emailId=${encodeURIComponent(p.email)}`,
    )
  ).body.value.mentorPlaces

/** The mentee accepts the proposal of `mentor`, and the mentor accepts: a MATCHED team. */
const matchWith = async (mentee: Person, mentor: Person): Promise<number> => {
  const p = (await h.proposals(mentee)).menteeProposal.find((x) => x.firstName === mentor.firstName)
  if (p === undefined) throw new Error(`expected a proposal with ${mentor.firstName}`)
  const ids = { matchingTandemId: p.matchingTandemId }
  expectOk(await h.acceptProposal(mentee, 'Mentee', mentor, { ...ids, proposalId: p.proposalId }, 'ACTIVE'), 'the mentee accepts')
  expectOk(await h.acceptProposal(mentor, 'Mentor', mentee, { ...ids, proposalId: p.pairedProposalId }, 'MATCHED'), 'the mentor accepts')
  return p.matchingTandemId
}

const end = (who: Person, tandemId: number) =>
  h.call(who, 'POST', '/api/MatchingTandem/EndMatchingTandem', {
    email: who.email,
    matchingTandemId: tandemId,
    reasonId: 'no-time',
    otherText: null,
    doNotPairAgain: false,
    pauseMatching: false,
  })

describe('a capacity lowered below the places taken', () => {
  for (const endedBy of ['Mentee', 'Mentor'] as const)
    it(`keeps the status from the places after the ${endedBy.toLowerCase()} ends one team, and start matching proposes the mentors with room`, async () => {
      const anna = await h.publishedMentor('Anna')
      expectOk(await setCapacity(anna, 3), 'capacity 3')
      const mentees = [await h.readyMentee('Mia'), await h.readyMentee('Ole'), await h.readyMentee('Pia')]
      const teams: number[] = []
      for (const mentee of mentees) {
        expectOk(await h.startMatching(mentee), 'start matching')
        teams.push(await matchWith(mentee, anna))
      }
      expect(await h.statusOf(anna, 'Mentor')).toBe('MATCHED')
      // Lowered to 1 with three teams: none ends.
      expectOk(await setCapacity(anna, 1), 'capacity 1')
      expect(await placesOf(anna)).toEqual({ taken: 3, capacity: 1 })

      const ended = await end(endedBy === 'Mentee' ? mentees[0]! : anna, teams[0]!)
      expect([ended.status, ended.body.isSuccess]).toEqual([200, true])
      expect(await placesOf(anna)).toEqual({ taken: 2, capacity: 1 })
      expect(await h.statusOf(anna, 'Mentor')).toBe(mentorStatusFromPlaces('AVAILABLE', 1, { taken: 2, matched: 2 }))

      // A mentor with room publishes; a new mentee starts matching: no 409, proposed the mentor with room.
      await h.publishedMentor('Bert')
      const lena = await h.readyMentee('Lena')
      const started = await h.startMatching(lena)
      expect([started.status, started.body.isSuccess]).toEqual([200, true])
      expect((await h.proposals(lena)).menteeProposal.map((p) => p.firstName)).toEqual(['Bert'])
    })
})
