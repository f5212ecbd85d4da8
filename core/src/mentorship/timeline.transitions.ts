// The commands of a check-in timeline (docs/mentorship.md): start it from a matched tandem, send a question
// or its reminder, answer, end the team. Each consults the move table for the state at `now`.
import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import { invalidTransition, validationFailed, type DomainError } from '../errors.js'
import type { TandemId } from '../shared/ids.js'
import type { Instant } from '../shared/time.js'
import type { Tandem } from '../tandem/tandem.codec.js'
import type { Side } from '../users/role.js'
import { fieldError } from '../messages.js'
import type { CheckInAnswer, CheckInOccasion } from './checkin.codec.js'
import { checkInMove, type CheckInEvent } from './checkin.moves.js'
import { checkInStateAt, closesAtOf, hasLeft, sameOccasion, type CheckInRecord, type EndedBy, type Timeline } from './timeline.js'

/** What happened on a timeline; the adapters turn CheckInAsked and CheckInReminded into mails. */
export type MentorshipEvent =
  | { readonly _tag: 'CheckInAsked'; readonly tandemId: TandemId; readonly side: Side; readonly occasion: CheckInOccasion }
  | { readonly _tag: 'CheckInReminded'; readonly tandemId: TandemId; readonly side: Side; readonly occasion: CheckInOccasion }
  | { readonly _tag: 'CheckInAnswered'; readonly tandemId: TandemId; readonly side: Side; readonly occasion: CheckInOccasion }
  /** Asked, never answered: the next question came or the team ended (a "missed" check-in). */
  | { readonly _tag: 'CheckInSuperseded'; readonly tandemId: TandemId; readonly side: Side; readonly occasion: CheckInOccasion }
  | { readonly _tag: 'MentorshipEnded'; readonly tandemId: TandemId; readonly by: EndedBy }

export type TimelineResult = E.Either<DomainError, { readonly timeline: Timeline; readonly events: readonly MentorshipEvent[] }>

export type SendCheckIn = { readonly side: Side; readonly occasion: CheckInOccasion }
export type AnswerCheckIn = SendCheckIn & { readonly answer: CheckInAnswer }
export type EndMentorship = { readonly by: EndedBy }

/** The timeline of a tandem that just became MATCHED: it starts at the mentor's acceptance. */
export const startTimeline = (tandem: Tandem): E.Either<DomainError, Timeline> => {
  const matchedAt = tandem.mentorProposal.decidedAt
  if (tandem.state !== 'MATCHED' || matchedAt === null) return E.left(invalidTransition(tandem.state, 'TimelineStarted'))
  return E.right({ tandemId: tandem.id, matchedAt, ended: null, checkIns: [] })
}

/** Refuses unless the table has a move for this check-in's state at `now`. */
const checkMove = (timeline: Timeline, now: Instant, command: SendCheckIn, event: CheckInEvent): E.Either<DomainError, void> => {
  const state = checkInStateAt(timeline, now, command.side, command.occasion)
  return checkInMove(state, event) === undefined ? E.left(invalidTransition(state, event)) : E.right(undefined)
}

/**
 * Writes down the supersession of the side's unanswered questions that a later question or the
 * end has closed by `now` (the clock closed them already; this makes the rows say so).
 */
const settle = (timeline: Timeline, now: Instant, sides: readonly Side[]): { checkIns: CheckInRecord[]; events: MentorshipEvent[] } => {
  const events: MentorshipEvent[] = []
  const checkIns = timeline.checkIns.map((r) => {
    if (!sides.includes(r.side) || r.answer !== null || r.supersededAt !== null) return r
    if (checkInStateAt(timeline, now, r.side, r.occasion) !== 'Superseded') return r
    events.push({ _tag: 'CheckInSuperseded', tandemId: timeline.tandemId, side: r.side, occasion: r.occasion })
    return { ...r, supersededAt: Math.min(now, closesAtOf(timeline, r.occasion) ?? now) }
  })
  return { checkIns, events }
}

const replace = (timeline: Timeline, command: SendCheckIn, change: (r: CheckInRecord) => CheckInRecord): readonly CheckInRecord[] =>
  timeline.checkIns.map((r) => (r.side === command.side && sameOccasion(r.occasion, command.occasion) ? change(r) : r))

/** Sends a due question to one side; its older unanswered questions are superseded. */
export const sendQuestion =
  (now: Instant, command: SendCheckIn) =>
  (timeline: Timeline): TimelineResult =>
    pipe(
      checkMove(timeline, now, command, 'QuestionSent'),
      E.map(() => {
        const record: CheckInRecord = {
          side: command.side,
          occasion: command.occasion,
          askedAt: now,
          remindedAt: null,
          answeredAt: null,
          answer: null,
          supersededAt: null,
        }
        const asked: Timeline = { ...timeline, checkIns: [...timeline.checkIns, record] }
        const settled = settle(asked, now, [command.side])
        return {
          timeline: { ...asked, checkIns: settled.checkIns },
          events: [
            ...settled.events,
            { _tag: 'CheckInAsked' as const, tandemId: timeline.tandemId, side: command.side, occasion: command.occasion },
          ],
        }
      }),
    )

/** Sends the one reminder of a question asked at least 5 days ago and still unanswered. */
export const sendReminder =
  (now: Instant, command: SendCheckIn) =>
  (timeline: Timeline): TimelineResult =>
    pipe(
      checkMove(timeline, now, command, 'ReminderSent'),
      E.map(() => ({
        timeline: { ...timeline, checkIns: replace(timeline, command, (r) => ({ ...r, remindedAt: now })) },
        events: [{ _tag: 'CheckInReminded' as const, tandemId: timeline.tandemId, side: command.side, occasion: command.occasion }],
      })),
    )

/**
 * Records a side's answer. Refused (InvalidTransition, `from` naming the state) when the question is
 * not open: not yet asked (Scheduled, Due), already Answered, Superseded or Dropped; refused
 * (ValidationFailed) when the answer is of another kind than the question.
 */
export const answerCheckIn =
  (now: Instant, command: AnswerCheckIn) =>
  (timeline: Timeline): TimelineResult => {
    if (command.answer.kind !== command.occasion.kind) return E.left(validationFailed([fieldError('kind', 'invalid-value')]))
    return pipe(
      checkMove(timeline, now, command, 'Answered'),
      E.map(() => ({
        timeline: { ...timeline, checkIns: replace(timeline, command, (r) => ({ ...r, answer: command.answer, answeredAt: now })) },
        events: [{ _tag: 'CheckInAnswered' as const, tandemId: timeline.tandemId, side: command.side, occasion: command.occasion }],
      })),
    )
  }

/**
 * The team ended, however it ended: every unanswered question is superseded, nothing else will be
 * asked, and the closing survey falls due for both sides (dueCheckIns lists it from `now` on; a
 * caller may send it in the same transaction).
 */
export const endMentorship =
  (now: Instant, command: EndMentorship) =>
  (timeline: Timeline): TimelineResult => {
    if (timeline.ended !== null) return E.left(invalidTransition('Ended', 'TeamEnded'))
    const ended: Timeline = { ...timeline, ended: { at: now, by: command.by } }
    const settled = settle(ended, now, ['Mentee', 'Mentor'])
    return E.right({
      timeline: { ...ended, checkIns: settled.checkIns },
      events: [...settled.events, { _tag: 'MentorshipEnded', tandemId: timeline.tandemId, by: command.by }],
    })
  }

/**
 * The person of these sides deleted their account: the timeline keeps that they left, so that
 * nothing more is asked of their side while the other side's closing survey and its one reminder
 * still follow.
 */
export const sidesLeft =
  (sides: readonly Side[]) =>
  (timeline: Timeline): Timeline =>
    sides.every((side) => hasLeft(timeline, side)) ? timeline : { ...timeline, left: [...new Set([...(timeline.left ?? []), ...sides])] }
