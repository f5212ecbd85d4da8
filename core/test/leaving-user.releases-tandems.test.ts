// A participant who deletes their account: their live tandems end as a release does, and only
// partners who were shown the tandem are told (PartnerLeft).
import { describe, expect, it } from 'vitest'
import { tandemIdOf, acceptByMentee, checkInvariants, HOUR, releaseTandemsOfLeavingUser, type World } from '../src/index.js'
import {
  ANNA,
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

/** Anna holds three proposals (tandems 1, 2, 3 with Max, Mia, Moe) made at T0. */
const proposed = (): World => proposeTo(population(), T0, ANNA, [MAX, MIA, MOE]).world
const chosen = (): World => right(acceptByMentee(T0 + HOUR, { tandemId: tandemIdOf(1), menteeId: ANNA })(proposed())).world
const matched = (): World => matchTandem(proposed(), T0, 1, ANNA, MAX)

describe('releaseTandemsOfLeavingUser', () => {
  it('closes every live tandem of a leaving mentee and tells no mentor who never saw the request', () => {
    const step = right(releaseTandemsOfLeavingUser(T0 + HOUR, { userId: ANNA })(proposed()))
    expect([1, 2, 3].map((id) => tandemOf(step.world, id).state)).toEqual(['CLOSED', 'CLOSED', 'CLOSED'])
    expect([MAX, MIA, MOE].map((id) => mentorStatus(step.world, id))).toEqual(['AVAILABLE', 'AVAILABLE', 'AVAILABLE'])
    expect(step.events.filter((e) => e._tag === 'PartnerLeft')).toEqual([])
    expect(checkInvariants(step.world)).toEqual([])
  })

  it('tells the mentor of a matched tandem when the mentee leaves, and frees them', () => {
    const step = right(releaseTandemsOfLeavingUser(T0 + 3 * HOUR, { userId: ANNA })(matched()))
    expect(tandemOf(step.world, 1)).toMatchObject({
      state: 'CLOSED',
      menteeProposal: { state: 'CLOSED' },
      mentorProposal: { state: 'CLOSED' },
    })
    expect(mentorStatus(step.world, MAX)).toBe('AVAILABLE')
    expect(step.events).toContainEqual({ _tag: 'PartnerLeft', tandemId: 1, partnerId: MAX, partnerSide: 'Mentor' })
    expect(step.events).toContainEqual({ _tag: 'TandemClosed', tandemId: 1, menteeId: ANNA, mentorId: MAX, reason: 'Released' })
  })

  it('tells the waiting mentee when their chosen mentor leaves; the mentee may start again', () => {
    const step = right(releaseTandemsOfLeavingUser(T0 + 2 * HOUR, { userId: MAX })(chosen()))
    expect(step.events.filter((e) => e._tag === 'PartnerLeft')).toEqual([
      { _tag: 'PartnerLeft', tandemId: 1, partnerId: ANNA, partnerSide: 'Mentee' },
    ])
    expect(menteeStatus(step.world, ANNA)).toBe('AVAILABLE')
    expect(checkInvariants(step.world)).toEqual([])
  })

  it('changes nothing for a user with no live tandem', () => {
    const world = matched()
    const step = right(releaseTandemsOfLeavingUser(T0 + 3 * HOUR, { userId: MIA })(world))
    expect(step.world).toBe(world)
    expect(step.events).toEqual([])
  })
})
