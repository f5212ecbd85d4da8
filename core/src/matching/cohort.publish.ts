// Publishing a reviewed cohort draft: every pair becomes a tandem through the same transition as an
// administrator's team (the cohort's own pairing), in draft order, each on the world the previous
// ones left. A pair is skipped, not refused, when its people changed since the draft was read (the
// review no longer holds) or when the transition refuses it (one of them is no longer available, the
// pair was declined meanwhile): the rest of the draft is published all the same. The store only
// writes what this decides.
import * as E from 'fp-ts/lib/Either.js'
import type { ClusterId, TandemId, UserId } from '../shared/ids.js'
import type { Instant } from '../shared/time.js'
import type { Score } from '../tandem/tandem.codec.js'
import { createCohortTandem } from '../tandem/tandem.transitions.js'
import type { Transition, World } from '../tandem/world.js'

/** One reviewed pair of a draft, with each person's version as read for the draft. */
export type CohortPublishPair = {
  readonly menteeId: UserId
  readonly menteeVersion: number
  readonly mentor: { readonly id: UserId; readonly version: number; readonly score: Score }
}

/** What publishing one pair did: its tandem, or why it was skipped. */
export type CohortPairOutcome = { readonly tandemId: TandemId } | { readonly skipped: 'Changed' | 'NotAvailable' }

export type CohortPublished = {
  readonly transition: Transition
  /** One per pair, in the order given. */
  readonly outcomes: readonly CohortPairOutcome[]
}

/** Publishes the pairs on `world` (of every person named in them) into the program year `clusterId`. */
export const publishCohortPairs =
  (now: Instant, clusterId: ClusterId, pairs: readonly CohortPublishPair[]) =>
  (world: World): CohortPublished => {
    let current = world
    const events: Transition['events'][number][] = []
    const outcomes: CohortPairOutcome[] = []
    for (const pair of pairs) {
      // Changed since the draft was read is judged on the world as it was before this publish: the
      // publish's own earlier pairs (a mentor with several places) change versions too.
      const mentee = world.users.get(pair.menteeId)
      const changed =
        mentee?.version !== pair.menteeVersion ||
        world.users.get(pair.mentor.id)?.version !== pair.mentor.version ||
        mentee.mentee?.clusterId !== clusterId
      if (changed) {
        outcomes.push({ skipped: 'Changed' })
        continue
      }
      const made = createCohortTandem(now, { menteeId: pair.menteeId, mentorId: pair.mentor.id, clusterId, score: pair.mentor.score })(
        current,
      )
      if (E.isLeft(made)) {
        outcomes.push({ skipped: 'NotAvailable' })
        continue
      }
      const proposed = made.right.events.find((e) => e._tag === 'TandemProposed')
      if (proposed?._tag !== 'TandemProposed') throw new Error('a cohort tandem is proposed when it is made')
      outcomes.push({ tandemId: proposed.tandemId })
      events.push(...made.right.events)
      current = made.right.world
    }
    return { transition: { world: current, events }, outcomes }
  }
