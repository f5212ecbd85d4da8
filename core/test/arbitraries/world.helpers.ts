// Shared setup for the state-machine tests: a small population, a clock origin, and unwrapping of
// transition results that fails the test with the domain error when a Right was expected.
import * as E from 'fp-ts/lib/Either.js'
import {
  tandemIdOf,
  clusterIdOf,
  acceptByMentee,
  acceptByMentor,
  availableMentorSide,
  beginMatchingRun,
  completeMatchingRun,
  HOUR,
  makeBoth,
  makeCluster,
  makeMentee,
  makeMentor,
  worldOf,
  type DomainError,
  type Score,
  type Transition,
  type TransitionResult,
  type World,
} from '../../src/index.js'

/** Monday 5 January 2026, 09:00 UTC: the clock origin of the examples. */
export const T0 = Date.UTC(2026, 0, 5, 9, 0)

export const right = (result: TransitionResult): Transition => {
  if (E.isLeft(result)) throw new Error(`expected a Right, got ${JSON.stringify(result.left)}`)
  return result.right
}

export const left = (result: TransitionResult): DomainError => {
  if (E.isRight(result)) throw new Error(`expected a Left, got events ${JSON.stringify(result.right.events)}`)
  return result.left
}

export const scoreOf = (percentage: number): Score => ({ base: percentage, max: 100, percentage, breakdown: [] })

/** Ids of the example population. */
export const ANNA = 1 // mentee, program year 2
export const BEN = 2 // mentee, program year 2
export const CARL = 3 // mentee, program year 3
export const MAX = 11 // mentor
export const MIA = 12 // mentor
export const MOE = 13 // mentor
export const NEWTON = 14 // mentor, not published yet
export const PAULA = 15 // mentor, matching disabled
export const BOTH = 20 // mentee (year 2) and mentor

export const population = (): World =>
  worldOf({
    clusters: [makeCluster(1, { isDefault: true }), makeCluster(2), makeCluster(3)],
    users: [
      makeMentee(ANNA, { clusterId: clusterIdOf(2) }),
      makeMentee(BEN, { status: 'AVAILABLE', clusterId: clusterIdOf(2) }),
      makeMentee(CARL, { clusterId: clusterIdOf(3) }),
      { ...makeMentor(MAX), mentor: availableMentorSide(T0 - 3000) },
      { ...makeMentor(MIA), mentor: availableMentorSide(T0 - 2000) },
      { ...makeMentor(MOE), mentor: availableMentorSide(T0 - 1000) },
      makeMentor(NEWTON),
      { ...makeMentor(PAULA), mentor: { ...availableMentorSide(T0 - 500), status: 'PAUSED' } },
      { ...makeBoth(BOTH, { clusterId: clusterIdOf(2) }), mentor: availableMentorSide(T0 - 100) },
    ],
  })

/** Runs a complete matching run for a mentee at `now`. */
export const proposeTo = (world: World, now: number, menteeId: number, mentorIds: readonly number[]): Transition => {
  const begun = right(beginMatchingRun(now, { menteeId, profileComplete: true })(world))
  return right(
    completeMatchingRun(now, { menteeId, proposals: mentorIds.map((mentorId) => ({ mentorId, score: scoreOf(80) })) })(begun.world),
  )
}

/**
 * The mentee chooses tandem `tandemId` an hour after `at` and its mentor accepts an hour later: the
 * team is MATCHED at `at` + 2 h.
 */
export const matchTandem = (world: World, at: number, tandemId: number, menteeId: number, mentorId: number): World => {
  const chosen = right(acceptByMentee(at + HOUR, { tandemId: tandemIdOf(tandemId), menteeId })(world)).world
  return right(acceptByMentor(at + 2 * HOUR, { tandemId: tandemIdOf(tandemId), mentorId })(chosen)).world
}

export const menteeStatus = (world: World, id: number): string | undefined => world.users.get(id)?.mentee?.status
export const mentorStatus = (world: World, id: number): string | undefined => world.users.get(id)?.mentor?.status
export const tandemOf = (world: World, id: number) => {
  const t = world.tandems.get(tandemIdOf(id))
  if (t === undefined) throw new Error(`no tandem ${id}`)
  return t
}
