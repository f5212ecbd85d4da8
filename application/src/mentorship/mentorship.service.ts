// The participant's and the mail link's calls on check-ins (docs/api.md#check-ins), and the
// administrators' "teams needing attention" list. Answers go to administrators only: nothing here
// shows one side's answer to the other.
import { DAY, needsAttention, startTimeline, toIsoDateTime } from '@tandem/core'
import { isLeft, right } from 'fp-ts/lib/Either.js'
import type { AttentionRow, MentorshipService } from '../ports/services.port.js'
import { userById, type ServiceContext } from '../context.js'
import type { Unaudited } from '../admin/audit.js'
import { answerCheckInByLink, answerOwnCheckIn, checkInOfLink, openCheckInsOf } from './checkins.js'

/** The MATCHED teams needing attention now, optionally of one program year, in the order of their ids. */
export const attentionRows = async (ctx: ServiceContext, clusterId: number | null): Promise<readonly AttentionRow[]> => {
  const now = ctx.clock()
  const ids = await ctx.mentorship.matchedTandemIds()
  if (ids.length === 0) return []
  const tandems = (await ctx.store.load({ userIds: [], tandemIds: ids })).tandems
  const rows: AttentionRow[] = []
  for (const id of ids) {
    const tandem = tandems.get(id)
    if (tandem === undefined || (clusterId !== null && tandem.clusterId !== clusterId)) continue
    // A team the check-in sweep has not reached yet has no stored timeline: its start is the match.
    const stored = await ctx.mentorship.timelineOf(id)
    const started = stored === undefined ? startTimeline(tandem) : right(stored)
    if (isLeft(started)) continue
    const timeline = started.right
    const reasons = needsAttention(timeline, now)
    if (reasons.length > 0)
      rows.push({
        matchingTandemId: id,
        clusterId: tandem.clusterId,
        matchedAt: toIsoDateTime(timeline.matchedAt),
        daysSinceMatch: Math.floor((now - timeline.matchedAt) / DAY),
        reasons,
      })
  }
  return rows
}

/** The calls as implemented; `attention` is wrapped by the audit (admin/audit.ts) in services.ts. */
export const mentorshipService = (
  ctx: ServiceContext,
): Omit<MentorshipService, 'attention'> & Unaudited<Pick<MentorshipService, 'attention'>> => ({
  openCheckIns: async (actor) => {
    const me = await userById(ctx, actor.userId)
    if (isLeft(me)) return me
    const world = await ctx.store.load({ userIds: [me.right.id] })
    const tandems = [...world.tandems.values()].filter((t) => t.menteeId === me.right.id || t.mentorId === me.right.id)
    const open = await openCheckInsOf(ctx, tandems, me.right.id)
    return right(open.map((o) => ({ matchingTandemId: o.tandemId, role: o.side, occasion: o.occasion, askedAt: toIsoDateTime(o.askedAt) })))
  },
  answer: async (actor, body) => {
    const me = await userById(ctx, actor.userId)
    if (isLeft(me)) return me
    const result = await answerOwnCheckIn(ctx, me.right.id, {
      tandemId: body.matchingTandemId,
      occasion: body.occasion,
      answer: body.answer,
    })
    return isLeft(result) ? result : right(true)
  },
  linkCheckIn: async (token) => {
    const link = await checkInOfLink(ctx, token)
    return isLeft(link)
      ? link
      : right({ role: link.right.side, occasion: link.right.occasion, open: link.right.open, closedBecause: link.right.closedBecause })
  },
  answerByLink: async (body) => {
    const result = await answerCheckInByLink(ctx, body.token, body.answer)
    return isLeft(result) ? result : right(true)
  },
  attention: async (clusterId) => right(await attentionRows(ctx, clusterId)),
})
