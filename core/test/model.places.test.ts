// Mentors with places (docs/matching.md#places), under random command sequences and capacities 1–5:
// a place is taken only while one is free, a place is freed exactly when its tandem ends, lowering a
// capacity ends no tandem, no mentee holds two accepted tandems, and every status says what the
// places say (checkInvariants after every accepted step).
import * as E from 'fp-ts/lib/Either.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  acceptByMentee,
  acceptByMentor,
  availableMentorSide,
  beginMatchingRun,
  checkInvariants,
  checkPlacesTaken,
  checkTerminalTandemsKept,
  clusterIdOf,
  completeMatchingRun,
  createManualTandem,
  declineByMentee,
  declineByMentor,
  expireDeadlines,
  HOUR,
  isLiveTandem,
  makeCluster,
  makeMentee,
  makeMentor,
  mentorPlacesOf,
  releaseTandem,
  setMentorCapacity,
  setMentorMatching,
  userIdOf,
  worldOf,
  type TransitionResult,
  type World,
} from '../src/index.js'
import { scoreOf, T0 } from './arbitraries/world.helpers.js'

const MENTEES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(userIdOf)
const MENTORS = [11, 12, 13].map(userIdOf)

const initialWorld = (capacities: readonly number[]): World =>
  worldOf({
    clusters: [makeCluster(1, { isDefault: true })],
    users: [
      ...MENTEES.map((id) => makeMentee(id, { clusterId: clusterIdOf(1) })),
      ...MENTORS.map((id, i) => ({
        ...makeMentor(id),
        mentor: { ...availableMentorSide(T0 - i), capacity: capacities[i] ?? userIdOf(1) },
      })),
    ],
  })

type Step =
  | { readonly kind: 'run'; readonly mentee: number; readonly mentors: readonly number[] }
  | { readonly kind: 'manual'; readonly mentee: number; readonly mentor: number }
  | { readonly kind: 'mentee-accept' | 'mentee-decline' | 'mentor-accept' | 'mentor-decline' | 'release'; readonly pick: number }
  | { readonly kind: 'capacity'; readonly mentor: number; readonly capacity: number }
  | { readonly kind: 'matching'; readonly mentor: number; readonly enabled: boolean }
  | { readonly kind: 'clock'; readonly hours: number }

const pickOf = (n: number) => fc.nat({ max: n - 1 })
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('run' as const), mentee: pickOf(10), mentors: fc.array(pickOf(3), { maxLength: 3 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('manual' as const), mentee: pickOf(10), mentor: pickOf(3) }) },
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constantFrom(
        'mentee-accept' as const,
        'mentee-accept' as const,
        'mentor-accept' as const,
        'mentor-accept' as const,
        'mentee-decline' as const,
        'mentor-decline' as const,
        'release' as const,
      ),
      pick: fc.nat({ max: 20 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('capacity' as const), mentor: pickOf(3), capacity: fc.integer({ min: 0, max: 6 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('matching' as const), mentor: pickOf(3), enabled: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clock' as const), hours: fc.integer({ min: 1, max: 30 }) }) },
)

const live = (world: World) => [...world.tandems.values()].filter(isLiveTandem).sort((a, b) => a.id - b.id)
const at = <T>(list: readonly T[], i: number): T | undefined => list[i % Math.max(1, list.length)]

/** The transition a step asks for, at `now`, or undefined when there is nothing to ask it of. */
const transitionOf = (s: Step, world: World, now: number): ((w: World) => TransitionResult) | undefined => {
  const tandems = live(world)
  switch (s.kind) {
    case 'run': {
      const menteeId = MENTEES[s.mentee] ?? userIdOf(1)
      const mentorIds = [...new Set(s.mentors.map((i) => MENTORS[i] ?? userIdOf(11)))]
      return (w) => {
        const begun = beginMatchingRun(now, { menteeId, profileComplete: true })(w)
        if (E.isLeft(begun)) return begun
        const done = completeMatchingRun(now, { menteeId, proposals: mentorIds.map((mentorId) => ({ mentorId, score: scoreOf(50) })) })(
          begun.right.world,
        )
        return E.isLeft(done) ? done : E.right({ world: done.right.world, events: [...begun.right.events, ...done.right.events] })
      }
    }
    case 'manual':
      return createManualTandem(now, {
        menteeId: MENTEES[s.mentee] ?? userIdOf(1),
        mentorId: MENTORS[s.mentor] ?? userIdOf(11),
        clusterId: clusterIdOf(1),
      })
    case 'capacity':
      return setMentorCapacity(now, { mentorId: MENTORS[s.mentor] ?? userIdOf(11), capacity: s.capacity })
    case 'matching':
      return setMentorMatching(now, {
        mentorId: MENTORS[s.mentor] ?? userIdOf(11),
        enabled: s.enabled,
        by: 'Mentor',
        profileComplete: true,
      })
    case 'clock':
      return undefined
    default: {
      // Answers go to the tandems waiting for them (most of the time), so sequences reach matched places.
      const waiting = tandems.filter((t) =>
        s.kind.startsWith('mentee')
          ? t.menteeProposal.state === 'PROPOSED'
          : s.kind.startsWith('mentor')
            ? t.menteeProposal.state === 'ACCEPTED' && t.mentorProposal.state === 'PROPOSED'
            : true,
      )
      const t = at(s.pick % 5 === 0 || waiting.length === 0 ? tandems : waiting, s.pick)
      if (t === undefined) return undefined
      const menteeSide = { tandemId: t.id, menteeId: t.menteeId }
      const mentorSide = { tandemId: t.id, mentorId: t.mentorId }
      if (s.kind === 'mentee-accept') return acceptByMentee(now, menteeSide)
      if (s.kind === 'mentee-decline') return declineByMentee(now, { ...menteeSide, declineReasonId: 1, comment: null })
      if (s.kind === 'mentor-accept') return acceptByMentor(now, mentorSide)
      if (s.kind === 'mentor-decline') return declineByMentor(now, { ...mentorSide, declineReasonId: 1, comment: null, infoText: null })
      return releaseTandem(now, { tandemId: t.id })
    }
  }
}

/** Over-capacity reported by checkInvariants is allowed only for a mentor whose capacity was lowered below their taken places. */
const overCapacity = /^mentor (\d+): in \d+ live tandems \(.*\), capacity \d+$/

type Reached = { fullMentors: number; multiMatched: number; lowered: number; refusedForRoom: number }

const play = (capacities: readonly number[], steps: readonly Step[], reached: Reached): void => {
  let world = initialWorld(capacities)
  let now = T0
  const lowered = new Set<number>()
  for (const s of steps) {
    if (s.kind === 'clock') now += s.hours * HOUR
    const sweep = expireDeadlines(now)(world)
    if (E.isRight(sweep)) {
      expect(checkPlacesTaken(world, sweep.right.world)).toEqual([])
      world = sweep.right.world
    }
    const transition = transitionOf(s, world, now)
    if (transition === undefined) continue
    const result = transition(world)
    if (E.isLeft(result)) {
      // A capacity is refused only when it is not a whole number from 1 to 5.
      if (s.kind === 'capacity')
        expect([s.capacity, result.left._tag]).toEqual([expect.toSatisfy((c: number) => c < 1 || c > 5), 'ValidationFailed'])
      if (s.kind === 'manual' && result.left._tag === 'NotAvailableForMatching') reached.refusedForRoom += 1
      continue
    }
    const before = world
    const after = result.right.world
    if (s.kind === 'capacity') {
      expect(after.users.get(MENTORS[s.mentor] ?? userIdOf(11))?.mentor?.capacity).toBe(s.capacity)
      // Lowering (or raising) a capacity never ends, starts or changes a tandem.
      expect(after.tandems).toBe(before.tandems)
      const mentorId = MENTORS[s.mentor] ?? userIdOf(11)
      if (mentorPlacesOf(after, mentorId).taken > s.capacity) {
        lowered.add(mentorId)
        reached.lowered += 1
      }
    }
    for (const id of MENTORS)
      if (lowered.has(id) && mentorPlacesOf(after, id).taken <= (after.users.get(id)?.mentor?.capacity ?? 1)) lowered.delete(id)
    const violations = checkInvariants(after).filter((v) => {
      const over = overCapacity.exec(v)
      return over === null || !lowered.has(Number(over[1]))
    })
    expect(violations).toEqual([])
    expect(checkPlacesTaken(before, after)).toEqual([])
    expect(checkTerminalTandemsKept(before, after)).toEqual([])
    for (const id of MENTORS) {
      const mentor = after.users.get(id)?.mentor
      const places = mentorPlacesOf(after, id)
      if (mentor != null && places.taken >= mentor.capacity && places.taken > 0) reached.fullMentors += 1
      if (places.matched >= 2) reached.multiMatched += 1
    }
    world = after
  }
}

describe('a mentor with places, under random command sequences and capacities 1 to 5', () => {
  it('never takes a place that is not free, frees one exactly when a tandem ends, and never ends a tandem by lowering the capacity', () => {
    const reached: Reached = { fullMentors: 0, multiMatched: 0, lowered: 0, refusedForRoom: 0 }
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 3, maxLength: 3 }),
        fc.array(step, { minLength: 10, maxLength: 120 }),
        (capacities, steps) => play(capacities, steps, reached),
      ),
      { numRuns: 500 },
    )
    console.info(`places reached: ${JSON.stringify(reached)}`)
    // The sequences must reach the states the rules are about, or they were checked on trivia. The
    // rarer two (about 5 to 30 in 500 runs) need only be reached: a floor of 5 failed now and then.
    expect(reached.fullMentors).toBeGreaterThan(50)
    expect(reached.multiMatched).toBeGreaterThan(0)
    expect(reached.lowered).toBeGreaterThan(0)
    expect(reached.refusedForRoom).toBeGreaterThan(5)
  })
})
