// The people of a cohort run, read in the main thread from the store (the worker gets plain data):
// the program year's mentees who could start matching (NEW or AVAILABLE, profile and questionnaire
// complete), in registration order, and the mentors in the pool (published, AVAILABLE) with their
// free places.
import {
  placesIn,
  declinedPairsOf,
  isInMentorPool,
  mayJoinCohort,
  type Answer,
  type ClusterId,
  type CohortInput,
  type CohortPair,
  type FirstComeInput,
  type Instant,
  type UserId,
} from '@tandem/core'
import type { UserRecord } from '../ports/store/index.js'
import { isDeletedPlaceholder } from '../account/account.erasure.js'
import type { ServiceContext } from '../context.js'
import { answersOf, sideComplete } from '../users/views.js'

export type CohortPopulation = {
  readonly input: CohortInput
  readonly firstCome: FirstComeInput
  /** Each person's version when read: a pair whose people changed since is skipped at publish. */
  readonly versions: ReadonlyMap<UserId, number>
}

/**
 * A mentee the run may pair: core's cohort eligibility for the run's program year. The questionnaire
 * preview passes null for every program year: each mentee is asked about their own.
 */
export const isCohortMentee = (user: UserRecord, clusterId: ClusterId | null): boolean => {
  const mentee = user.participant.mentee
  // A mentee in no program year joins no cohort.
  const year = clusterId ?? mentee?.clusterId ?? null
  return year !== null && mayJoinCohort(mentee, year)
}

/** A mentor the run may propose: core's pool membership. */
export const isPoolMentor = (user: UserRecord): boolean => isInMentorPool(user.participant.mentor)

/** Pairs either side declined before (core's rule): never proposed again. */
export const declinedPairs = async (ctx: Pick<ServiceContext, 'store'>, menteeIds: readonly UserId[]): Promise<CohortPair[]> =>
  declinedPairsOf(await ctx.store.load({ userIds: menteeIds }))

/** Mentees read between two turns of the event loop: other requests are served in between. */
const SLICE = 100
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

export type LoadCohortPopulationPorts = Pick<ServiceContext, 'answers' | 'master' | 'matching' | 'store' | 'users'>

/**
 * Reads the cohort in slices, yielding to the event loop between them, so the API keeps answering
 * while a large program year loads. Not one snapshot: each person's version is kept as read, and a
 * pair whose people changed since is skipped at publish.
 */
export const loadCohortPopulation = async (
  ctx: LoadCohortPopulationPorts,
  run: { readonly clusterId: ClusterId | null; readonly objective: CohortInput['objective']; readonly threshold: number },
  now: Instant,
  /** The share of the mentees read so far (the progress of the phase `loading`). */
  onLoaded: (fraction: number) => void = () => undefined,
): Promise<CohortPopulation> => {
  await nextTurn()
  const users = (await ctx.users.all()).filter((u) => !isDeletedPlaceholder(u))
  const inYear = users.filter((u) => isCohortMentee(u, run.clusterId)).sort((a, b) => a.registeredAt - b.registeredAt || a.id - b.id)
  const mentees: { readonly user: UserRecord; readonly answers: readonly Answer[] }[] = []
  for (let i = 0; i < inYear.length; i += SLICE) {
    onLoaded(i / inYear.length)
    await nextTurn()
    for (const user of inYear.slice(i, i + SLICE)) {
      const answers = await answersOf(ctx, user.id, 'Mentee')
      if (await sideComplete(ctx, user, 'Mentee', now, { answers })) mentees.push({ user, answers })
    }
  }
  await nextTurn()
  const published = new Map((await ctx.answers.publishedMentors()).map((c) => [c.id, c]))
  const poolMentors = users.filter(isPoolMentor)
  const mentors = poolMentors.flatMap((u) => {
    const candidate = published.get(u.id)
    return candidate === undefined ? [] : [candidate]
  })
  // Each mentor takes as many mentees as they have free places (docs/matching.md#places); a mentor
  // with one place in the pool has it free (AVAILABLE says so), the others' live tandems are read.
  const withPlaces = poolMentors.filter((u) => (u.participant.mentor?.capacity ?? 1) > 1).map((u) => u.id)
  const placesWorld = withPlaces.length === 0 ? null : await ctx.store.load({ userIds: withPlaces })
  const freePlaces = new Map(
    withPlaces.map((id) => {
      const places = placesWorld === null ? undefined : placesIn(placesWorld, id)
      return [id, places === undefined ? 1 : Math.max(0, places.capacity - places.taken)]
    }),
  )
  const declined = await declinedPairs(
    ctx,
    mentees.map((m) => m.user.id),
  )
  const questionnaire = ctx.master.questionnaire
  const menteeInput = mentees.map((m) => ({ id: m.user.id, answers: [...m.answers] }))
  return {
    input: {
      questionnaire,
      mentees: menteeInput,
      mentors: mentors.map((m) => ({ id: m.id, answers: [...m.answers], capacity: freePlaces.get(m.id) ?? 1 })),
      threshold: run.threshold,
      objective: run.objective,
      declined,
    },
    firstCome: {
      questionnaire,
      mentees: menteeInput,
      mentors: mentors.map((m) => ({ id: m.id, answers: [...m.answers], poolSince: m.poolSince, capacity: freePlaces.get(m.id) ?? 1 })),
      threshold: run.threshold,
      limit: ctx.matching.limit,
      declined,
    },
    versions: new Map(users.map((u) => [u.id, u.participant.version])),
  }
}
