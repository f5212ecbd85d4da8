// The meeting's commands as pure transitions (docs/mentorship.md#meetings): each checks the move
// table, who may make it and its input, and answers the new meeting with what changed, or a refusal.
// Every change raises the sequence, so a calendar updates its entry.
import { left, right, type Either } from 'fp-ts/lib/Either.js'
import { invalidTransition, validationFailed, type DomainError } from '../errors.js'
import { fieldError } from '../validation/messages.js'
import type { Instant } from '../shared/time.js'
import type { TandemId } from '../shared/ids.js'
import type { Side } from '../users/role.js'
import type { Meeting, MeetingChange, MeetingProposal, Session, Slot } from './meeting.codec.js'
import { meetingMove, type MeetingEvent } from './meeting.moves.js'
import { noteErrors, proposalErrors, slotEnd, slotErrors } from './meeting.rules.js'

export type MeetingResult = Either<
  DomainError,
  { readonly meeting: Meeting; readonly change: MeetingChange; readonly session: Session | null }
>

const otherSide = (side: Side): Side => (side === 'Mentee' ? 'Mentor' : 'Mentee')

/** A new meeting proposed by `by`; refused with every field's rule when the proposal breaks one. */
export const proposeMeeting = (
  now: Instant,
  command: { readonly tandemId: TandemId; readonly by: Side; readonly proposal: MeetingProposal; readonly timeZone: string },
): Either<DomainError, Meeting> => {
  const errors = proposalErrors(now, command.proposal)
  if (errors.length > 0) return left(validationFailed(errors))
  return right({
    tandemId: command.tandemId,
    state: 'Proposed',
    sequence: 0,
    proposedBy: command.by,
    slots: [...command.proposal.slots].sort((a, b) => a.start - b.start),
    mode: command.proposal.mode,
    agenda: command.proposal.agenda,
    note: null,
    timeZone: command.timeZone,
    createdAt: now,
    updatedAt: now,
    answeredBy: null,
  })
}

const moved = (meeting: Meeting, event: MeetingEvent, now: Instant, change: Partial<Meeting>): Either<DomainError, Meeting> => {
  const to = meetingMove(meeting.state, event)
  if (to === undefined) return left(invalidTransition(meeting.state, event))
  return right({ ...meeting, ...change, state: to, sequence: meeting.sequence + 1, updatedAt: now })
}

const withChange = (result: Either<DomainError, Meeting>, change: MeetingChange, session: Session | null = null): MeetingResult =>
  result._tag === 'Left' ? result : right({ meeting: result.right, change, session })

/** The side that did not propose picks one of the offered slots (by its start), before it begins. */
export const pickSlot =
  (now: Instant, command: { readonly by: Side; readonly start: Instant }) =>
  (meeting: Meeting): MeetingResult => {
    if (meetingMove(meeting.state, 'Pick') === undefined) return left(invalidTransition(meeting.state, 'Pick'))
    if (command.by === meeting.proposedBy) return left(invalidTransition(meeting.state, 'PickOwnProposal'))
    const slot = meeting.slots.find((s) => s.start === command.start)
    if (slot === undefined) return left(validationFailed([fieldError('start', 'meeting-slot-unknown')]))
    if (slot.start <= now) return left(validationFailed([fieldError('start', 'meeting-slot-in-past')]))
    return withChange(moved(meeting, 'Pick', now, { slots: [slot], note: null }), { _tag: 'MeetingConfirmed' })
  }

/** The side that did not propose asks for other times, with a note. */
export const askOtherTimes =
  (now: Instant, command: { readonly by: Side; readonly note: string }) =>
  (meeting: Meeting): MeetingResult => {
    if (meetingMove(meeting.state, 'AskOtherTimes') === undefined) return left(invalidTransition(meeting.state, 'AskOtherTimes'))
    if (command.by === meeting.proposedBy) return left(invalidTransition(meeting.state, 'AskOtherTimesOfOwnProposal'))
    const errors = noteErrors(command.note)
    if (errors.length > 0) return left(validationFailed(errors))
    return withChange(moved(meeting, 'AskOtherTimes', now, { note: command.note }), { _tag: 'MeetingOtherTimesAsked' })
  }

/**
 * Either side moves the meeting: a confirmed one to one new time (it stays confirmed), an
 * unanswered one to one to three new slots the other side then answers.
 */
export const moveMeeting =
  (now: Instant, command: { readonly by: Side; readonly slots: readonly Slot[]; readonly note: string; readonly timeZone: string }) =>
  (meeting: Meeting): MeetingResult => {
    if (meetingMove(meeting.state, 'Move') === undefined) return left(invalidTransition(meeting.state, 'Move'))
    const errors = [
      ...(meeting.state === 'Confirmed' && command.slots.length !== 1
        ? [fieldError('slots', 'meeting-slot-count', { min: 1, max: 1 })]
        : []),
      ...slotErrors(now, command.slots),
      ...noteErrors(command.note),
    ]
    if (errors.length > 0) return left(validationFailed(errors))
    const slots = [...command.slots].sort((a, b) => a.start - b.start)
    const proposedBy = meeting.state === 'Confirmed' ? meeting.proposedBy : command.by
    return withChange(moved(meeting, 'Move', now, { slots, note: command.note, proposedBy, timeZone: command.timeZone }), {
      _tag: 'MeetingMoved',
    })
  }

/** Either side cancels a meeting that has not taken place, with a note. */
export const cancelMeeting =
  (now: Instant, command: { readonly by: Side; readonly note: string }) =>
  (meeting: Meeting): MeetingResult => {
    if (meetingMove(meeting.state, 'Cancel') === undefined) return left(invalidTransition(meeting.state, 'Cancel'))
    const errors = noteErrors(command.note)
    if (errors.length > 0) return left(validationFailed(errors))
    return withChange(moved(meeting, 'Cancel', now, { note: command.note }), { _tag: 'MeetingCancelled' })
  }

/** When a confirmed meeting may be answered "did it take place?": from its end on. */
export const meetingEndOf = (meeting: Meeting): Instant | undefined =>
  meeting.state === 'Proposed' || meeting.state === 'OtherTimesAsked'
    ? undefined
    : meeting.slots[0] === undefined
      ? undefined
      : slotEnd(meeting.slots[0])

/**
 * Either side answers after the meeting's end whether it took place; the first answer counts. A
 * "yes" logs the session (its start and length).
 */
export const answerTookPlace =
  (now: Instant, command: { readonly by: Side; readonly tookPlace: boolean }) =>
  (meeting: Meeting): MeetingResult => {
    const event: MeetingEvent = command.tookPlace ? 'AnswerTookPlace' : 'AnswerDidNotTakePlace'
    if (meetingMove(meeting.state, event) === undefined) return left(invalidTransition(meeting.state, event))
    const slot = meeting.slots[0]
    if (slot === undefined) throw new Error('a confirmed meeting without its slot')
    if (now < slotEnd(slot)) return left({ _tag: 'MeetingNotOver' })
    const session: Session | null = command.tookPlace
      ? { tandemId: meeting.tandemId, startedAt: slot.start, minutes: slot.minutes, loggedBy: command.by, fromMeeting: true }
      : null
    return withChange(
      moved(meeting, event, now, { answeredBy: command.by }),
      { _tag: 'MeetingAnswered', tookPlace: command.tookPlace },
      session,
    )
  }

/** The team ended (however it ended): a meeting not yet held is cancelled, without a note. */
export const cancelMeetingOfEndedTeam =
  (now: Instant) =>
  (meeting: Meeting): MeetingResult =>
    withChange(moved(meeting, 'Cancel', now, { note: null }), { _tag: 'MeetingCancelled' })

export { otherSide as otherMeetingSide }
