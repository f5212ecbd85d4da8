// The mentor's own status moves (docs/product.md#mentor-status): publishing into the pool and the matching
// toggle, used by the mentor and by an admin.
import { describe, expect, it } from 'vitest'
import { acceptByMentee, expireDeadlines, HOUR, publishMentor, setMentorMatching, tandemIdOf, userIdOf, type World } from '../src/index.js'
import {
  ANNA,
  BEN,
  left,
  MAX,
  mentorStatus,
  NEWTON,
  PAULA,
  population,
  proposeTo,
  right,
  T0,
  tandemOf,
} from './arbitraries/world.helpers.js'

const toggle = (world: World, mentorId: number, enabled: boolean, profileComplete = true, by: 'Mentor' | 'Admin' = 'Mentor') =>
  setMentorMatching(T0 + HOUR, { mentorId: userIdOf(mentorId), enabled, by, profileComplete })(world)

describe('publishing a mentor profile', () => {
  it('puts a NEW mentor into the pool: AVAILABLE, published, waiting from now', () => {
    const step = right(publishMentor(T0, { mentorId: NEWTON, profileComplete: true })(population()))
    expect(step.world.users.get(NEWTON)?.mentor).toEqual({
      status: 'AVAILABLE',
      published: true,
      lastPublishedAt: T0,
      lastSavedAt: T0,
      poolSince: T0,
      capacity: 1,
    })
    expect(step.events).toEqual([{ _tag: 'MentorPublished', mentorId: NEWTON }])
  })

  it('refuses to publish an incomplete profile', () => {
    expect(left(publishMentor(T0, { mentorId: NEWTON, profileComplete: false })(population()))).toEqual({ _tag: 'ProfileIncomplete' })
  })

  it('refuses to publish while matching is disabled', () => {
    expect(left(publishMentor(T0, { mentorId: PAULA, profileComplete: true })(population()))).toEqual({ _tag: 'MatchingDisabled' })
  })

  it('publishing again only refreshes the publication date, keeping status and pool position', () => {
    const step = right(publishMentor(T0 + HOUR, { mentorId: MAX, profileComplete: true })(population()))
    expect(step.world.users.get(MAX)?.mentor).toMatchObject({ status: 'AVAILABLE', lastPublishedAt: T0 + HOUR, poolSince: T0 - 3000 })
    expect(step.events).toEqual([])
  })

  it('refuses users without a mentor side', () => {
    expect(left(publishMentor(T0, { mentorId: BEN, profileComplete: true })(population()))).toEqual({ _tag: 'NotFound', entity: 'User' })
  })
})

describe('enabling and disabling matching', () => {
  it('disabling takes an AVAILABLE mentor out of the pool (PAUSED)', () => {
    const step = right(toggle(population(), MAX, false, false, 'Admin'))
    expect(mentorStatus(step.world, MAX)).toBe('PAUSED')
    expect(step.events).toEqual([{ _tag: 'MentorMatchingChanged', mentorId: MAX, enabled: false, by: 'Admin' }])
  })

  it('enabling needs a complete profile', () => {
    expect(left(toggle(population(), PAULA, true, false))).toEqual({ _tag: 'ProfileIncomplete' })
  })

  it('enabling puts a PAUSED mentor back into the pool, waiting from now', () => {
    const step = right(toggle(population(), PAULA, true))
    expect(step.world.users.get(PAULA)?.mentor).toMatchObject({ status: 'AVAILABLE', poolSince: T0 + HOUR })
    expect(step.events).toEqual([{ _tag: 'MentorMatchingChanged', mentorId: PAULA, enabled: true, by: 'Mentor' }])
  })

  it('refuses a stale toggle: enabling an enabled mentor, disabling a paused one, toggling an unpublished one', () => {
    expect(left(toggle(population(), MAX, true))).toEqual({ _tag: 'InvalidTransition', from: 'AVAILABLE', event: 'EnableMatching' })
    expect(left(toggle(population(), PAULA, false))).toEqual({ _tag: 'InvalidTransition', from: 'PAUSED', event: 'DisableMatching' })
    expect(left(toggle(population(), NEWTON, false))).toEqual({ _tag: 'InvalidTransition', from: 'NEW', event: 'DisableMatching' })
  })

  it('refuses to disable matching while the mentor holds a tandem, and keeps the tandem', () => {
    const proposed = proposeTo(population(), T0, ANNA, [MAX]).world
    expect(left(toggle(proposed, MAX, false))).toEqual({ _tag: 'AllPlacesTaken' })
    expect(tandemOf(proposed, 1).state).toBe('ACTIVE')
  })

  it('lets a mentor paused for silence enable matching again at any time', () => {
    const chosen = right(
      acceptByMentee(T0, { tandemId: tandemIdOf(1), menteeId: ANNA })(proposeTo(population(), T0, ANNA, [MAX]).world),
    ).world
    const paused = right(expireDeadlines(T0 + 72 * HOUR)(chosen)).world
    expect(mentorStatus(paused, MAX)).toBe('PAUSED')
    expect(
      mentorStatus(
        right(setMentorMatching(T0 + 72 * HOUR + 1, { mentorId: MAX, enabled: true, by: 'Mentor', profileComplete: true })(paused)).world,
        MAX,
      ),
    ).toBe('AVAILABLE')
  })
})
