// The waitlist's round (docs/matching.md#waitlist): when a command opened a place (a trigger row
// written in its transaction), start matching for the waiting mentees who now have a candidate,
// longest waiting first, through the start-matching run itself (same rules, the 48 h window
// starting then); the run's completion writes the WAITLIST_PROPOSALS mail to the outbox with the
// proposals. Idempotent: a mentee who got proposals waits no more, so a second round (or a round
// repeated after a crash before the triggers were removed) neither runs nor mails again.
import { declinedMentorsOf, waitlistCandidates, waitlistOf, type UserId } from '@tandem/core'
import { isRight } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'
import { sideReads } from '../users/views.js'
import { runMatching } from './matching.run.js'

export type WaitlistRound = {
  /** Whether a trigger was pending (false: nothing to do, nothing read). */
  readonly triggered: boolean
  /** The mentees whose run proposed mentors, in the order they were served. */
  readonly proposed: readonly UserId[]
}

export const serveWaitlist = async (ctx: ServiceContext): Promise<WaitlistRound> => {
  const trigger = await ctx.waitlist.pendingTrigger()
  if (trigger === null) return { triggered: false, proposed: [] }
  const ids = await ctx.waitlist.maybeWaitingIds()
  // The query left out those who turned the waitlist off; the core decides on the rest.
  const waiting = ids.length === 0 ? [] : waitlistOf(await ctx.store.load({ userIds: ids }), ids, () => true)
  const proposed: UserId[] = []
  for (const { menteeId } of waiting) {
    const user = await ctx.users.byId(menteeId)
    if (user === undefined || (await ctx.waitlist.isOff(menteeId))) continue
    const read = await sideReads(ctx, menteeId, 'Mentee')
    const own = await ctx.store.load({ userIds: [menteeId] })
    const ranked = (await ctx.mentorPool.rank({ id: menteeId, answers: read.answers }, declinedMentorsOf(own, menteeId))).map(
      (r) => r.mentorId,
    )
    if (ranked.length === 0) continue
    // Only a mentee with a candidate now gets a run: one whose ranking holds only mentors taken by
    // those served before keeps waiting, with the time they wait since.
    const current = await ctx.store.load({ userIds: [menteeId, ...ranked] })
    if (waitlistCandidates(current, menteeId, ranked).length === 0) continue
    const result = await runMatching(ctx, user, read, { byWaitlist: true })
    if (isRight(result)) {
      const after = (await ctx.store.load({ userIds: [menteeId] })).users.get(menteeId)?.mentee
      if (after?.status === 'PROPOSED') proposed.push(menteeId)
    } else if (!isRight(result)) ctx.logger.warn({ menteeId, error: result.left }, 'waitlist run refused')
  }
  // Served: a trigger written meanwhile has a higher id and brings the next round.
  await ctx.waitlist.served(trigger)
  return { triggered: true, proposed }
}
