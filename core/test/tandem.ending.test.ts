// Ending a MATCHED team: by the mentee, the mentor or an administrator, with a reason; "do not pair
// us again" as a declined pair; the mentor back in the pool or paused (docs/mentorship.md#ending-a-team).
import { describe, expect, it } from 'vitest'
import {
  tandemIdOf,
  clusterIdOf,
  beginMatchingRun,
  checkInvariants,
  createManualTandem,
  declinedMentorsOf,
  endTandem,
  HOUR,
  isDeclinedPair,
  type EndRequestInput,
  type EndTandem,
  type World,
} from '../src/index.js'
import {
  ANNA,
  BEN,
  left,
  matchTandem,
  MAX,
  menteeStatus,
  mentorStatus,
  MIA,
  population,
  proposeTo,
  right,
  T0,
  tandemOf,
} from './arbitraries/world.helpers.js'

/** Anna chose Max (tandem 1) and Max accepted: the team is MATCHED at T0 + 2 h. */
const matched = (): World => matchTandem(proposeTo(population(), T0, ANNA, [MAX]).world, T0, 1, ANNA, MAX)
const endedAt = T0 + 30 * 24 * HOUR
const noTime: EndRequestInput = { reasonId: 'no-time', otherText: null, doNotPairAgain: false }
const end = (command: Partial<EndTandem> & Pick<EndTandem, 'by'>) =>
  endTandem(endedAt, { tandemId: tandemIdOf(1), request: noTime, pauseMentor: false, ...command })

describe('ending a matched team', () => {
  it('closes the team with the reason and who ended it; the mentee may start again, the mentor is back in the pool', () => {
    for (const [by, actor] of [
      [{ userId: ANNA }, 'Mentee'],
      [{ userId: MAX }, 'Mentor'],
      ['Admin', 'Admin'],
    ] as const) {
      const step = right(end({ by })(matched()))
      expect(tandemOf(step.world, 1)).toMatchObject({
        state: 'CLOSED',
        menteeProposal: { state: 'CLOSED' },
        mentorProposal: { state: 'CLOSED' },
        ending: { at: endedAt, by: actor, reasonId: 'no-time', otherText: null, doNotPairAgain: false, mentorPaused: false },
      })
      expect([menteeStatus(step.world, ANNA), mentorStatus(step.world, MAX)]).toEqual(['AVAILABLE', 'AVAILABLE'])
      expect(step.world.users.get(MAX)?.mentor?.poolSince).toBe(endedAt)
      expect(step.events).toEqual([
        { _tag: 'TandemEnded', tandemId: 1, menteeId: ANNA, mentorId: MAX, by: actor, reasonId: 'no-time', doNotPairAgain: false },
      ])
      expect(checkInvariants(step.world)).toEqual([])
      expect(right(beginMatchingRun(endedAt, { menteeId: ANNA, profileComplete: true })(step.world)).events).toEqual([
        { _tag: 'MatchingStarted', menteeId: ANNA },
      ])
    }
  })

  it('keeps the trimmed text of "other"', () => {
    const step = right(
      end({ by: { userId: ANNA }, request: { reasonId: 'other', otherText: '  moved abroad ', doNotPairAgain: false } })(matched()),
    )
    expect(tandemOf(step.world, 1).ending).toMatchObject({ reasonId: 'other', otherText: 'moved abroad' })
  })

  it('with "do not pair us again" records a declined pair that is never proposed again', () => {
    const step = right(end({ by: { userId: MAX }, request: { ...noTime, doNotPairAgain: true } })(matched()))
    expect(isDeclinedPair(step.world, ANNA, MAX)).toBe(true)
    expect([...declinedMentorsOf(step.world, ANNA)]).toEqual([MAX])
    expect(left(createManualTandem(endedAt, { menteeId: ANNA, mentorId: MAX, clusterId: clusterIdOf(2) })(step.world))).toMatchObject({
      _tag: 'InvalidTransition',
      from: 'DeclinedPair',
    })
    // A run proposes every other mentor but not Max.
    const again = proposeTo(step.world, endedAt, ANNA, [MAX, MIA])
    expect(again.events.flatMap((e) => (e._tag === 'TandemProposed' ? [e.mentorId] : []))).toEqual([MIA])
  })

  it('without it the pair may meet again', () => {
    const step = right(end({ by: { userId: ANNA } })(matched()))
    expect(isDeclinedPair(step.world, ANNA, MAX)).toBe(false)
  })

  it('pauses the mentor who asks for it (or an administrator for them)', () => {
    const byMentor = right(end({ by: { userId: MAX }, pauseMentor: true })(matched()))
    expect(mentorStatus(byMentor.world, MAX)).toBe('PAUSED')
    expect(tandemOf(byMentor.world, 1).ending?.mentorPaused).toBe(true)
    expect(byMentor.events).toContainEqual({ _tag: 'MentorMatchingChanged', mentorId: MAX, enabled: false, by: 'Mentor' })
    const byAdmin = right(end({ by: 'Admin', pauseMentor: true })(matched()))
    expect(mentorStatus(byAdmin.world, MAX)).toBe('PAUSED')
    expect(byAdmin.events).toContainEqual({ _tag: 'MentorMatchingChanged', mentorId: MAX, enabled: false, by: 'Admin' })
    expect(checkInvariants(byAdmin.world)).toEqual([])
  })

  it('refuses a mentee asking to pause the mentor', () => {
    expect(left(end({ by: { userId: ANNA }, pauseMentor: true })(matched()))).toEqual({
      _tag: 'ValidationFailed',
      errors: [{ field: 'pauseMentor', key: 'invalid-value' }],
    })
  })

  it('refuses an unknown reason, and "other" without a text or over 1000 characters', () => {
    const world = matched()
    expect(left(end({ by: { userId: ANNA }, request: { ...noTime, reasonId: 'bored' } })(world))).toMatchObject({
      _tag: 'ValidationFailed',
      errors: [{ field: 'reasonId' }],
    })
    expect(left(end({ by: { userId: ANNA }, request: { ...noTime, reasonId: 'other' } })(world))).toMatchObject({
      errors: [{ field: 'otherText', key: 'requiredFieldError' }],
    })
    expect(
      left(end({ by: { userId: ANNA }, request: { ...noTime, reasonId: 'other', otherText: 'x'.repeat(1001) } })(world)),
    ).toMatchObject({
      errors: [{ field: 'otherText', key: 'max-characters-exceeded-error' }],
    })
  })

  it('refuses somebody who is not part of the team, an unknown team and a stale version', () => {
    expect(left(end({ by: { userId: BEN } })(matched()))).toEqual({ _tag: 'NotTandemParticipant' })
    expect(left(end({ by: 'Admin', tandemId: tandemIdOf(9) })(matched()))).toEqual({ _tag: 'NotFound', entity: 'Tandem' })
    expect(left(end({ by: 'Admin', expectedVersion: 1 })(matched()))).toEqual({ _tag: 'TandemChanged' })
  })

  it('refuses a team that is not MATCHED: waiting for an answer, or ended already', () => {
    const proposed = proposeTo(population(), T0, ANNA, [MAX]).world
    expect(left(end({ by: { userId: ANNA } })(proposed))).toEqual({ _tag: 'InvalidTransition', from: 'AwaitingMentee', event: 'Ended' })
    const ended = right(end({ by: { userId: ANNA } })(matched())).world
    expect(left(end({ by: { userId: MAX } })(ended))).toEqual({ _tag: 'TandemAlreadyClosed', state: 'CLOSED' })
  })
})
