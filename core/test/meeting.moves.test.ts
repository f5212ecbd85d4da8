// The meeting's move table driven through the real commands: every (state, event) cell is refused
// exactly where the table has no move and lands where it says otherwise; random command sequences
// keep a confirmed meeting at exactly one slot, raise the sequence on every change, and a cancelled
// meeting takes no answer.
import * as E from 'fp-ts/lib/Either.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  answerTookPlace,
  askOtherTimes,
  cancelMeeting,
  HOUR,
  MEETING_EVENTS,
  MEETING_MOVES,
  MEETING_STATES,
  MINUTE,
  moveMeeting,
  pickSlot,
  proposeMeeting,
  tandemIdOf,
  type Meeting,
  type MeetingEvent,
  type MeetingResult,
  type MeetingState,
  type Side,
} from '../src/index.js'

const NOW = Date.UTC(2026, 2, 20, 9, 0)
const slot = (hoursAhead: number, minutes = 60) => ({ start: NOW + hoursAhead * HOUR, minutes })
const proposed = (): Meeting => {
  const made = proposeMeeting(NOW, {
    tandemId: tandemIdOf(1),
    by: 'Mentee',
    proposal: { slots: [slot(24), slot(48)], mode: { kind: 'Online', link: 'https://meet.example.org/a' }, agenda: 'Career' },
    timeZone: 'Europe/Berlin',
  })
  if (E.isLeft(made)) throw new Error('the sample proposal is refused')
  return made.right
}
const ok = (r: MeetingResult): Meeting => {
  if (E.isLeft(r)) throw new Error(`refused: ${r.left._tag}`)
  return r.right.meeting
}

/** A meeting in each state, and a time at which every command's other conditions hold. */
const IN_STATE: Record<MeetingState, () => { meeting: Meeting; at: number }> = {
  Proposed: () => ({ meeting: proposed(), at: NOW + HOUR }),
  OtherTimesAsked: () => ({ meeting: ok(askOtherTimes(NOW, { by: 'Mentor', note: 'Evenings?' })(proposed())), at: NOW + HOUR }),
  Confirmed: () => ({ meeting: ok(pickSlot(NOW, { by: 'Mentor', start: slot(24).start })(proposed())), at: NOW + 26 * HOUR }),
  TookPlace: () => {
    const confirmed = ok(pickSlot(NOW, { by: 'Mentor', start: slot(24).start })(proposed()))
    return { meeting: ok(answerTookPlace(NOW + 26 * HOUR, { by: 'Mentee', tookPlace: true })(confirmed)), at: NOW + 27 * HOUR }
  },
  DidNotTakePlace: () => {
    const confirmed = ok(pickSlot(NOW, { by: 'Mentor', start: slot(24).start })(proposed()))
    return { meeting: ok(answerTookPlace(NOW + 26 * HOUR, { by: 'Mentee', tookPlace: false })(confirmed)), at: NOW + 27 * HOUR }
  },
  Cancelled: () => ({ meeting: ok(cancelMeeting(NOW, { by: 'Mentor', note: '' })(proposed())), at: NOW + HOUR }),
}

/** Each event as the command a side other than the proposer (the mentor) makes at `at`. */
const COMMAND: Record<MeetingEvent, (meeting: Meeting, at: number) => MeetingResult> = {
  Pick: (m, at) => pickSlot(at, { by: 'Mentor', start: m.slots[0]?.start ?? 0 })(m),
  AskOtherTimes: (m, at) => askOtherTimes(at, { by: 'Mentor', note: 'Later?' })(m),
  Move: (m, at) => moveMeeting(at, { by: 'Mentor', slots: [{ start: at + 72 * HOUR, minutes: 30 }], note: '', timeZone: 'UTC' })(m),
  Cancel: (m, at) => cancelMeeting(at, { by: 'Mentor', note: 'Ill' })(m),
  AnswerTookPlace: (m, at) => answerTookPlace(at, { by: 'Mentor', tookPlace: true })(m),
  AnswerDidNotTakePlace: (m, at) => answerTookPlace(at, { by: 'Mentor', tookPlace: false })(m),
}

describe('the meeting move table', () => {
  for (const state of MEETING_STATES)
    for (const event of MEETING_EVENTS) {
      const to = MEETING_MOVES[state][event]
      it(`${state} --${event}--> ${to ?? 'refused'}`, () => {
        const { meeting, at } = IN_STATE[state]()
        expect(meeting.state).toBe(state)
        const result = COMMAND[event](meeting, at)
        if (to === undefined) expect(result).toEqual(E.left({ _tag: 'InvalidTransition', from: state, event }))
        else {
          const after = ok(result)
          expect([after.state, after.sequence]).toEqual([to, meeting.sequence + 1])
        }
      })
    }

  it('refuses that the proposing side picks or asks for other times itself', () => {
    const m = proposed()
    expect(E.isLeft(pickSlot(NOW, { by: 'Mentee', start: slot(24).start })(m))).toBe(true)
    expect(E.isLeft(askOtherTimes(NOW, { by: 'Mentee', note: '' })(m))).toBe(true)
  })

  it('refuses "did it take place?" before the meeting ended, and a second answer after the first', () => {
    const confirmed = ok(pickSlot(NOW, { by: 'Mentor', start: slot(24).start })(proposed()))
    expect(answerTookPlace(NOW + 24 * HOUR + 30 * MINUTE, { by: 'Mentee', tookPlace: true })(confirmed)).toEqual(
      E.left({ _tag: 'MeetingNotOver' }),
    )
    const answered = answerTookPlace(NOW + 25 * HOUR, { by: 'Mentee', tookPlace: true })(confirmed)
    expect(E.isRight(answered) && answered.right.session).toEqual({
      tandemId: 1,
      startedAt: slot(24).start,
      minutes: 60,
      loggedBy: 'Mentee',
      fromMeeting: true,
    })
    expect(E.isLeft(answerTookPlace(NOW + 26 * HOUR, { by: 'Mentor', tookPlace: true })(ok(answered)))).toBe(true)
  })

  it('moves a confirmed meeting to exactly one new time and keeps it confirmed', () => {
    const confirmed = ok(pickSlot(NOW, { by: 'Mentor', start: slot(48).start })(proposed()))
    const two = moveMeeting(NOW, { by: 'Mentee', slots: [slot(72), slot(96)], note: '', timeZone: 'UTC' })(confirmed)
    expect(E.isLeft(two) && two.left._tag).toBe('ValidationFailed')
    const one = ok(moveMeeting(NOW, { by: 'Mentee', slots: [slot(72, 30)], note: 'Sorry', timeZone: 'UTC' })(confirmed))
    expect([one.state, one.slots, one.note, one.sequence]).toEqual(['Confirmed', [slot(72, 30)], 'Sorry', 2])
  })
})

describe('random command sequences', () => {
  const side = fc.constantFrom<Side>('Mentee', 'Mentor')
  const command = fc.oneof(
    fc.record({ kind: fc.constant('pick' as const), by: side, index: fc.nat(2) }),
    fc.record({ kind: fc.constant('ask' as const), by: side }),
    fc.record({
      kind: fc.constant('move' as const),
      by: side,
      count: fc.integer({ min: 1, max: 3 }),
      hours: fc.integer({ min: 1, max: 2000 }),
    }),
    fc.record({ kind: fc.constant('cancel' as const), by: side }),
    fc.record({ kind: fc.constant('answer' as const), by: side, yes: fc.boolean() }),
    fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 500 }) }),
  )
  it('a confirmed meeting has one slot, every change raises the sequence, a cancelled one takes no answer', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
        let meeting = proposed()
        let now = NOW
        for (const c of commands) {
          if (c.kind === 'wait') {
            now += c.hours * HOUR
            continue
          }
          const result: MeetingResult =
            c.kind === 'pick'
              ? pickSlot(now, { by: c.by, start: meeting.slots[c.index]?.start ?? -1 })(meeting)
              : c.kind === 'ask'
                ? askOtherTimes(now, { by: c.by, note: '' })(meeting)
                : c.kind === 'move'
                  ? moveMeeting(now, {
                      by: c.by,
                      slots: Array.from({ length: c.count }, (_, i) => ({ start: now + (c.hours + 5 * i) * HOUR, minutes: 60 })),
                      note: '',
                      timeZone: 'UTC',
                    })(meeting)
                  : c.kind === 'cancel'
                    ? cancelMeeting(now, { by: c.by, note: '' })(meeting)
                    : answerTookPlace(now, { by: c.by, tookPlace: c.yes })(meeting)
          if (meeting.state === 'Cancelled') expect(E.isLeft(result)).toBe(true)
          if (E.isLeft(result)) continue
          const after = result.right.meeting
          expect(after.sequence).toBe(meeting.sequence + 1)
          expect(MEETING_MOVES[meeting.state][eventOf(c.kind, 'yes' in c ? c.yes : true)]).toBe(after.state)
          if (after.state === 'Confirmed' || after.state === 'TookPlace' || after.state === 'DidNotTakePlace')
            expect(after.slots).toHaveLength(1)
          else expect(after.slots.length).toBeGreaterThanOrEqual(1)
          expect(result.right.session !== null).toBe(after.state === 'TookPlace' && meeting.state === 'Confirmed')
          meeting = after
        }
      }),
    )
  })
})

const eventOf = (kind: 'pick' | 'ask' | 'move' | 'cancel' | 'answer', yes: boolean): MeetingEvent =>
  kind === 'pick'
    ? 'Pick'
    : kind === 'ask'
      ? 'AskOtherTimes'
      : kind === 'move'
        ? 'Move'
        : kind === 'cancel'
          ? 'Cancel'
          : yes
            ? 'AnswerTookPlace'
            : 'AnswerDidNotTakePlace'
