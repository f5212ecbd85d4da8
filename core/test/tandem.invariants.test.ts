// checkInvariants and checkTerminalTandemsKept must see each broken invariant of docs/product.md#invariants;
// the model test relies on them, and so does the persistence engineer's concurrency test.
import { describe, expect, it } from 'vitest'
import {
  tandemIdOf,
  proposalIdOf,
  acceptByMentee,
  acceptByMentor,
  checkInvariants,
  checkTerminalTandemsKept,
  declineByMentee,
  releaseTandem,
  type Tandem,
  type World,
} from '../src/index.js'
import { ANNA, BEN, BOTH, MAX, MIA, population, proposeTo, right, T0, tandemOf } from './arbitraries/world.helpers.js'

const proposed = (): World => proposeTo(population(), T0, ANNA, [MAX, MIA]).world
const withTandem = (world: World, tandem: Tandem): World => ({
  ...world,
  tandems: new Map(world.tandems).set(tandem.id, tandem),
  nextTandemId: tandemIdOf(Math.max(world.nextTandemId, tandem.id + 1)),
})
const copyOf = (world: World, from: number, id: number, patch: Partial<Tandem>): Tandem => {
  const t = tandemOf(world, from)
  return {
    ...t,
    id: tandemIdOf(id),
    menteeProposal: { ...t.menteeProposal, id: proposalIdOf(tandemIdOf(id), 'Mentee') },
    mentorProposal: { ...t.mentorProposal, id: proposalIdOf(tandemIdOf(id), 'Mentor') },
    ...patch,
  }
}

describe('checkInvariants', () => {
  it('holds on consistent worlds', () => {
    expect(checkInvariants(population())).toEqual([])
    expect(checkInvariants(proposed())).toEqual([])
  })

  it('sees a mentor in two live tandems', () => {
    const world = withTandem(proposed(), copyOf(proposed(), 1, 3, { menteeId: BEN }))
    expect(checkInvariants(world).some((v) => v.startsWith(`mentor ${MAX}: in 2 live tandems`))).toBe(true)
  })

  it('sees a mentee with two accepted live tandems', () => {
    const chosen = right(acceptByMentee(T0, { tandemId: tandemIdOf(1), menteeId: ANNA })(proposed())).world
    const world = withTandem(chosen, {
      ...tandemOf(proposed(), 2),
      menteeProposal: { ...tandemOf(proposed(), 2).menteeProposal, state: 'ACCEPTED' },
    })
    expect(checkInvariants(world).some((v) => v.includes('2 live tandems with an accepted mentee proposal'))).toBe(true)
  })

  it('sees a user paired with themselves', () => {
    const world = withTandem(proposed(), copyOf(proposed(), 1, 3, { menteeId: BOTH, mentorId: BOTH }))
    expect(checkInvariants(world).some((v) => v.includes('paired with themselves'))).toBe(true)
  })

  it('sees a declined pair proposed again', () => {
    const declined = right(
      declineByMentee(T0, { tandemId: tandemIdOf(1), menteeId: ANNA, declineReasonId: 1, comment: null })(proposed()),
    ).world
    const released = right(releaseTandem(T0, { tandemId: tandemIdOf(2) })(declined)).world
    const world = withTandem(released, copyOf(proposed(), 1, 3, {}))
    expect(checkInvariants(world).some((v) => v.includes('proposed again after decline'))).toBe(true)
  })

  it('sees statuses that disagree with the tandems', () => {
    const world = proposed()
    const anna = world.users.get(ANNA)
    if (anna?.mentee == null) throw new Error('Anna is a mentee')
    const lying: World = { ...world, users: new Map(world.users).set(ANNA, { ...anna, mentee: { ...anna.mentee, status: 'AVAILABLE' } }) }
    expect(checkInvariants(lying)).toContain(`mentee ${ANNA}: status AVAILABLE but live tandems say PROPOSED`)
    const matched = right(
      acceptByMentor(T0, { tandemId: tandemIdOf(1), mentorId: MAX })(
        right(acceptByMentee(T0, { tandemId: tandemIdOf(1), menteeId: ANNA })(world)).world,
      ),
    ).world
    const max = matched.users.get(MAX)
    if (max?.mentor == null) throw new Error('Max is a mentor')
    const stale: World = { ...matched, users: new Map(matched.users).set(MAX, { ...max, mentor: { ...max.mentor, status: 'PROPOSED' } }) }
    expect(checkInvariants(stale)).toContain(`mentor ${MAX}: status PROPOSED but live tandems say MATCHED`)
  })

  it('sees a tandem whose state and proposals fit no phase', () => {
    const t = tandemOf(proposed(), 1)
    const world = withTandem(proposed(), { ...t, state: 'MATCHED' })
    expect(checkInvariants(world)).toContain('tandem 1: MATCHED/PROPOSED/PROPOSED fits no phase')
  })
})

describe('checkTerminalTandemsKept', () => {
  it('passes when terminal tandems are untouched and reports any change to one', () => {
    const before = right(
      declineByMentee(T0, { tandemId: tandemIdOf(1), menteeId: ANNA, declineReasonId: 1, comment: null })(proposed()),
    ).world
    const after = right(releaseTandem(T0, { tandemId: tandemIdOf(2) })(before)).world
    expect(checkTerminalTandemsKept(before, after)).toEqual([])
    const tampered = withTandem(after, { ...tandemOf(after, 1), state: 'ACTIVE' })
    expect(checkTerminalTandemsKept(after, tampered)).toEqual(['terminal tandem 1 (DECLINED) changed'])
  })
})
