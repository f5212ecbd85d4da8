// The participant's and the mail link's calls on check-ins (docs/api.md#check-ins), and the
// administrators' "teams needing attention" list. Answers go to administrators only: nothing here
// shows one side's answer to the other.
import {
  DAY,
  needsAttention,
  sessionAttention,
  notFound,
  ownTimelineView,
  startTimeline,
  timelineView,
  toIsoDateTime,
  type Instant,
  type MyTimelineWire,
  type Side,
  type Tandem,
  type TandemId,
  type Timeline,
  type TimelineView,
  type TimelineWire,
  type UserId,
} from '@tandem/core'
import { isLeft, left, right } from 'fp-ts/lib/Either.js'
import type { AttentionRow, MentorshipService } from '../ports/services.port.js'
import { userById, type ServiceContext } from '../context.js'
import type { Unaudited } from '../audit/audit.js'
import { answerCheckInByLink, answerOwnCheckIn, checkInOfLink, CLOSING_LINK_VALID, openCheckInsOf } from './checkins.js'
import type { CheckInContext } from './checkins.js'

/** The stored timeline of a team, or the one its match started when the sweep has not reached it; undefined when it never matched. */
const timelineOfTeam = async (ctx: Pick<ServiceContext, 'mentorship'>, tandem: Tandem): Promise<Timeline | undefined> => {
  const stored = await ctx.mentorship.timelineOf(tandem.id)
  if (stored !== undefined) return stored
  const started = startTimeline(tandem)
  return isLeft(started) ? undefined : started.right
}

const iso = (instant: Instant | null): string | null => (instant === null ? null : toIsoDateTime(instant))

/** The core's view on the wire: instants as ISO date-times. */
const toWire = (tandemId: TandemId, view: TimelineView): TimelineWire => ({
  matchingTandemId: tandemId,
  matchedAt: toIsoDateTime(view.matchedAt),
  questions: view.questions.map((q) => ({
    occasion: q.occasion,
    dueAt: iso(q.dueAt),
    sides: q.sides.map((s) => ({
      role: s.side,
      state: s.state,
      askedAt: iso(s.askedAt),
      remindedAt: iso(s.remindedAt),
      answeredAt: iso(s.answeredAt),
      answer: s.answer,
    })),
  })),
  next: view.next === null ? null : { occasion: view.next.occasion, dueAt: toIsoDateTime(view.next.dueAt) },
  ended: view.ended === null ? null : { ...view.ended, at: toIsoDateTime(view.ended.at) },
})

export type TeamTimelinePorts = Pick<ServiceContext, 'clock' | 'mentorship' | 'store'>

/** Administrators: one team's whole timeline; null for a team that never matched. */
export const teamTimeline = async (ctx: TeamTimelinePorts, tandemId: TandemId) => {
  const tandem = (await ctx.store.load({ userIds: [], tandemIds: [tandemId] })).tandems.get(tandemId)
  if (tandem === undefined) return left(notFound('Tandem'))
  const timeline = await timelineOfTeam(ctx, tandem)
  return right(timeline === undefined ? null : toWire(tandemId, timelineView(timeline, tandem, ctx.clock())))
}

type MyTimelinesPorts = Pick<ServiceContext, 'clock' | 'mentorship' | 'store' | 'users'>

/**
 * A participant's own timelines: their running teams and those that ended no longer ago than the
 * closing survey stays answerable; each with their own side only.
 */
const myTimelines = async (ctx: MyTimelinesPorts, userId: UserId): Promise<readonly MyTimelineWire[]> => {
  const now = ctx.clock()
  const world = await ctx.store.load({ userIds: [userId] })
  const out: MyTimelineWire[] = []
  for (const tandem of [...world.tandems.values()].sort((a, b) => a.id - b.id)) {
    const side: Side | undefined = tandem.menteeId === userId ? 'Mentee' : tandem.mentorId === userId ? 'Mentor' : undefined
    if (side === undefined) continue
    const timeline = await timelineOfTeam(ctx, tandem)
    if (timeline === undefined || (timeline.ended !== null && now - timeline.ended.at > CLOSING_LINK_VALID)) continue
    const partner = await userById(ctx, side === 'Mentee' ? tandem.mentorId : tandem.menteeId)
    const partnerName = isLeft(partner) ? '' : `${partner.right.firstName} ${partner.right.lastName}`.trim()
    out.push({ ...toWire(tandem.id, ownTimelineView(timelineView(timeline, tandem, now), side)), role: side, partnerName })
  }
  return out
}

/** The administrators' reads of the participants' answers, audited. */
export type AdminReads = 'attention' | 'teamTimeline'

export type AttentionRowsPorts = Pick<ServiceContext, 'clock' | 'meetings' | 'mentorship' | 'store'>

/** The MATCHED teams needing attention now, optionally of one program year, in the order of their ids. */
export const attentionRows = async (ctx: AttentionRowsPorts, clusterId: number | null): Promise<readonly AttentionRow[]> => {
  const now = ctx.clock()
  const ids = await ctx.mentorship.matchedTandemIds()
  if (ids.length === 0) return []
  const tandems = (await ctx.store.load({ userIds: [], tandemIds: ids })).tandems
  const rows: AttentionRow[] = []
  const figures = await ctx.meetings.figuresOf(ids, now)
  for (const id of ids) {
    const tandem = tandems.get(id)
    if (tandem === undefined || (clusterId !== null && tandem.clusterId !== clusterId)) continue
    // A team the check-in sweep has not reached yet has no stored timeline: its start is the match.
    const stored = await ctx.mentorship.timelineOf(id)
    const started = stored === undefined ? startTimeline(tandem) : right(stored)
    if (isLeft(started)) continue
    const timeline = started.right
    const reasons = [...needsAttention(timeline, now), ...sessionAttention(timeline, figures.get(id)?.lastSessionAt ?? null, now)]
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

export type MentorshipServicePorts = CheckInContext & Pick<ServiceContext, 'users'>

/** The calls as implemented; `attention` and `teamTimeline` are wrapped by the audit (audit/audit.ts) in services.ts. */
export const mentorshipService = (
  ctx: MentorshipServicePorts,
): Omit<MentorshipService, AdminReads> & Unaudited<Pick<MentorshipService, AdminReads>> => ({
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
  teamTimeline: async (tandemId) => await teamTimeline(ctx, tandemId),
  myTimelines: async (actor) => {
    const me = await userById(ctx, actor.userId)
    return isLeft(me) ? me : right(await myTimelines(ctx, me.right.id))
  },
})
