// Which running teams an administrator should look at (docs/mentorship.md#needs-attention-needsattentiontimeline-now): nobody reported meeting by day
// 21, a side cannot reach the other, a side's latest pulse is 1 or 2, or a side missed two questions in a row.
import { DAY, type Instant } from '../shared/time.js'
import type { Side } from '../users/role.js'
import type { CheckInRating } from './checkin.codec.js'
import { checkInStateAt, occasionOrder, CHECK_IN_SIDES, type Timeline } from './timeline.js'

export const NOT_MET_ATTENTION_AFTER = 21 * DAY
/** A pulse at or below this score asks for attention. */
export const LOW_PULSE_MAX = 2

export type AttentionReason =
  | { readonly _tag: 'NotMetByDay21' }
  | { readonly _tag: 'CannotReachPartner'; readonly side: Side }
  | { readonly _tag: 'LowPulse'; readonly side: Side; readonly score: CheckInRating }
  | { readonly _tag: 'TwoUnansweredInARow'; readonly side: Side }
  /** A matched team logged no session for 30 days (since the match when none): docs/mentorship.md#meetings. */
  | { readonly _tag: 'NoSessionFor30Days' }

const sideReasons = (timeline: Timeline, now: Instant, side: Side): AttentionReason[] => {
  const asked = timeline.checkIns.filter((r) => r.side === side).toSorted((a, b) => occasionOrder(a.occasion) - occasionOrder(b.occasion))
  const met = asked.find((r) => r.answer?.kind === 'Met')?.answer
  const latestPulse = asked.flatMap((r) => (r.answer?.kind === 'Pulse' ? [r.answer.score] : [])).at(-1)
  // A question still open does not break a row of misses, nor count as one.
  const settled = asked.map((r) => checkInStateAt(timeline, now, side, r.occasion)).filter((s) => s === 'Answered' || s === 'Superseded')
  return [
    ...(met?.kind === 'Met' && met.met === 'CannotReach' ? [{ _tag: 'CannotReachPartner' as const, side }] : []),
    ...(latestPulse !== undefined && latestPulse <= LOW_PULSE_MAX ? [{ _tag: 'LowPulse' as const, side, score: latestPulse }] : []),
    ...(settled.length >= 2 && settled.slice(-2).every((s) => s === 'Superseded') ? [{ _tag: 'TwoUnansweredInARow' as const, side }] : []),
  ]
}

/** The reasons a running team needs attention at `now` (empty: none; an ended team needs none). */
export const needsAttention = (timeline: Timeline, now: Instant): readonly AttentionReason[] => {
  if (timeline.ended !== null) return []
  const someoneMet = timeline.checkIns.some((r) => r.answer?.kind === 'Met' && r.answer.met === 'Yes')
  const notMet = now >= timeline.matchedAt + NOT_MET_ATTENTION_AFTER && !someoneMet
  return [...(notMet ? [{ _tag: 'NotMetByDay21' as const }] : []), ...CHECK_IN_SIDES.flatMap((side) => sideReasons(timeline, now, side))]
}

export const NO_SESSION_ATTENTION_AFTER = 30 * DAY

/**
 * "No session for 30 days": a running team whose last logged session (or, with none, its match) lies
 * 30 days or more before `now`.
 */
export const sessionAttention = (timeline: Timeline, lastSessionAt: Instant | null, now: Instant): readonly AttentionReason[] =>
  timeline.ended === null && now - Math.max(lastSessionAt ?? timeline.matchedAt, timeline.matchedAt) >= NO_SESSION_ATTENTION_AFTER
    ? [{ _tag: 'NoSessionFor30Days' }]
    : []
