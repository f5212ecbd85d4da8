// Pausing a mentor's matching while every place is taken (docs/matching.md#places): refused with
// `AllPlacesTaken` (409), which says why, rather than the `InvalidTransition` of a stale page that
// refreshing does not cure; nothing changes. With a place free the pause goes through.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const pause = (mentor: Person) =>
  h.call(mentor, 'POST', '/api/Questionnaire/UpdateUserStatus', { email: mentor.email, roleName: 'Mentor', disableMatching: true })

/** A mentee who starts matching with the mentor as the only one in the pool. */
const proposedTo = async (name: string) => {
  const mentee = await h.readyMentee(name)
  expectOk(await h.startMatching(mentee), `${name} starts matching`)
  return mentee
}

describe('pausing when every place is taken', () => {
  it('is refused with AllPlacesTaken and changes nothing', async () => {
    const max = await h.publishedMentor('Max')
    await proposedTo('Mia')
    expect(await h.statusOf(max, 'Mentor')).toBe('PROPOSED')
    const reply = await pause(max)
    expect([reply.status, reply.body.errorCode]).toEqual([409, 'AllPlacesTaken'])
    expect(await h.statusOf(max, 'Mentor')).toBe('PROPOSED')
  })

  it('goes through while a place is free, keeping the live tandem', async () => {
    const max = await h.publishedMentor('Max')
    expectOk(await h.call(max, 'POST', '/api/Questionnaire/UpdateMentorCapacity', { email: max.email, capacity: 2 }), 'capacity')
    const mia = await proposedTo('Mia')
    expectOk(await pause(max), 'pause')
    expect(await h.statusOf(max, 'Mentor')).toBe('PAUSED')
    expect((await h.proposals(mia)).menteeProposal.map((p) => p.proposalState)).toEqual(['PROPOSED'])
  })
})
