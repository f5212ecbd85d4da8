// GetProposedUserProfile with a named tandem (docs/api.md): a mentor with several places has several
// proposals, and each card asks for its own person's profile; without a name the best proposal's
// profile comes, as before; a tandem the caller is not shown is not found.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

/** A mentee who starts matching with the mentor as the only one in the pool and accepts him. */
const acceptedBy = async (mentor: Person, name: string): Promise<number> => {
  const mentee = await h.readyMentee(name)
  expectOk(await h.startMatching(mentee), `${name} starts matching`)
  const proposal = (await h.proposals(mentee)).menteeProposal[0]
  if (proposal === undefined) throw new Error(`${name} got no proposal`)
  expectOk(await h.acceptProposal(mentee, 'Mentee', mentor, proposal, 'ACTIVE'), `${name} accepts`)
  return proposal.matchingTandemId
}

const profileQuery = (p: Person, tandemId?: number) =>
  `/api/User/GetProposedUserProfile?email=${encodeURIComponent(p.email)}&role=Mentor&language=en` +
  (tandemId === undefined ? '' : `&matchingTandemId=${tandemId}`)

describe('proposed profile of a named tandem', () => {
  it("answers each of a mentor's proposals with its own person, and the best one when none is named", async () => {
    const ahmed = await h.publishedMentor('Ahmed')
    expectOk(await h.call(ahmed, 'POST', '/api/Questionnaire/UpdateMentorCapacity', { email: ahmed.email, capacity: 3 }), 'capacity')
    const jana = await acceptedBy(ahmed, 'Jana')
    const lena = await acceptedBy(ahmed, 'Lena')
    const nameOf = async (tandemId?: number) => {
      const reply = await h.call<{ firstName: string; matchingTandemId: number }>(ahmed, 'GET', profileQuery(ahmed, tandemId))
      return [reply.status, reply.body.value.firstName, reply.body.value.matchingTandemId]
    }
    expect(await nameOf(jana)).toEqual([200, 'Jana', jana])
    expect(await nameOf(lena)).toEqual([200, 'Lena', lena])
    const best = await nameOf()
    expect([best[0], [jana, lena].includes(best[2] as number)]).toEqual([200, true])
  })

  it('does not find a tandem the caller is not shown', async () => {
    const ahmed = await h.publishedMentor('Ahmed')
    const max = await h.publishedMentor('Max')
    expectOk(
      await h.call(max, 'POST', '/api/Questionnaire/UpdateUserStatus', { email: max.email, roleName: 'Mentor', disableMatching: true }),
      'pause',
    )
    const jana = await acceptedBy(ahmed, 'Jana')
    const other = await h.call(max, 'GET', profileQuery(max, jana))
    expect([other.status, other.body.isFailure]).toEqual([404, true])
  })
})
