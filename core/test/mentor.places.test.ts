// A mentor's places (docs/matching.md#places): the status they give, capacity 1 as the status table
// always had it, and the mentor or an admin choosing a capacity from 1 to 5.
import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import {
  acceptByMentee,
  acceptByMentor,
  availableMentorSide,
  clusterIdOf,
  createManualTandem,
  makeCluster,
  makeMentee,
  makeMentor,
  mentorStatusFromPlaces,
  mentorStatusMove,
  setMentorCapacity,
  setMentorMatching,
  STATUSES,
  tandemIdOf,
  userIdOf,
  worldOf,
  type World,
} from '../src/index.js'
import { left, right, T0 } from './arbitraries/world.helpers.js'

const MENTOR = 20
const world = (capacity: number): World =>
  worldOf({
    clusters: [makeCluster(1, { isDefault: true })],
    users: [
      makeMentee(1, { status: 'AVAILABLE' }),
      makeMentee(2, { status: 'AVAILABLE' }),
      makeMentee(3, { status: 'AVAILABLE' }),
      { ...makeMentor(MENTOR), mentor: { ...availableMentorSide(T0 - 100), capacity } },
    ],
  })
const team = (menteeId: number) =>
  createManualTandem(T0, { menteeId: userIdOf(menteeId), mentorId: userIdOf(MENTOR), clusterId: clusterIdOf(1) })
const statusIn = (w: World) => w.users.get(userIdOf(MENTOR))?.mentor?.status

describe('the status a mentor’s places give', () => {
  it('is, with capacity 1, the status table’s Proposed, Matched and Freed moves', () => {
    expect(mentorStatusFromPlaces('AVAILABLE', 1, { taken: 1, matched: 0 })).toBe(mentorStatusMove('AVAILABLE', 'Proposed'))
    expect(mentorStatusFromPlaces('PROPOSED', 1, { taken: 1, matched: 1 })).toBe(mentorStatusMove('PROPOSED', 'Matched'))
    expect(mentorStatusFromPlaces('PROPOSED', 1, { taken: 0, matched: 0 })).toBe(mentorStatusMove('PROPOSED', 'Freed'))
    expect(mentorStatusFromPlaces('MATCHED', 1, { taken: 0, matched: 0 })).toBe(mentorStatusMove('MATCHED', 'Freed'))
  })

  it('is AVAILABLE while a place is free, PROPOSED when all are taken and one is unmatched, MATCHED when all are matched', () => {
    expect(mentorStatusFromPlaces('AVAILABLE', 3, { taken: 2, matched: 2 })).toBe('AVAILABLE')
    expect(mentorStatusFromPlaces('AVAILABLE', 3, { taken: 3, matched: 2 })).toBe('PROPOSED')
    expect(mentorStatusFromPlaces('PROPOSED', 3, { taken: 3, matched: 3 })).toBe('MATCHED')
    // A lowered capacity: more places taken than there are now, still no room.
    expect(mentorStatusFromPlaces('AVAILABLE', 1, { taken: 2, matched: 2 })).toBe('MATCHED')
  })

  it('leaves NEW and PAUSED as they are: those are the mentor’s own choice', () => {
    for (const status of STATUSES.filter((s) => s === 'NEW' || s === 'PAUSED'))
      expect(mentorStatusFromPlaces(status, 2, { taken: 0, matched: 0 })).toBe(status)
  })
})

describe('a mentor with two places', () => {
  it('stays in the pool after the first mentee, is MATCHED when both places hold matched teams', () => {
    const first = right(team(1)(world(2))).world
    expect(statusIn(first)).toBe('AVAILABLE')
    const second = right(team(2)(first)).world
    expect(statusIn(second)).toBe('PROPOSED')
    expect(left(team(3)(second))).toEqual({ _tag: 'NotAvailableForMatching', status: 'PROPOSED' })
    let w = second
    // team(n) gave mentee n tandem n
    for (const menteeId of [1, 2]) {
      const tandemId = tandemIdOf(menteeId)
      w = right(acceptByMentee(T0, { tandemId, menteeId: userIdOf(menteeId) })(w)).world
      w = right(acceptByMentor(T0, { tandemId, mentorId: userIdOf(MENTOR) })(w)).world
    }
    expect(statusIn(w)).toBe('MATCHED')
  })

  it('keeps the pool wait when a place is taken and a place stays free', () => {
    const first = right(team(1)(world(2))).world
    expect(first.users.get(userIdOf(MENTOR))?.mentor?.poolSince).toBe(T0 - 100)
  })

  it('may pause with one place taken and keeps the tandem; enabling again gives the status the places say', () => {
    const first = right(team(1)(world(2))).world
    const paused = right(
      setMentorMatching(T0, { mentorId: userIdOf(MENTOR), enabled: false, by: 'Mentor', profileComplete: true })(first),
    ).world
    expect(statusIn(paused)).toBe('PAUSED')
    expect(paused.tandems.get(tandemIdOf(1))?.state).toBe('ACTIVE')
    const lowered = right(setMentorCapacity(T0, { mentorId: userIdOf(MENTOR), capacity: 1 })(paused)).world
    expect(statusIn(lowered)).toBe('PAUSED')
    const enabled = right(
      setMentorMatching(T0, { mentorId: userIdOf(MENTOR), enabled: true, by: 'Mentor', profileComplete: true })(lowered),
    ).world
    expect(statusIn(enabled)).toBe('PROPOSED')
  })
})

describe('setting a capacity', () => {
  it('raising it frees a place at once and starts the pool wait; lowering it ends no tandem', () => {
    const full = right(team(1)(world(1))).world
    expect(statusIn(full)).toBe('PROPOSED')
    const raised = right(setMentorCapacity(T0 + 5, { mentorId: userIdOf(MENTOR), capacity: 3 })(full))
    expect(statusIn(raised.world)).toBe('AVAILABLE')
    expect(raised.world.users.get(userIdOf(MENTOR))?.mentor).toMatchObject({ capacity: 3, poolSince: T0 + 5 })
    const lowered = right(setMentorCapacity(T0 + 6, { mentorId: userIdOf(MENTOR), capacity: 1 })(raised.world)).world
    expect(statusIn(lowered)).toBe('PROPOSED')
    expect(lowered.tandems).toBe(raised.world.tandems)
  })

  it('refuses anything but a whole number from 1 to 5, and changes nothing', () => {
    for (const capacity of [0, 6, 2.5, Number.NaN, -1]) {
      expect(left(setMentorCapacity(T0, { mentorId: userIdOf(MENTOR), capacity })(world(1)))).toEqual({
        _tag: 'ValidationFailed',
        errors: [{ field: 'capacity', key: 'mentor-capacity-range', params: { min: 1, max: 5 } }],
      })
    }
  })

  it('the same capacity again is no change', () => {
    const w = world(2)
    const same = setMentorCapacity(T0, { mentorId: userIdOf(MENTOR), capacity: 2 })(w)
    expect(E.isRight(same) && same.right.world).toBe(w)
  })
})
