// Queries shared by adapters and the web app: the countdown, a user's live tandems, declined pairs.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { acceptByMentee, declineByMentee, HOUR, isDeclinedPair, liveTandemsOf, MINUTE, remainingTime } from '../src/index.js'
import { ANNA, BOTH, MAX, MIA, MOE, population, proposeTo, right, T0 } from './arbitraries/world.helpers.js'

describe('remainingTime', () => {
  it('never goes negative and never rounds up (the countdown never promises time that is not there)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: -(2 ** 30), max: 2 ** 30 }), (now, offset) => {
      const { remainingHours, remainingMinutes } = remainingTime(now, now + offset)
      expect(remainingHours).toBeGreaterThanOrEqual(0)
      expect(remainingMinutes).toBeGreaterThanOrEqual(0)
      expect(remainingMinutes).toBeLessThan(60)
      const shown = remainingHours * HOUR + remainingMinutes * MINUTE
      expect(shown).toBeLessThanOrEqual(Math.max(0, offset))
      expect(Math.max(0, offset) - shown).toBeLessThan(MINUTE)
    }))
  })
})

describe('liveTandemsOf and isDeclinedPair', () => {
  it("lists a user's ACTIVE and MATCHED tandems per side, and forgets closed ones", () => {
    const proposed = proposeTo(population(), T0, BOTH, [MAX, MIA]).world
    const withAnna = proposeTo(proposed, T0, ANNA, [MOE, BOTH]).world
    expect(liveTandemsOf(withAnna, BOTH).map((t) => t.id)).toEqual([1, 2, 4])
    expect(liveTandemsOf(withAnna, BOTH, 'Mentee').map((t) => t.id)).toEqual([1, 2])
    expect(liveTandemsOf(withAnna, BOTH, 'Mentor').map((t) => t.id)).toEqual([4])
    const chosen = right(acceptByMentee(T0 + HOUR, { tandemId: 1, menteeId: BOTH })(withAnna)).world
    expect(liveTandemsOf(chosen, BOTH, 'Mentee').map((t) => t.id)).toEqual([1])
  })

  it('knows a declined pair by direction: the mentee declined this mentor', () => {
    const declined = right(declineByMentee(T0, { tandemId: 1, menteeId: ANNA, declineReasonId: 1, comment: null })(proposeTo(population(), T0, ANNA, [BOTH]).world)).world
    expect(isDeclinedPair(declined, ANNA, BOTH)).toBe(true)
    expect(isDeclinedPair(declined, BOTH, ANNA)).toBe(false)
    expect(isDeclinedPair(declined, ANNA, MAX)).toBe(false)
  })
})
