// Deactivating a program year (docs/product.md#program-years): irreversible, releases the year's teams.
import { describe, expect, it } from 'vitest'
import {
  tandemIdOf,
  clusterIdOf,
  beginMatchingRun,
  checkInvariants,
  createManualTandem,
  deactivateCluster,
  HOUR,
  type World,
} from '../src/index.js'
import {
  ANNA,
  BEN,
  CARL,
  left,
  matchTandem,
  MAX,
  menteeStatus,
  mentorStatus,
  MIA,
  MOE,
  population,
  proposeTo,
  right,
  T0,
  tandemOf,
} from './arbitraries/world.helpers.js'

/** Anna (year 2) matched with Max; Carl (year 3) holds a proposal of Moe; Ben (year 2) declined nothing yet. */
const busyWorld = (): World => {
  const annaMatched = matchTandem(proposeTo(population(), T0, ANNA, [MAX]).world, T0, 1, ANNA, MAX)
  return proposeTo(annaMatched, T0, CARL, [MOE]).world
}

describe('deactivating a program year', () => {
  it("releases every live tandem of the year and makes the year's mentees INACTIVE", () => {
    const step = right(deactivateCluster(T0 + 3 * HOUR, { clusterId: clusterIdOf(2) })(busyWorld()))
    expect(step.world.clusters.get(clusterIdOf(2))?.isEnded).toBe(true)
    expect(tandemOf(step.world, 1)).toMatchObject({
      state: 'CLOSED',
      menteeProposal: { state: 'CLOSED' },
      mentorProposal: { state: 'CLOSED' },
    })
    expect([menteeStatus(step.world, ANNA), menteeStatus(step.world, BEN), mentorStatus(step.world, MAX)]).toEqual([
      'INACTIVE',
      'INACTIVE',
      'AVAILABLE',
    ])
    expect(step.events).toEqual([
      { _tag: 'TandemReleased', tandemId: 1, menteeId: ANNA, mentorId: MAX, by: 'ProgramYear', told: ['Mentee', 'Mentor'] },
      { _tag: 'TandemClosed', tandemId: 1, menteeId: ANNA, mentorId: MAX, reason: 'ClusterEnded' },
      { _tag: 'ClusterDeactivated', clusterId: 2 },
    ])
    expect(checkInvariants(step.world)).toEqual([])
  })

  it('leaves the other years alone', () => {
    const before = busyWorld()
    const { world } = right(deactivateCluster(T0 + 3 * HOUR, { clusterId: clusterIdOf(2) })(before))
    expect(world.tandems.get(tandemIdOf(2))).toBe(before.tandems.get(tandemIdOf(2)))
    expect(world.users.get(CARL)).toBe(before.users.get(CARL))
    expect(world.users.get(MOE)).toBe(before.users.get(MOE))
  })

  it('releases a tandem created in the year even when its mentee belongs to another year', () => {
    const manual = right(createManualTandem(T0, { menteeId: BEN, mentorId: MIA, clusterId: clusterIdOf(3) })(population())).world
    const step = right(deactivateCluster(T0 + HOUR, { clusterId: clusterIdOf(3) })(manual))
    expect(tandemOf(step.world, 1).state).toBe('CLOSED')
    expect([menteeStatus(step.world, BEN), mentorStatus(step.world, MIA)]).toEqual(['AVAILABLE', 'AVAILABLE'])
    expect(checkInvariants(step.world)).toEqual([])
  })

  it('refuses to deactivate the default year, an ended year or an unknown one', () => {
    const ended = right(deactivateCluster(T0, { clusterId: clusterIdOf(3) })(population())).world
    expect(left(deactivateCluster(T0, { clusterId: clusterIdOf(1) })(population()))).toEqual({ _tag: 'ClusterIsDefault' })
    expect(left(deactivateCluster(T0, { clusterId: clusterIdOf(3) })(ended))).toEqual({ _tag: 'ClusterEnded' })
    expect(left(deactivateCluster(T0, { clusterId: clusterIdOf(42) })(population()))).toEqual({ _tag: 'NotFound', entity: 'Cluster' })
  })

  it('stops INACTIVE mentees from starting a matching run', () => {
    const ended = right(deactivateCluster(T0, { clusterId: clusterIdOf(3) })(population())).world
    expect(left(beginMatchingRun(T0, { menteeId: CARL, profileComplete: true })(ended))).toEqual({
      _tag: 'NotAvailableForMatching',
      status: 'INACTIVE',
    })
  })
})
