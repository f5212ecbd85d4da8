// The matching run of start matching: passed deadlines and PENDING in one transaction, scoring
// outside it, proposals in a second one that re-checks every mentor (and ranks again when all of
// them were taken meanwhile). The mentee's slice is read
// once; the second transaction continues from what the first committed, reading only the mentee
// and the ranked mentors again (its writes stay conditional on the versions it read). Any failure
// after the first step clears PENDING again.
import {
  abortMatchingRun,
  beginMatchingRun,
  completeMatchingRun,
  declinedMentorsOf,
  MINUTE,
  type DomainError,
  type UserId,
} from '@tandem/core'
import type { UserRecord } from '../ports/store/index.js'
import { isLeft, isRight, left, right, type Either } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'
import { sideComplete, sideReads, type SideReads } from '../users/views.js'

export type RunMatchingPorts = Pick<ServiceContext, 'answers' | 'clock' | 'logger' | 'master' | 'mentorPool' | 'store' | 'users'>

/**
 * `read`: the mentee's answers and profile answers when the caller read them already (with the
 * record, at once). `byWaitlist`: the waitlist started the run (docs/matching.md#waitlist); the
 * same run, whose proposals are announced by the waitlist's mail, written with them. `exclude`:
 * mentors the run leaves out besides the declined ones (the waitlist's `waitlistExcludedMentorsOf`,
 * read before the run starts, since starting it ends the wait).
 */
export const runMatching = async (
  ctx: RunMatchingPorts,
  mentee: UserRecord,
  read?: SideReads,
  options: { readonly byWaitlist?: boolean; readonly exclude?: readonly UserId[] } = {},
): Promise<Either<DomainError, boolean>> => {
  if (mentee.participant.mentee === null) return left({ _tag: 'WrongRole', role: 'Mentee' })
  const id = mentee.id
  const given = read ?? (await sideReads(ctx, id, 'Mentee'))
  const answers = given.answers
  const startedAt = ctx.clock()
  const begin = beginMatchingRun(startedAt, {
    menteeId: id,
    profileComplete: await sideComplete(ctx, mentee, 'Mentee', startedAt, given),
  })
  const begun = await ctx.store.runCurrent({ userIds: [id] }, begin, startedAt)
  if (isLeft(begun)) return begun
  try {
    const declined = new Set([...declinedMentorsOf(begun.right.world, id), ...(options.exclude ?? [])])
    const complete = async (lastAttempt: boolean) => {
      const proposals = (await ctx.mentorPool.rank({ id, answers }, declined)).map((r) => ({ mentorId: r.mentorId, score: r.score }))
      // Scoring took time: the proposals' 48 h start when they are written.
      const proposedAt = ctx.clock()
      const apply = completeMatchingRun(proposedAt, { menteeId: id, proposals, byWaitlist: options.byWaitlist })
      return ctx.store.runAfter(
        begun.right.world,
        // The mentee is read again too: a profile or answer save of hers between the two
        // transactions moved her version, and the proposals are no less hers for it.
        { userIds: [id, ...proposals.map((p) => p.mentorId)] },
        // Every ranked mentor was taken by runs that committed while this one scored (other
        // requests, other instances): rather than "no match" while others may still be free, undo
        // and rank again against the pool as it is now.
        (world) => {
          const result = apply(world)
          const lostRace =
            !lastAttempt && proposals.length > 0 && isRight(result) && result.right.events.some((e) => e._tag === 'NoMatchFound')
          return lostRace ? left(LOST_RACE) : result
        },
        proposedAt,
      )
    }
    let completed = await complete(false)
    for (let attempt = 2; isLeft(completed) && completed.left === LOST_RACE; attempt += 1)
      completed = await complete(attempt === RANKING_ATTEMPTS)
    if (isLeft(completed)) {
      await abort(ctx, id)
      return completed
    }
    return right(true)
  } catch (e) {
    await abort(ctx, id)
    throw e
  }
}

/** How often a run ranks the pool when every ranked mentor was taken in the meantime (the last one writes what it finds). */
const RANKING_ATTEMPTS = 5

/** The refusal that undoes a completion whose ranked mentors were all taken (never leaves runMatching). */
const LOST_RACE: DomainError = { _tag: 'TandemChanged' }

type AbortPorts = Pick<ServiceContext, 'clock' | 'logger' | 'store'>

const abort = async (ctx: AbortPorts, menteeId: UserId): Promise<void> => {
  const now = ctx.clock()
  const result = await ctx.store.run({ userIds: [menteeId] }, abortMatchingRun(now, { menteeId }), now)
  if (isLeft(result)) ctx.logger.warn({ menteeId, error: result.left }, 'could not clear PENDING')
}

/**
 * How old a PENDING run must be before an instance on a shared database takes it for interrupted.
 * A run takes well under a second; another live instance may be in the middle of a younger one.
 */
export const INTERRUPTED_RUN_AFTER = 5 * MINUTE

export type ClearInterruptedRunsPorts = Pick<ServiceContext, 'clock' | 'lists' | 'logger' | 'store'>

/**
 * Clears runs a stopped process left PENDING. `'all'`: every PENDING run (the start of the only
 * server of a SQLite file); `'stale'`: only runs started INTERRUPTED_RUN_AFTER ago or earlier, so
 * that an instance starting (or sweeping) on a shared PostgreSQL database never aborts a run
 * another instance is still serving.
 */
export const clearInterruptedRuns = async (ctx: ClearInterruptedRunsPorts, which: 'all' | 'stale' = 'all'): Promise<number> => {
  const pending = await ctx.lists.pendingMenteeIds(which === 'all' ? undefined : ctx.clock() - INTERRUPTED_RUN_AFTER)
  for (const id of pending) await abort(ctx, id)
  return pending.length
}
