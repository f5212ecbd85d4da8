// The team's timeline as people see it (docs/mentorship.md#the-timeline-view): every question so far
// in order, each side's state and answer, what comes next and when, and how the team ended. One
// definition for the administrators' view and the participant's; the participant's keeps their own
// side only, so the other side's answers and notes never leave the server for them.
import type { Instant } from '../shared/time.js'
import type { Tandem } from '../tandem/tandem.codec.js'
import type { Side } from '../users/role.js'
import { CLOSING, MET, pulse, type CheckInAnswer, type CheckInOccasion } from './checkin.codec.js'
import type { CheckInState } from './checkin.moves.js'
import type { EndReasonId } from '../tandem/ending.codec.js'
import { isToldEndingReason } from './ending.rules.js'
import {
  CHECK_IN_SIDES,
  checkInStateAt,
  dueAtOf,
  FIRST_PULSE_AFTER,
  MET_QUESTION_AFTER,
  nextOccasion,
  occasionOrder,
  PULSE_EVERY,
  recordOf,
  type EndedBy,
  type Timeline,
} from './timeline.js'

/** One side's part of one question: its state at `now` and what was stored (nulls when never asked). */
export type TimelineSideView = {
  readonly side: Side
  readonly state: CheckInState
  readonly askedAt: Instant | null
  readonly remindedAt: Instant | null
  readonly answeredAt: Instant | null
  readonly answer: CheckInAnswer | null
}

export type TimelineQuestionView = {
  readonly occasion: CheckInOccasion
  /** When it fell (or falls) due; the closing survey's is the end. */
  readonly dueAt: Instant | null
  readonly sides: readonly TimelineSideView[]
}

/** How the team ended: when and by whom from the timeline, the reason when a side or an administrator gave one. */
export type TimelineEndView = { readonly at: Instant; readonly by: EndedBy; readonly reasonId: EndReasonId | null }

export type TimelineView = {
  readonly matchedAt: Instant
  readonly questions: readonly TimelineQuestionView[]
  /** The next question and its date; null once the team ended (the closing survey was the last). */
  readonly next: { readonly occasion: CheckInOccasion; readonly dueAt: Instant } | null
  readonly ended: TimelineEndView | null
}

/** The questions that fell due on a running team by `until`: met at day 14, then the pulses. */
const dueBy = (timeline: Timeline, until: Instant): CheckInOccasion[] => {
  const elapsed = until - timeline.matchedAt
  if (elapsed < MET_QUESTION_AFTER) return []
  const pulses = elapsed < FIRST_PULSE_AFTER ? 0 : Math.floor((elapsed - FIRST_PULSE_AFTER) / PULSE_EVERY) + 1
  return [MET, ...Array.from({ length: pulses }, (_, round) => pulse(round))]
}

/** Every question of the timeline so far, in order, once: the due ones, the stored ones, the closing survey after an end. */
const questionsOf = (timeline: Timeline, now: Instant): CheckInOccasion[] => {
  // An ended team asks nothing after its end but the closing survey.
  const until = timeline.ended === null ? now : Math.min(now, timeline.ended.at)
  const all = [
    ...dueBy(timeline, until),
    ...timeline.checkIns.map((r) => r.occasion),
    ...(timeline.ended !== null && now >= timeline.ended.at ? [CLOSING] : []),
  ]
  const byOrder = new Map(all.map((o) => [occasionOrder(o), o]))
  return [...byOrder.entries()].sort(([a], [b]) => a - b).map(([, o]) => o)
}

const sideView = (timeline: Timeline, now: Instant, side: Side, occasion: CheckInOccasion): TimelineSideView => {
  const record = recordOf(timeline, side, occasion)
  return {
    side,
    state: checkInStateAt(timeline, now, side, occasion),
    askedAt: record?.askedAt ?? null,
    remindedAt: record?.remindedAt ?? null,
    answeredAt: record?.answeredAt ?? null,
    answer: record?.answer ?? null,
  }
}

/** What comes after the last question listed on a running team (met first, when nothing fell due yet). */
const nextOf = (timeline: Timeline, questions: readonly CheckInOccasion[]): TimelineView['next'] => {
  if (timeline.ended !== null) return null
  const last = questions[questions.length - 1]
  const occasion = last === undefined ? MET : nextOccasion(last)
  const dueAt = occasion === undefined ? null : dueAtOf(timeline, occasion)
  return occasion === undefined || dueAt === null ? null : { occasion, dueAt }
}

/**
 * The whole timeline of a team at `now` (administrators): both sides of every question. `tandem`
 * gives the ending's reason; a team released or deleted away has none.
 */
export const timelineView = (timeline: Timeline, tandem: Pick<Tandem, 'ending'> | undefined, now: Instant): TimelineView => {
  const questions = questionsOf(timeline, now)
  return {
    matchedAt: timeline.matchedAt,
    questions: questions.map((occasion) => ({
      occasion,
      dueAt: dueAtOf(timeline, occasion),
      sides: CHECK_IN_SIDES.map((side) => sideView(timeline, now, side, occasion)),
    })),
    next: nextOf(timeline, questions),
    ended: timeline.ended === null ? null : { ...timeline.ended, reasonId: tandem?.ending?.reasonId ?? null },
  }
}

/**
 * The same view for one participant: their own side of each question only, never the other's answer
 * or note. The ending's reason is kept for the side who ended the team only: the partner learns that
 * it ended, when and by whom, never why (docs/privacy.md, the `tandems` row).
 */
export const ownTimelineView = (view: TimelineView, side: Side): TimelineView => ({
  ...view,
  questions: view.questions.map((q) => ({ ...q, sides: q.sides.filter((s) => s.side === side) })),
  ended: view.ended === null || isToldEndingReason(view.ended.by, side) ? view.ended : { ...view.ended, reasonId: null },
})
