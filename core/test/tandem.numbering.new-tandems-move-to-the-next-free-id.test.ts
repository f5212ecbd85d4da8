// A command's new tandems move to the next free id the store found when it wrote (decision 0022):
// ids, proposal ids, events and the next id move together; tandems that existed keep theirs.
import { describe, expect, it } from 'vitest'
import { tandemIdOf, checkInvariants, createdTandemCount, numberNewTandems, type World } from '../src/index.js'
import { ANNA, BEN, MAX, MIA, MOE, population, proposeTo, T0 } from './arbitraries/world.helpers.js'

/** Anna holds tandem 1 (Max); Ben's run is about to propose from tandem 2 on. */
const withAnna = (): World => proposeTo(population(), T0, ANNA, [MAX]).world

describe('numbering new tandems from the id the store found', () => {
  it('moves the new tandems, their events and the next id; keeps existing tandems', () => {
    const before = withAnna()
    const step = proposeTo(before, T0 + 1, BEN, [MIA, MOE])
    expect([...step.world.tandems.keys()].sort()).toEqual([1, 2, 3])
    const moved = numberNewTandems(before, step, [11, 12].map(tandemIdOf))
    expect([...moved.world.tandems.keys()].sort((a, b) => a - b)).toEqual([1, 11, 12])
    expect(moved.world.tandems.get(tandemIdOf(1))).toBe(step.world.tandems.get(tandemIdOf(1)))
    expect(moved.world.tandems.get(tandemIdOf(11))).toMatchObject({ id: 11, menteeId: BEN, mentorId: MIA })
    expect(moved.world.tandems.get(tandemIdOf(12))).toMatchObject({ id: 12, menteeId: BEN, mentorId: MOE })
    expect(moved.world.nextTandemId).toBe(13)
    const proposed = moved.events.filter((e) => e._tag === 'TandemProposed')
    expect(proposed.map((e) => ('tandemId' in e ? e.tandemId : null))).toEqual([11, 12])
    expect(moved.events.filter((e) => !('tandemId' in e))).toEqual(step.events.filter((e) => !('tandemId' in e)))
    expect(moved.world.tandems.get(tandemIdOf(11))?.menteeProposal.id).toBe(21)
    expect(moved.world.tandems.get(tandemIdOf(12))?.mentorProposal.id).toBe(24)
    expect(checkInvariants(moved.world)).toEqual([])
  })

  it('changes nothing when the store found the id the command read, or when nothing was created', () => {
    const before = withAnna()
    const step = proposeTo(before, T0 + 1, BEN, [MIA])
    expect(createdTandemCount(before, step.world)).toBe(1)
    expect(numberNewTandems(before, step, [before.nextTandemId])).toBe(step)
    const none = { world: before, events: [] }
    expect(createdTandemCount(before, before)).toBe(0)
    expect(numberNewTandems(before, none, [])).toBe(none)
  })
})

describe('numbering new tandems with the ids a sequence handed out', () => {
  it('gives each new tandem its id in order, apart from one another, with proposal ids and events', () => {
    const before = withAnna()
    const step = proposeTo(before, T0 + 1, BEN, [MIA, MOE])
    const given = numberNewTandems(before, step, [17, 40].map(tandemIdOf))
    expect([...given.world.tandems.keys()].sort((a, b) => a - b)).toEqual([1, 17, 40])
    expect(given.world.tandems.get(tandemIdOf(17))).toMatchObject({ id: 17, menteeId: BEN, mentorId: MIA })
    expect(given.world.tandems.get(tandemIdOf(40))?.mentorProposal.id).toBe(80)
    expect(given.events.flatMap((e) => (e._tag === 'TandemProposed' ? [e.tandemId] : []))).toEqual([17, 40])
    expect(given.world.nextTandemId).toBe(41)
    expect(checkInvariants(given.world)).toEqual([])
  })

  it('refuses ids that do not fit: too few, or one an existing tandem holds', () => {
    const before = withAnna()
    const step = proposeTo(before, T0 + 1, BEN, [MIA, MOE])
    expect(() => numberNewTandems(before, step, [17].map(tandemIdOf))).toThrow('2 new tandems, 1 ids')
    expect(() => numberNewTandems(before, step, [1, 17].map(tandemIdOf))).toThrow('taken')
  })
})
