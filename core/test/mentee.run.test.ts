// The mentee's matching run and the admin's mentee edit (docs/product.md#mentee-status, docs/product.md#mentee-edit).
import { describe, expect, it } from 'vitest'
import {
  abortMatchingRun,
  beginMatchingRun,
  checkInvariants,
  clusterIdOf,
  completeMatchingRun,
  declineByMentee,
  HOUR,
  setMenteeStatusByAdmin,
  tandemIdOf,
  userIdOf,
  type World,
} from '../src/index.js'
import {
  ANNA,
  BEN,
  BOTH,
  CARL,
  left,
  MAX,
  menteeStatus,
  mentorStatus,
  MIA,
  MOE,
  NEWTON,
  PAULA,
  population,
  proposeTo,
  right,
  scoreOf,
  T0,
  tandemOf,
} from './arbitraries/world.helpers.js'

const begin = (world: World, menteeId = ANNA, profileComplete = true) => beginMatchingRun(T0, { menteeId, profileComplete })(world)
const withMentee = (world: World, id: number, patch: object): World => {
  const user = world.users.get(userIdOf(id))
  if (user?.mentee == null) throw new Error('no mentee')
  return { ...world, users: new Map(world.users).set(userIdOf(id), { ...user, mentee: { ...user.mentee, ...patch } }) }
}

describe('starting a matching run', () => {
  it("sets the matching-running flag (PENDING) with the run's start; the no-match flag and the last start wait for the run's end", () => {
    const step = right(begin(withMentee(population(), ANNA, { status: 'AVAILABLE', noMatch: true, lastStartedAt: T0 - 50 * HOUR })))
    expect(step.world.users.get(ANNA)?.mentee).toMatchObject({
      status: 'PENDING',
      runStartedAt: T0,
      lastStartedAt: T0 - 50 * HOUR,
      noMatch: true,
    })
    expect(step.events).toEqual([{ _tag: 'MatchingStarted', menteeId: ANNA }])
  })

  it('warns when a second start arrives while the run is running', () => {
    const running = right(begin(population())).world
    expect(left(begin(running))).toEqual({ _tag: 'MatchingAlreadyRunning' })
  })

  it('refuses a start with an incomplete profile or questionnaire', () => {
    expect(left(begin(population(), ANNA, false))).toEqual({ _tag: 'ProfileIncomplete' })
  })

  it('refuses a start without a program year, which mentees must choose', () => {
    expect(left(begin(withMentee(population(), ANNA, { clusterId: null })))).toEqual({ _tag: 'ProfileIncomplete' })
  })

  it('refuses a start in a program year that has ended', () => {
    const world = population()
    const ended: World = {
      ...world,
      clusters: new Map(world.clusters).set(clusterIdOf(2), {
        clusterId: clusterIdOf(2),
        clusterText: 'Year 2',
        isDefault: false,
        isEnded: true,
      }),
    }
    expect(left(begin(ended))).toEqual({ _tag: 'ClusterEnded' })
  })

  it('refuses a start while the mentee holds proposals or is matched', () => {
    const proposed = proposeTo(population(), T0, ANNA, [MAX]).world
    expect(left(begin(proposed))).toEqual({ _tag: 'NotAvailableForMatching', status: 'PROPOSED' })
    expect(left(begin(withMentee(population(), ANNA, { status: 'MATCHED' })))).toEqual({
      _tag: 'NotAvailableForMatching',
      status: 'MATCHED',
    })
    expect(left(begin(withMentee(population(), ANNA, { status: 'INACTIVE' })))).toEqual({
      _tag: 'NotAvailableForMatching',
      status: 'INACTIVE',
    })
  })

  it('refuses users who are not mentees, and unknown users', () => {
    expect(left(begin(population(), MAX))).toEqual({ _tag: 'NotAvailableForMatching', status: 'NONE' })
    expect(left(begin(population(), userIdOf(999)))).toEqual({ _tag: 'NotFound', entity: 'User' })
  })
})

describe('completing a matching run', () => {
  it('creates one ACTIVE tandem per proposal, reserving each mentor for 48 h', () => {
    const before = right(begin(population())).world
    const step = right(
      completeMatchingRun(T0 + 5000, {
        menteeId: ANNA,
        proposals: [
          { mentorId: MAX, score: scoreOf(90) },
          { mentorId: MIA, score: scoreOf(70) },
        ],
      })(before),
    )
    const { world } = step
    expect(world.nextTandemId).toBe(3)
    const first = tandemOf(world, 1)
    expect(first).toMatchObject({
      id: 1,
      version: 1,
      state: 'ACTIVE',
      menteeId: ANNA,
      mentorId: MAX,
      clusterId: 2,
      createdAt: T0 + 5000,
      manual: false,
      score: scoreOf(90),
    })
    expect(first.menteeProposal).toEqual({
      id: 1,
      state: 'PROPOSED',
      deadline: T0 + 5000 + 48 * HOUR,
      decidedAt: null,
      declineReasonId: null,
      comment: null,
      infoText: null,
    })
    expect(first.mentorProposal).toMatchObject({ id: 2, state: 'PROPOSED', deadline: null })
    expect(tandemOf(world, 2)).toMatchObject({ mentorId: MIA, menteeProposal: { id: 3 }, mentorProposal: { id: 4 } })
    expect([menteeStatus(world, ANNA), mentorStatus(world, MAX), mentorStatus(world, MIA), mentorStatus(world, MOE)]).toEqual([
      'PROPOSED',
      'PROPOSED',
      'PROPOSED',
      'AVAILABLE',
    ])
    expect(step.events.map((e) => e._tag)).toEqual(['TandemProposed', 'TandemProposed'])
    expect(checkInvariants(world)).toEqual([])
  })

  it('skips mentors who no longer qualify when the run completes', () => {
    const taken = proposeTo(population(), T0, BEN, [MOE]).world
    const running = right(begin(withMentee(taken, BOTH, {}), BOTH)).world
    const proposals = [MOE, NEWTON, PAULA, BOTH, userIdOf(999), ANNA, MAX, MAX].map((mentorId) => ({ mentorId, score: scoreOf(60) }))
    const { world } = right(completeMatchingRun(T0, { menteeId: BOTH, proposals })(running))
    const created = [...world.tandems.values()].filter((t) => t.menteeId === BOTH)
    expect(created.map((t) => t.mentorId)).toEqual([MAX])
    expect(checkInvariants(world)).toEqual([])
  })

  it('tells the mentee when no suitable mentor was found (AVAILABLE with the no-match flag)', () => {
    const running = right(begin(population())).world
    const step = right(completeMatchingRun(T0, { menteeId: ANNA, proposals: [{ mentorId: PAULA, score: scoreOf(99) }] })(running))
    expect(step.world.users.get(ANNA)?.mentee).toMatchObject({ status: 'AVAILABLE', noMatch: true })
    expect(step.events).toEqual([{ _tag: 'NoMatchFound', menteeId: ANNA }])
    expect(step.world.tandems.size).toBe(0)
  })

  it('refuses to complete a run that is not running', () => {
    expect(left(completeMatchingRun(T0, { menteeId: ANNA, proposals: [] })(population()))).toEqual({
      _tag: 'InvalidTransition',
      from: 'NEW',
      event: 'CompleteRun',
    })
  })

  it('never proposes a declined pair again', () => {
    const proposed = proposeTo(population(), T0, ANNA, [MAX, MIA]).world
    const declined = right(
      declineByMentee(T0 + HOUR, { tandemId: tandemIdOf(1), menteeId: ANNA, declineReasonId: 3, comment: null })(proposed),
    ).world
    const declinedBoth = right(
      declineByMentee(T0 + HOUR, { tandemId: tandemIdOf(2), menteeId: ANNA, declineReasonId: 3, comment: null })(declined),
    ).world
    expect(menteeStatus(declinedBoth, ANNA)).toBe('AVAILABLE')
    const again = proposeTo(declinedBoth, T0 + 2 * HOUR, ANNA, [MAX, MIA, MOE]).world
    const fresh = [...again.tandems.values()].filter((t) => t.id > 2)
    expect(fresh.map((t) => t.mentorId)).toEqual([MOE])
  })

  it('keeps the identity of unchanged participants and raises the version of changed ones by one', () => {
    const running = right(begin(population())).world
    const { world } = right(completeMatchingRun(T0, { menteeId: ANNA, proposals: [{ mentorId: MAX, score: scoreOf(50) }] })(running))
    expect(world.users.get(MIA)).toBe(running.users.get(MIA))
    expect(world.users.get(BEN)).toBe(running.users.get(BEN))
    expect(world.users.get(MAX)?.version).toBe((running.users.get(MAX)?.version ?? 0) + 1)
    expect(world.users.get(ANNA)?.version).toBe((running.users.get(ANNA)?.version ?? 0) + 1)
  })
})

describe('a run ends somewhere', () => {
  const waiting = withMentee(population(), ANNA, { status: 'AVAILABLE', noMatch: true, lastStartedAt: T0 - 50 * HOUR })
  const running = right(begin(waiting)).world

  it("with proposals: no longer waiting, the run's start as the last start, no run under way", () => {
    const done = right(completeMatchingRun(T0 + 5000, { menteeId: ANNA, proposals: [{ mentorId: MAX, score: scoreOf(80) }] })(running))
    const mentee = done.world.users.get(ANNA)?.mentee
    expect(mentee).toMatchObject({ status: 'PROPOSED', noMatch: false, lastStartedAt: T0 })
    expect(mentee?.runStartedAt).toBeUndefined()
  })

  it("with nobody found: a mentee who waited keeps waiting since when they did; a newcomer waits from the run's start", () => {
    const none = right(completeMatchingRun(T0 + 5000, { menteeId: ANNA, proposals: [] })(running))
    expect(none.world.users.get(ANNA)?.mentee).toEqual({ status: 'AVAILABLE', noMatch: true, clusterId: 2, lastStartedAt: T0 - 50 * HOUR })
    const fresh = right(completeMatchingRun(T0 + 5000, { menteeId: ANNA, proposals: [] })(right(begin(population())).world))
    expect(fresh.world.users.get(ANNA)?.mentee).toMatchObject({ noMatch: true, lastStartedAt: T0 })
  })

  it('aborted (refused after it began, or cleared after a crash): exactly where the mentee stood before it', () => {
    const aborted = right(abortMatchingRun(T0 + 5000, { menteeId: ANNA })(running))
    expect(aborted.world.users.get(ANNA)?.mentee).toEqual(waiting.users.get(ANNA)?.mentee)
  })
})

describe('aborting a matching run', () => {
  it('returns a first-time mentee to NEW when the run fails', () => {
    const step = right(abortMatchingRun(T0, { menteeId: ANNA })(right(begin(population())).world))
    expect(menteeStatus(step.world, ANNA)).toBe('NEW')
    expect(step.events).toEqual([{ _tag: 'MatchingRunAborted', menteeId: ANNA }])
  })

  it('returns a mentee who had tandems before to AVAILABLE', () => {
    const proposed = proposeTo(population(), T0, ANNA, [MAX]).world
    const declined = right(
      declineByMentee(T0, { tandemId: tandemIdOf(1), menteeId: ANNA, declineReasonId: 1, comment: 'no' })(proposed),
    ).world
    const running = right(begin(declined)).world
    expect(menteeStatus(right(abortMatchingRun(T0, { menteeId: ANNA })(running)).world, ANNA)).toBe('AVAILABLE')
  })

  it('refuses to abort when no run is running', () => {
    expect(left(abortMatchingRun(T0, { menteeId: BEN })(population()))).toEqual({
      _tag: 'InvalidTransition',
      from: 'AVAILABLE',
      event: 'AbortRun',
    })
  })
})

describe('admin edit of a mentee', () => {
  it('changes status and program year of an AVAILABLE, PENDING or NEW mentee', () => {
    const step = right(setMenteeStatusByAdmin(T0, { menteeId: BEN, status: 'NEW', clusterId: clusterIdOf(3) })(population()))
    expect(step.world.users.get(BEN)?.mentee).toMatchObject({ status: 'NEW', clusterId: 3 })
    const yearOnly = right(setMenteeStatusByAdmin(T0, { menteeId: ANNA, status: 'NEW', clusterId: clusterIdOf(3) })(population()))
    expect(yearOnly.world.users.get(ANNA)?.mentee).toMatchObject({ status: 'NEW', clusterId: 3 })
  })

  it('is read-only while the mentee holds proposals or is matched', () => {
    const proposed = proposeTo(population(), T0, ANNA, [MAX]).world
    expect(left(setMenteeStatusByAdmin(T0, { menteeId: ANNA, status: 'AVAILABLE', clusterId: clusterIdOf(2) })(proposed))).toEqual({
      _tag: 'InvalidTransition',
      from: 'PROPOSED',
      event: 'AdminEdit',
    })
  })

  it('refuses statuses that only tandems may set', () => {
    for (const status of ['PROPOSED', 'MATCHED', 'PAUSED', 'PENDING'] as const) {
      expect(left(setMenteeStatusByAdmin(T0, { menteeId: BEN, status, clusterId: clusterIdOf(2) })(population()))._tag).toBe(
        'InvalidTransition',
      )
    }
  })

  it('places only INACTIVE mentees in an ended program year', () => {
    const world = population()
    const ended: World = {
      ...world,
      clusters: new Map(world.clusters).set(clusterIdOf(3), {
        clusterId: clusterIdOf(3),
        clusterText: 'Year 3',
        isDefault: false,
        isEnded: true,
      }),
    }
    expect(left(setMenteeStatusByAdmin(T0, { menteeId: BEN, status: 'AVAILABLE', clusterId: clusterIdOf(3) })(ended))).toEqual({
      _tag: 'ClusterEnded',
    })
    expect(
      right(setMenteeStatusByAdmin(T0, { menteeId: BEN, status: 'INACTIVE', clusterId: clusterIdOf(3) })(ended)).world.users.get(BEN)
        ?.mentee?.status,
    ).toBe('INACTIVE')
  })

  it('ends a running run when the admin moves the mentee out of PENDING, so its result is refused', () => {
    const running = right(begin(population(), CARL)).world
    const step = right(setMenteeStatusByAdmin(T0, { menteeId: CARL, status: 'AVAILABLE', clusterId: clusterIdOf(3) })(running))
    expect(step.events).toEqual([{ _tag: 'MatchingRunAborted', menteeId: CARL }])
    expect(left(completeMatchingRun(T0, { menteeId: CARL, proposals: [{ mentorId: MAX, score: scoreOf(50) }] })(step.world))._tag).toBe(
      'InvalidTransition',
    )
  })

  it('changes nothing, not even the version, when nothing differs', () => {
    const world = population()
    expect(right(setMenteeStatusByAdmin(T0, { menteeId: BEN, status: 'AVAILABLE', clusterId: clusterIdOf(2) })(world)).world).toBe(world)
  })
})
