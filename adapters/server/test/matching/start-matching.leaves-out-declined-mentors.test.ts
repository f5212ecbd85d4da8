// A run ranks without the mentors of the mentee's declined pairs, so they never take a proposal's
// place: a declined mentor who would rank first leaves the mentee three others, not two.
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

describe('start matching after a decline', () => {
  it('proposes three other mentors when the declined one would rank first', async () => {
    const declined = await h.publishedMentor('Anna')
    const mentee = await h.readyMentee()
    expect((await start(mentee)).status).toBe(200)
    const [first] = (await proposals(mentee)).menteeProposal
    if (first === undefined) throw new Error('expected a proposal')
    const decline = await h.call(mentee, 'POST', '/api/MatchingTandem/DeclineProposal', {
      email: mentee.email,
      role: 'Mentee',
      pairedUserEmail: declined.email,
      proposalSaveModel: { proposalId: first.proposalId, proposalState: 'DECLINED', comment: 'not my field', declineReasonId: 1 },
      matchingTandemSaveModel: { matchingTandemId: first.matchingTandemId, tandemState: 'DECLINED' },
    })
    expect(decline.status).toBe(200)
    // The same answers as Anna's, in the pool after her: she would rank before each of them.
    const others = [await h.publishedMentor('Bert'), await h.publishedMentor('Carl'), await h.publishedMentor('Dora')]

    const again = await start(mentee)
    expect(again.status).toBe(200)
    expect((await proposals(mentee)).menteeProposal.map((p) => p.firstName).sort()).toEqual(others.map((o) => o.firstName).sort())
  })
})
