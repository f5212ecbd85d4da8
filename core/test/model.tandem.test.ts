// Model-based test of the whole matching core: random command sequences under a controlled clock,
// with every invariant of docs/product.md#invariants checked after each step (see world.commands.ts).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  clusterIdOf,
  availableMentorSide,
  checkInvariants,
  makeBoth,
  makeCluster,
  makeMentee,
  makeMentor,
  worldOf,
  type World,
} from '../src/index.js'
import { worldCommands, type Model, type Outcomes, type Real } from './arbitraries/world.commands.js'
import { T0 } from './arbitraries/world.helpers.js'

/** Mentees 1–4, user 5 holds both roles, mentors 6–9 (8 unpublished, 9 paused); year 1 is the default. */
const initialWorld = (): World =>
  worldOf({
    clusters: [makeCluster(1, { isDefault: true }), makeCluster(2), makeCluster(3)],
    users: [
      makeMentee(1, { clusterId: clusterIdOf(2) }),
      makeMentee(2, { status: 'AVAILABLE', clusterId: clusterIdOf(2) }),
      makeMentee(3, { clusterId: clusterIdOf(3) }),
      makeMentee(4, { clusterId: clusterIdOf(1) }),
      { ...makeBoth(5, { clusterId: clusterIdOf(3) }), mentor: availableMentorSide(T0 - 50) },
      { ...makeMentor(6), mentor: availableMentorSide(T0 - 40) },
      { ...makeMentor(7), mentor: availableMentorSide(T0 - 30) },
      makeMentor(8),
      { ...makeMentor(9), mentor: { ...availableMentorSide(T0 - 10), status: 'PAUSED' } },
    ],
  })

describe('the matching core under random command sequences', () => {
  it('starts from a world that satisfies every invariant', () => {
    expect(checkInvariants(initialWorld())).toEqual([])
  })

  it('keeps every invariant, never changes a terminal tandem and versions every change, whatever the order and timing', () => {
    let matchedRuns = 0
    const outcomes: Outcomes = new Map()
    fc.assert(
      fc.property(fc.commands(worldCommands, { maxCommands: 100, size: 'max' }), (cmds) => {
        const world = initialWorld()
        const model: Model = { world, declined: new Set(), everProposed: new Set(), endedClusters: 0, matched: 0, outcomes }
        const real: Real = { world, now: T0 }
        fc.modelRun(() => ({ model, real }), cmds)
        if (model.matched > 0) matchedRuns += 1
      }),
      { numRuns: 300 },
    )
    // The sequences must reach the interesting states, or the invariants were checked on trivia.
    console.info(`model runs that reached a match: ${matchedRuns} of 300`)
    expect(matchedRuns).toBeGreaterThan(30)
    // Every command was predicted both accepted and refused many times (the sweep is never refused):
    // a command the real core always refused, or always accepted, would fail a prediction above.
    const kinds = ['begin', 'complete', 'abort', 'mentee-accept', 'mentee-decline', 'mentor-accept', 'mentor-decline', 'release', 'end']
    const adminKinds = ['manual', 'deactivate', 'matching', 'publish', 'admin-mentee']
    const seen = [...kinds, ...adminKinds].map((kind) => {
      const { accepted, refused } = outcomes.get(kind) ?? { accepted: 0, refused: 0 }
      return [kind, accepted >= 10 && refused >= 10]
    })
    expect(Object.fromEntries(seen)).toEqual(Object.fromEntries([...kinds, ...adminKinds].map((kind) => [kind, true])))
    expect(outcomes.get('sweep')?.accepted ?? 0).toBeGreaterThan(100)
  })
})
