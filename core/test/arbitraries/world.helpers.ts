// Shared setup for the state-machine tests: a small population, a clock origin, and unwrapping of
// transition results that fails the test with the domain error when a Right was expected.
import * as E from 'fp-ts/lib/Either.js'
import {
  acceptByMentee,
  acceptByMentor,
  availableMentorSide,
  beginMatchingRun,
  clusterIdOf,
  completeMatchingRun,
  HOUR,
  makeBoth,
  makeCluster,
  makeMentee,
  makeMentor,
  tandemIdOf,
  userIdOf,
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
export const ANNA = userIdOf(1) // mentee, program year 2
export const BEN = userIdOf(2) // mentee, program year 2
export const CARL = userIdOf(3) // mentee, program year 3
export const MAX = userIdOf(11) // mentor
export const MIA = userIdOf(12) // mentor
export const MOE = userIdOf(13) // mentor
export const NEWTON = userIdOf(14) // mentor, not published yet
export const PAULA = userIdOf(15) // mentor, matching disabled
export const BOTH = userIdOf(20) // mentee (year 2) and mentor

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
  const mentee = userIdOf(menteeId)
  const begun = right(beginMatchingRun(now, { menteeId: mentee, profileComplete: true })(world))
  return right(
    completeMatchingRun(now, {
      menteeId: mentee,
      proposals: mentorIds.map((mentorId) => ({ mentorId: userIdOf(mentorId), score: scoreOf(80) })),
    })(begun.world),
  )
}

/**
 * The mentee chooses tandem `tandemId` an hour after `at` and its mentor accepts an hour later: the
 * team is MATCHED at `at` + 2 h.
 */
export const matchTandem = (world: World, at: number, tandemId: number, menteeId: number, mentorId: number): World => {
  const chosen = right(acceptByMentee(at + HOUR, { tandemId: tandemIdOf(tandemId), menteeId: userIdOf(menteeId) })(world)).world
  return right(acceptByMentor(at + 2 * HOUR, { tandemId: tandemIdOf(tandemId), mentorId: userIdOf(mentorId) })(chosen)).world
}

export const menteeStatus = (world: World, id: number): string | undefined => world.users.get(userIdOf(id))?.mentee?.status
export const mentorStatus = (world: World, id: number): string | undefined => world.users.get(userIdOf(id))?.mentor?.status
export const tandemOf = (world: World, id: number) => {
  const t = world.tandems.get(tandemIdOf(id))
  if (t === undefined) throw new Error(`no tandem ${id}`)
  return t
}
