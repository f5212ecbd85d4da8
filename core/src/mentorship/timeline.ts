// A matched team's check-in timeline (docs/mentorship.md): what was asked, reminded and answered per
// side, and what the clock passed in makes of it. Only questions that were sent are stored; the
// state of every other question follows from the match date, the end and `now`.
import * as t from 'io-ts'
import { TandemId } from '../shared/ids.js'
import { DAY, Instant } from '../shared/time.js'
import { Side } from '../users/role.js'
import { CheckInAnswer, CheckInOccasion, CLOSING, MET, pulse } from './checkin.codec.js'
import { isOpenCheckInState, type CheckInState } from './checkin.moves.js'

export const MET_QUESTION_AFTER = 14 * DAY
export const FIRST_PULSE_AFTER = 30 * DAY
export const PULSE_EVERY = 60 * DAY
export const REMINDER_AFTER = 5 * DAY

export const CHECK_IN_SIDES: readonly Side[] = ['Mentee', 'Mentor']

/** Who ended the team: either side, an administrator's release, or the deactivation of its program year. */
export const EndedBy = t.keyof({ Mentee: null, Mentor: null, Admin: null, ProgramYear: null })
export type EndedBy = t.TypeOf<typeof EndedBy>

/** A question that was sent to one side. Unanswered and not superseded: still open. */
export const CheckInRecord = t.type({
  side: Side,
  occasion: CheckInOccasion,
  askedAt: Instant,
  remindedAt: t.union([Instant, t.null]),
  answeredAt: t.union([Instant, t.null]),
  answer: t.union([CheckInAnswer, t.null]),
  /** When a later question or the team's end closed it unanswered (written by the command that noticed). */
  supersededAt: t.union([Instant, t.null]),
})
export type CheckInRecord = t.TypeOf<typeof CheckInRecord>

export const Timeline = t.intersection([
  t.type({
    tandemId: TandemId,
    matchedAt: Instant,
    ended: t.union([t.type({ at: Instant, by: EndedBy }), t.null]),
    checkIns: t.readonlyArray(CheckInRecord),
  }),
  /**
   * The sides whose person deleted their account: they are asked nothing more (their rows are
   * erased), while the other side's closing survey and its one reminder still follow.
   */
  t.partial({ left: t.readonlyArray(Side) }),
])
export type Timeline = t.TypeOf<typeof Timeline>

/** Whether the side's person left (deleted their account): nothing more is asked of that side. */
export const hasLeft = (timeline: Timeline, side: Side): boolean => timeline.left?.includes(side) ?? false

/** The sides still asked: both, less those whose person left. */
export const remainingSides = (timeline: Timeline): readonly Side[] => CHECK_IN_SIDES.filter((side) => !hasLeft(timeline, side))

/** Met first, then the pulses in order, the closing survey last. */
export const occasionOrder = (o: CheckInOccasion): number => (o.kind === 'Met' ? 0 : o.kind === 'Pulse' ? o.round + 1 : Infinity)

export const sameOccasion = (a: CheckInOccasion, b: CheckInOccasion): boolean => occasionOrder(a) === occasionOrder(b)

/** The question that follows this one on a running team; the closing survey has none. */
export const nextOccasion = (o: CheckInOccasion): CheckInOccasion | undefined =>
  o.kind === 'Met' ? pulse(0) : o.kind === 'Pulse' ? pulse(o.round + 1) : undefined

/** When a question falls due: fixed from the match date; the closing survey when the team ends (null while it runs). */
export const dueAtOf = (timeline: Timeline, o: CheckInOccasion): Instant | null =>
  o.kind === 'Met'
    ? timeline.matchedAt + MET_QUESTION_AFTER
    : o.kind === 'Pulse'
      ? timeline.matchedAt + FIRST_PULSE_AFTER + o.round * PULSE_EVERY
      : (timeline.ended?.at ?? null)

/** When a question stops being answerable unless answered: the next one falls due or the team ends. */
export const closesAtOf = (timeline: Timeline, o: CheckInOccasion): Instant | null => {
  const next = nextOccasion(o)
  if (next === undefined) return null
  const nextDue = dueAtOf(timeline, next) ?? Infinity
  return Math.min(nextDue, timeline.ended?.at ?? Infinity)
}

export const recordOf = (timeline: Timeline, side: Side, o: CheckInOccasion): CheckInRecord | undefined =>
  timeline.checkIns.find((r) => r.side === side && sameOccasion(r.occasion, o))

/** Whether a later question already closed this one: by time, by having been sent, or by the team's end. */
const isClosed = (timeline: Timeline, now: Instant, side: Side, o: CheckInOccasion): boolean => {
  if (o.kind !== 'Closing' && timeline.ended !== null) return true
  const closesAt = closesAtOf(timeline, o)
  if (closesAt !== null && now >= closesAt) return true
  return timeline.checkIns.some((r) => r.side === side && occasionOrder(r.occasion) > occasionOrder(o))
}

/** The state of one question for one side at `now` (the table's states; see checkin.moves.ts). */
export const checkInStateAt = (timeline: Timeline, now: Instant, side: Side, o: CheckInOccasion): CheckInState => {
  const record = recordOf(timeline, side, o)
  const closed = isClosed(timeline, now, side, o)
  if (record !== undefined) {
    if (record.answer !== null) return 'Answered'
    if (record.supersededAt !== null || closed) return 'Superseded'
    if (record.remindedAt !== null) return 'Reminded'
    return now >= record.askedAt + REMINDER_AFTER ? 'ReminderDue' : 'Asked'
  }
  if (closed) return 'Dropped'
  const dueAt = dueAtOf(timeline, o)
  return dueAt !== null && now >= dueAt ? 'Due' : 'Scheduled'
}

/** The newest question that has fallen due by `now` (the only one that can still be sent), if any. */
export const latestDueOccasion = (timeline: Timeline, now: Instant): CheckInOccasion | undefined => {
  if (timeline.ended !== null) return now >= timeline.ended.at ? CLOSING : undefined
  const elapsed = now - timeline.matchedAt
  if (elapsed < MET_QUESTION_AFTER) return undefined
  if (elapsed < FIRST_PULSE_AFTER) return MET
  return pulse(Math.floor((elapsed - FIRST_PULSE_AFTER) / PULSE_EVERY))
}

export type DueCheckIn = {
  readonly side: Side
  readonly occasion: CheckInOccasion
  readonly action: 'Ask' | 'Remind'
}

/**
 * What to send at `now`: per side at most one question (the newest that fell due, when not sent) or
 * one reminder; nothing to a side whose person left. Sending records it, so a second sweep at the
 * same `now` finds nothing.
 */
export const dueCheckIns = (timeline: Timeline, now: Instant): readonly DueCheckIn[] =>
  remainingSides(timeline).flatMap((side): DueCheckIn[] => {
    const latest = latestDueOccasion(timeline, now)
    const ask = latest !== undefined && checkInStateAt(timeline, now, side, latest) === 'Due' ? [latest] : []
    const remind = timeline.checkIns
      .filter((r) => r.side === side && checkInStateAt(timeline, now, side, r.occasion) === 'ReminderDue')
      .map((r) => r.occasion)
    return [
      ...ask.map((occasion) => ({ side, occasion, action: 'Ask' as const })),
      ...remind.map((occasion) => ({ side, occasion, action: 'Remind' as const })),
    ]
  })

/** The question a side may answer now (what the page shows with its buttons), if any. */
export const openCheckIn = (timeline: Timeline, now: Instant, side: Side): CheckInRecord | undefined =>
  timeline.checkIns.find((r) => r.side === side && isOpenCheckInState(checkInStateAt(timeline, now, side, r.occasion)))
