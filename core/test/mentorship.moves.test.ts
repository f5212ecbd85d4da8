// Every cell of CHECK_IN_MOVES, legal or not, driven through the real commands and the real clock:
// the commands are refused exactly where the table has no move, and land where it says otherwise.
import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import {
  answerCheckIn,
  CHECK_IN_EVENTS,
  CHECK_IN_MOVES,
  CHECK_IN_STATES,
  checkInStateAt,
  endMentorship,
  isReachableCheckInState,
  isTerminalCheckInState,
  pulse,
  sendQuestion,
  sendReminder,
  type CheckInEvent,
  type CheckInState,
  type Timeline,
  type TimelineResult,
} from '../src/index.js'
import { day, freshTimeline, ok, pulseOf } from './arbitraries/mentorship.helpers.js'

/** The subject of every case: the mentee's first pulse (due day 30, closed by the next at day 90). */
const SUBJECT = { side: 'Mentee', occasion: pulse(0) } as const
const stateOf = (timeline: Timeline, now: number): CheckInState => checkInStateAt(timeline, now, SUBJECT.side, SUBJECT.occasion)

type Case = { readonly state: CheckInState; readonly how: string; readonly timeline: Timeline; readonly at: number }

const asked = (): Timeline => ok(sendQuestion(day(31), SUBJECT)(freshTimeline()))
const reminded = (): Timeline => ok(sendReminder(day(37), SUBJECT)(asked()))

/** Each state, reached in every way the timeline can reach it, and an instant at which it holds. */
const CASES: readonly Case[] = [
  { state: 'Scheduled', how: 'before day 30', timeline: freshTimeline(), at: day(20) },
  { state: 'Due', how: 'day 30, not sent', timeline: freshTimeline(), at: day(31) },
  { state: 'Asked', how: 'sent on day 31', timeline: asked(), at: day(32) },
  { state: 'ReminderDue', how: '5 days after sending', timeline: asked(), at: day(36.5) },
  { state: 'Reminded', how: 'reminded on day 37', timeline: reminded(), at: day(38) },
  {
    state: 'Answered',
    how: 'answered on day 32',
    timeline: ok(answerCheckIn(day(32), { ...SUBJECT, answer: pulseOf(3) })(asked())),
    at: day(33),
  },
  {
    state: 'Answered',
    how: 'answered after the reminder',
    timeline: ok(answerCheckIn(day(38), { ...SUBJECT, answer: pulseOf(3) })(reminded())),
    at: day(39),
  },
  { state: 'Superseded', how: 'by the clock (day 90)', timeline: asked(), at: day(91) },
  {
    state: 'Superseded',
    how: 'by sending the next pulse',
    timeline: ok(sendQuestion(day(91), { side: 'Mentee', occasion: pulse(1) })(asked())),
    at: day(92),
  },
  { state: 'Superseded', how: 'by the team ending', timeline: ok(endMentorship(day(40), { by: 'Mentor' })(reminded())), at: day(41) },
  { state: 'Dropped', how: 'never sent before day 90', timeline: freshTimeline(), at: day(91) },
  {
    state: 'Dropped',
    how: 'the team ended before day 30',
    timeline: ok(endMentorship(day(20), { by: 'Admin' })(freshTimeline())),
    at: day(31),
  },
  {
    state: 'Dropped',
    how: 'the team ended after day 30, not sent',
    timeline: ok(endMentorship(day(33), { by: 'ProgramYear' })(freshTimeline())),
    at: day(34),
  },
]

/** The commands of the three command events, for the subject. */
const COMMANDS: Readonly<Partial<Record<CheckInEvent, (now: number) => (timeline: Timeline) => TimelineResult>>> = {
  QuestionSent: (now) => sendQuestion(now, SUBJECT),
  ReminderSent: (now) => sendReminder(now, SUBJECT),
  Answered: (now) => answerCheckIn(now, { ...SUBJECT, answer: pulseOf(5) }),
}

/** Where the clock and the end take the subject, for the two clock events. */
const CLOCK_TRIGGERS: Readonly<Partial<Record<CheckInEvent, (c: Case) => CheckInState>>> = {
  // Just before the next pulse: every date of the subject (due, reminder) has passed, nothing closed it.
  FallsDue: (c) => stateOf(c.timeline, Math.max(c.at, day(90) - 1)),
  Superseded: (c) => stateOf(c.timeline, Math.max(c.at, day(90))),
}

describe('CHECK_IN_MOVES', () => {
  it('builds every state it names, each case being what it claims', () => {
    for (const c of CASES) expect(`${c.how}: ${stateOf(c.timeline, c.at)}`).toBe(`${c.how}: ${c.state}`)
    expect(new Set(CASES.map((c) => c.state))).toEqual(new Set(CHECK_IN_STATES))
  })

  for (const c of CASES) {
    for (const event of CHECK_IN_EVENTS) {
      const to = CHECK_IN_MOVES[c.state][event]
      const command = COMMANDS[event]
      if (command === undefined) continue
      it(`${c.state} (${c.how}) --${event}--> ${to ?? 'refused'}`, () => {
        const result = command(c.at)(c.timeline)
        if (to === undefined) expect(result).toEqual(E.left({ _tag: 'InvalidTransition', from: c.state, event }))
        else expect(E.isRight(result) ? stateOf(result.right.timeline, c.at) : result.left).toBe(to)
      })
    }
    for (const event of ['FallsDue', 'Superseded'] as const) {
      const to = CHECK_IN_MOVES[c.state][event]
      it(`${c.state} (${c.how}) --${event}--> ${to ?? 'unchanged'} (the clock)`, () => {
        const trigger = CLOCK_TRIGGERS[event]
        expect(trigger?.(c)).toBe(to ?? c.state)
      })
    }
  }

  it('supersedes every open or pending state when the team ends, and leaves the finished ones', () => {
    for (const c of CASES) {
      const result = endMentorship(c.at, { by: 'Mentee' })(c.timeline)
      if (E.isLeft(result)) continue // the team had already ended: nothing to end again
      expect(`${c.how}: ${stateOf(result.right.timeline, c.at)}`).toBe(`${c.how}: ${CHECK_IN_MOVES[c.state].Superseded ?? c.state}`)
    }
  })

  it('has terminal states exactly where nothing leaves, and every state reachable from Scheduled', () => {
    expect(CHECK_IN_STATES.filter(isTerminalCheckInState)).toEqual(['Answered', 'Superseded', 'Dropped'])
    for (const state of CHECK_IN_STATES) expect(isReachableCheckInState('Scheduled', state)).toBe(true)
    expect(isReachableCheckInState('Answered', 'Asked')).toBe(false)
    expect(isReachableCheckInState('Reminded', 'ReminderDue')).toBe(false)
  })
})
