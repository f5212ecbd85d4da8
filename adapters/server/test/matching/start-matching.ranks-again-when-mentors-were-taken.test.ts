// A matching run scores outside its transactions, so another run may take every mentor it ranked
// before it writes its proposals (another request, another instance: on PostgreSQL they run side by
// side). Then it ranks again against the pool as it is now instead of telling the mentee "no match"
// while a mentor is still free.
import { LIVE_TANDEM_STATES, type ProposalsResponse } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MentorPoolCache } from '@tandem/application'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const start = (p: Person) => h.call(p, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: p.email })
const proposedMentors = async (p: Person): Promise<string[]> =>
  (await h.call<ProposalsResponse>(p, 'POST', '/api/MatchingTandem/GetProposals', { email: p.email })).body.value.menteeProposal.map(
    (x) => x.firstName,
  )

describe('a run whose ranked mentors were all taken meanwhile', () => {
  it('ranks again and proposes the mentor still free', async () => {
    for (const name of ['Anna', 'Bert', 'Carl', 'Dora']) await h.publishedMentor(name)
    const late = await h.readyMentee('Lea')
    const fast = await h.readyMentee('Fay')
    // Lea's run scores first; before it writes, Fay's whole run takes the three mentors Lea ranked.
    const pool: { -readonly [K in keyof MentorPoolCache]: MentorPoolCache[K] } = h.server.ctx.mentorPool
    const rank = pool.rank
    let interleaved = false
    pool.rank = async (mentee, declined) => {
      const ranked = await rank(mentee, declined)
      if (!interleaved) {
        interleaved = true
        expect(ranked).toHaveLength(3)
        expectOk(await start(fast), 'the other start')
      }
      return ranked
    }
    expectOk(await start(late), 'start')
    expect(interleaved).toBe(true)

    const fayMentors = await proposedMentors(fast)
    expect(fayMentors).toHaveLength(3)
    const leaMentors = await proposedMentors(late)
    expect(leaMentors).toHaveLength(1)
    expect([...fayMentors, ...leaMentors].sort()).toEqual(['Anna', 'Bert', 'Carl', 'Dora'])
    const mentee = (await h.server.ctx.users.byEmail(late.email))?.participant.mentee
    expect(mentee?.status).toBe('PROPOSED')
    const world = await h.server.ctx.store.load({ userIds: (await h.server.ctx.users.all()).map((u) => u.id) })
    expect([...world.tandems.values()].filter((t) => LIVE_TANDEM_STATES.includes(t.state))).toHaveLength(4)
  })
})
