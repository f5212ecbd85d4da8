// The cohort run takes each mentor's free places (docs/matching.md#places): a mentor with three
// places, one taken, is drafted twice; one with two places, one taken, once; publishing makes every
// drafted tandem and fills the mentors' places without taking one they do not have. The first-come
// yardstick beside the draft counts the same places.
import { LIVE_TANDEM_STATES, setMentorCapacity, type CohortPublishResult, type UserId } from '@tandem/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { draftOf, settled, startRun } from '../support/cohort.support.js'
import { startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
const idOf = (p: Person): Promise<UserId> => h.idOf(p)
const capacity = async (p: Person, value: number) => {
  const id = await idOf(p)
  const set = await h.server.ctx.store.run({ userIds: [id] }, setMentorCapacity(h.clock(), { mentorId: id, capacity: value }), h.clock())
  expect(set._tag).toBe('Right')
}

beforeAll(async () => {
  h = await startHarness()
})
afterAll(async () => {
  await h.close()
})

describe('a cohort run with mentors of several places', () => {
  it('drafts each mentor as often as they have free places and publishes every drafted pair', async () => {
    const clusterId = (await h.server.ctx.clusters.defaultCluster())?.clusterId ?? 0
    const roomy = await h.publishedMentor('Max')
    const half = await h.publishedMentor('Moe')
    await capacity(roomy, 3)
    await capacity(half, 2)
    // A place of each is taken by a mentee's own run before the cohort run.
    const early = await h.readyMentee('Early')
    expect((await h.call(early, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: early.email })).body.isSuccess).toBe(
      true,
    )
    const mentees: Person[] = []
    for (let i = 0; i < 6; i++) mentees.push(await h.readyMentee(`Cohort${i}`))
    const earlyTandems = (await h.server.ctx.store.load({ userIds: [await idOf(early)] })).tandems
    const earlyMentors = [...earlyTandems.values()].map((t) => t.mentorId)
    expect(earlyMentors.sort()).toEqual([await idOf(roomy), await idOf(half)].sort())

    const run = await startRun(h, { clusterId, threshold: 0 })
    expect((await settled(h, run.runId)).state).toBe('Draft')
    const draft = await draftOf(h, run.runId)
    const drafted = (p: Person) => draft.pairs.filter((pair) => pair.mentor.email === p.email).length
    // Max: 3 places, 1 taken by Early's proposal → 2 free; Moe: 2 places, 1 taken → 1 free.
    expect([drafted(roomy), drafted(half)]).toEqual([2, 1])
    // The first-come yardstick takes the same free places: Cohort0's run (three proposals) takes a
    // place of each, Cohort1's the last of Max's; the others find no place. One place per mentor
    // would have left only Cohort0 a proposal.
    expect(h.server.ctx.matching.limit).toBe(3)
    expect(draft.firstCome).toMatchObject({ mentees: 6, matched: 2 })

    const published = await h.call<CohortPublishResult>(h.admin, 'POST', `/api/Admin/PublishCohortDraft?runId=${run.runId}`)
    expect(published.body.value?.published).toBe(3)
    const world = await h.server.ctx.store.load({ userIds: [await idOf(roomy), await idOf(half)] })
    const live = (p: number) => [...world.tandems.values()].filter((t) => t.mentorId === p && LIVE_TANDEM_STATES.includes(t.state)).length
    expect([live(await idOf(roomy)), live(await idOf(half))]).toEqual([3, 2])
    expect([world.users.get(await idOf(roomy))?.mentor?.status, world.users.get(await idOf(half))?.mentor?.status]).toEqual([
      'PROPOSED',
      'PROPOSED',
    ])
  })
})
