// Publishing a reviewed cohort draft (core decides, the store writes): each pair through the
// cohort's pairing, on the world the previous pairs left; changed or unavailable pairs are skipped.
import { describe, expect, it } from 'vitest'
import { checkInvariants, clusterIdOf, publishCohortPairs, userIdOf, type CohortPublishPair, type World } from '../src/index.js'
import { ANNA, BEN, CARL, MAX, MIA, MOE, population, T0 } from './arbitraries/world.helpers.js'

const score = { base: 6, max: 8, percentage: 75, breakdown: [{ questionPairId: 1, points: 6, max: 8, common: [101] }] }
const pair = (world: World, menteeId: number, mentorId: number): CohortPublishPair => ({
  menteeId: userIdOf(menteeId),
  menteeVersion: world.users.get(userIdOf(menteeId))!.version,
  mentor: { id: userIdOf(mentorId), version: world.users.get(userIdOf(mentorId))!.version, score },
})

describe('publishing a cohort draft', () => {
  it('makes a proposed tandem of every pair, in order, on the world the previous ones left', () => {
    const world = population()
    const { transition, outcomes } = publishCohortPairs(T0, clusterIdOf(2), [pair(world, ANNA, MAX), pair(world, BEN, MIA)])(world)
    expect(outcomes).toEqual([{ tandemId: 1 }, { tandemId: 2 }])
    expect(transition.events.map((e) => e._tag)).toEqual(['TandemProposed', 'TandemProposed'])
    expect([...transition.world.tandems.values()].map((t) => [t.menteeId, t.mentorId, t.score])).toEqual([
      [ANNA, MAX, score],
      [BEN, MIA, score],
    ])
    expect(checkInvariants(transition.world)).toEqual([])
  })

  it('skips a pair whose people changed since the draft, or whose mentee moved to another year, and publishes the rest', () => {
    const world = population()
    const stale = { ...pair(world, ANNA, MAX), menteeVersion: world.users.get(ANNA)!.version - 1 }
    const staleMentor = { ...pair(world, BEN, MIA), mentor: { ...pair(world, BEN, MIA).mentor, version: 99 } }
    const otherYear = pair(world, CARL, MOE) // Carl is in year 3, the draft is of year 2
    const { transition, outcomes } = publishCohortPairs(T0, clusterIdOf(2), [stale, staleMentor, otherYear, pair(world, ANNA, MOE)])(world)
    expect(outcomes).toEqual([{ skipped: 'Changed' }, { skipped: 'Changed' }, { skipped: 'Changed' }, { tandemId: 1 }])
    expect(transition.world.tandems.size).toBe(1)
  })

  it('skips a pair the pairing refuses (the mentor already taken by an earlier pair) without undoing the others', () => {
    const world = population()
    const { transition, outcomes } = publishCohortPairs(T0, clusterIdOf(2), [pair(world, ANNA, MAX), pair(world, BEN, MAX)])(world)
    expect(outcomes).toEqual([{ tandemId: 1 }, { skipped: 'NotAvailable' }])
    expect(transition.events).toHaveLength(1)
    expect(checkInvariants(transition.world)).toEqual([])
  })
})
