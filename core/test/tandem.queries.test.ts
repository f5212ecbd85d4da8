// Queries shared by adapters and the web app: the countdown, a user's live tandems, declined pairs,
// what a participant is shown, proposal ids and passed deadlines.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  tandemIdOf,
  acceptByMentee,
  declineByMentee,
  declinedMentorsOf,
  declinedPairsOf,
  expiredTandems,
  expireDeadlines,
  HOUR,
  isDeclinedPair,
  isDeclinedTandem,
  isShownPartner,
  isShownTo,
  liveTandemsOf,
  MINUTE,
  proposalIdOf,
  remainingTime,
  shownTandemsOf,
  tandemIdOfProposal,
} from '../src/index.js'
import { ANNA, BEN, BOTH, MAX, MIA, MOE, population, proposeTo, right, T0, tandemOf } from './arbitraries/world.helpers.js'

describe('remainingTime', () => {
  it('never goes negative and never rounds up (the countdown never promises time that is not there)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: -(2 ** 30), max: 2 ** 30 }), (now, offset) => {
        const { remainingHours, remainingMinutes } = remainingTime(now, now + offset)
        expect(remainingHours).toBeGreaterThanOrEqual(0)
        expect(remainingMinutes).toBeGreaterThanOrEqual(0)
        expect(remainingMinutes).toBeLessThan(60)
        const shown = remainingHours * HOUR + remainingMinutes * MINUTE
        expect(shown).toBeLessThanOrEqual(Math.max(0, offset))
        expect(Math.max(0, offset) - shown).toBeLessThan(MINUTE)
      }),
    )
  })
})

describe('liveTandemsOf and isDeclinedPair', () => {
  it("lists a user's ACTIVE and MATCHED tandems per side, and forgets closed ones", () => {
    const proposed = proposeTo(population(), T0, BOTH, [MAX, MIA]).world
    const withAnna = proposeTo(proposed, T0, ANNA, [MOE, BOTH]).world
    expect(liveTandemsOf(withAnna, BOTH).map((t) => t.id)).toEqual([1, 2, 4])
    expect(liveTandemsOf(withAnna, BOTH, 'Mentee').map((t) => t.id)).toEqual([1, 2])
    expect(liveTandemsOf(withAnna, BOTH, 'Mentor').map((t) => t.id)).toEqual([4])
    const chosen = right(acceptByMentee(T0 + HOUR, { tandemId: tandemIdOf(1), menteeId: BOTH })(withAnna)).world
    expect(liveTandemsOf(chosen, BOTH, 'Mentee').map((t) => t.id)).toEqual([1])
  })

  it('knows a declined pair by direction: the mentee declined this mentor', () => {
    const declined = right(
      declineByMentee(T0, { tandemId: tandemIdOf(1), menteeId: ANNA, declineReasonId: 1, comment: null })(
        proposeTo(population(), T0, ANNA, [BOTH]).world,
      ),
    ).world
    expect(isDeclinedPair(declined, ANNA, BOTH)).toBe(true)
    expect(isDeclinedPair(declined, BOTH, ANNA)).toBe(false)
    expect(isDeclinedPair(declined, ANNA, MAX)).toBe(false)
  })

  it('lists the declined pairs a cohort may not propose and the mentors a run may not propose to the mentee', () => {
    const proposed = proposeTo(population(), T0, ANNA, [BOTH, MAX, MIA]).world
    const declined = right(
      declineByMentee(T0, { tandemId: tandemIdOf(1), menteeId: ANNA, declineReasonId: 1, comment: null })(proposed),
    ).world
    expect([...declined.tandems.values()].map(isDeclinedTandem)).toEqual([true, false, false])
    expect(declinedPairsOf(declined)).toEqual([{ menteeId: ANNA, mentorId: BOTH }])
    expect([...declinedMentorsOf(declined, ANNA)]).toEqual([BOTH])
    expect([...declinedMentorsOf(declined, BEN)]).toEqual([])
    expect(declinedPairsOf(proposed)).toEqual([])
  })

  it('counts only DECLINED tandems as declined (not closed, expired or live ones)', () => {
    const proposed = proposeTo(population(), T0, ANNA, [BOTH, MAX]).world
    const expired = right(expireDeadlines(T0 + 48 * HOUR)(proposed)).world
    expect([...expired.tandems.values()].map((t) => [t.state, isDeclinedTandem(t)])).toEqual([
      ['NOREACTION', false],
      ['NOREACTION', false],
    ])
    expect(declinedPairsOf(expired)).toEqual([])
  })
})

describe('shownTandemsOf and isShownPartner (what a participant sees on the dashboard)', () => {
  it('shows a proposal to the mentee at once and to the mentor only after the mentee accepted', () => {
    const proposed = proposeTo(population(), T0, ANNA, [MAX, MIA]).world
    expect(shownTandemsOf(proposed, ANNA, 'Mentee').map((t) => t.id)).toEqual([1, 2])
    expect(shownTandemsOf(proposed, MAX, 'Mentor')).toEqual([])
    expect(isShownPartner(proposed, ANNA, MAX)).toBe(true)
    expect(isShownPartner(proposed, MAX, ANNA)).toBe(false)
    const chosen = right(acceptByMentee(T0 + HOUR, { tandemId: tandemIdOf(1), menteeId: ANNA })(proposed)).world
    expect(shownTandemsOf(chosen, MAX, 'Mentor').map((t) => t.id)).toEqual([1])
    expect(isShownPartner(chosen, MAX, ANNA)).toBe(true)
  })

  it('hides closed, declined and expired tandems, and never shows a side the user is not on', () => {
    const proposed = proposeTo(population(), T0, ANNA, [MAX, MIA]).world
    const chosen = right(acceptByMentee(T0 + HOUR, { tandemId: tandemIdOf(1), menteeId: ANNA })(proposed)).world
    // Choosing MAX closed the proposal of MIA: ANNA no longer sees it, nor MIA her.
    expect(shownTandemsOf(chosen, ANNA, 'Mentee').map((t) => t.id)).toEqual([1])
    expect(isShownPartner(chosen, ANNA, MIA)).toBe(false)
    expect(shownTandemsOf(chosen, ANNA, 'Mentor')).toEqual([])
    const lapsed = right(expireDeadlines(T0 + HOUR + 72 * HOUR)(chosen)).world
    expect(shownTandemsOf(lapsed, ANNA, 'Mentee')).toEqual([])
    expect(isShownTo(tandemOf(lapsed, 1), MAX, 'Mentor')).toBe(false)
  })
})

describe('proposal ids', () => {
  it('numbers the mentee proposal 2·id−1 and the mentor proposal 2·id, and finds the tandem from either', () => {
    expect([proposalIdOf(tandemIdOf(7), 'Mentee'), proposalIdOf(tandemIdOf(7), 'Mentor')]).toEqual([13, 14])
    expect([tandemIdOfProposal(13), tandemIdOfProposal(14)]).toEqual([7, 7])
    const proposed = proposeTo(population(), T0, ANNA, [MAX]).world
    const tandem = tandemOf(proposed, 1)
    expect([tandem.menteeProposal.id, tandem.mentorProposal.id]).toEqual([
      proposalIdOf(tandemIdOf(1), 'Mentee'),
      proposalIdOf(tandemIdOf(1), 'Mentor'),
    ])
  })

  it('property: a proposal id leads back to its tandem for both sides', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 30 }), fc.constantFrom('Mentee' as const, 'Mentor' as const), (id, side) => {
        expect(tandemIdOfProposal(proposalIdOf(tandemIdOf(id), side))).toBe(id)
      }),
    )
  })
})

describe('expiredTandems', () => {
  it('finds a proposal the mentee left unanswered for 48 h and an acceptance the mentor left for 72 h, from the deadline on', () => {
    const proposed = proposeTo(population(), T0, ANNA, [MAX]).world
    expect(expiredTandems(proposed, T0 + 48 * HOUR - 1)).toEqual([])
    expect(expiredTandems(proposed, T0 + 48 * HOUR).map((t) => t.id)).toEqual([1])
    const chosen = right(acceptByMentee(T0 + HOUR, { tandemId: tandemIdOf(1), menteeId: ANNA })(proposed)).world
    expect(expiredTandems(chosen, T0 + 48 * HOUR)).toEqual([])
    expect(expiredTandems(chosen, T0 + HOUR + 72 * HOUR).map((t) => t.id)).toEqual([1])
  })

  it('names exactly the tandems the sweep expires', () => {
    const proposed = proposeTo(proposeTo(population(), T0, ANNA, [MAX]).world, T0 + HOUR, BEN, [MIA]).world
    const at = T0 + 48 * HOUR
    const swept = right(expireDeadlines(at)(proposed))
    expect(expiredTandems(proposed, at).map((t) => t.id)).toEqual(
      swept.events.flatMap((e) => (e._tag === 'TandemExpired' ? [e.tandemId] : [])),
    )
    expect(expiredTandems(swept.world, at)).toEqual([])
  })
})
