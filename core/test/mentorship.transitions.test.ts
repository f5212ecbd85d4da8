// The timeline's commands one rule at a time: starting from a matched tandem, answers refused unless
// the question is open (with the state named), answers of the wrong kind, the end, and the codec.
import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import {
  tandemIdOf,
  acceptByMentee,
  acceptByMentor,
  answerCheckIn,
  CheckInOccasion,
  CLOSING,
  decodeCheckInAnswer,
  endMentorship,
  MET,
  occasionKey,
  pulse,
  sendQuestion,
  startTimeline,
  Timeline,
  HOUR,
} from '../src/index.js'
import { ANNA, MAX, population, proposeTo, right, tandemOf } from './arbitraries/world.helpers.js'
import { closingAnswer, day, freshTimeline, metYes, ok, pulseOf, refused, T0 } from './arbitraries/mentorship.helpers.js'

const MENTEE_MET = { side: 'Mentee', occasion: MET } as const
const metAsked = (): Timeline => ok(sendQuestion(day(14), MENTEE_MET)(freshTimeline()))

describe('startTimeline', () => {
  it('starts at the moment the mentor accepted', () => {
    const proposed = proposeTo(population(), T0, ANNA, [MAX]).world
    const chosen = right(acceptByMentee(T0 + HOUR, { tandemId: tandemIdOf(1), menteeId: ANNA })(proposed)).world
    const matched = right(acceptByMentor(T0 + 5 * HOUR, { tandemId: tandemIdOf(1), mentorId: MAX })(chosen)).world
    expect(startTimeline(tandemOf(matched, 1))).toEqual(E.right({ tandemId: 1, matchedAt: T0 + 5 * HOUR, ended: null, checkIns: [] }))
  })

  it('refuses a tandem that is not matched', () => {
    const proposed = proposeTo(population(), T0, ANNA, [MAX]).world
    expect(startTimeline(tandemOf(proposed, 1))).toEqual(E.left({ _tag: 'InvalidTransition', from: 'ACTIVE', event: 'TimelineStarted' }))
  })
})

describe('answerCheckIn', () => {
  it('records an open question’s answer and when it came', () => {
    const result = answerCheckIn(day(15), { ...MENTEE_MET, answer: metYes })(metAsked())
    expect(ok(result).checkIns[0]).toMatchObject({ answer: metYes, answeredAt: day(15) })
    expect(E.isRight(result) && result.right.events).toEqual([{ _tag: 'CheckInAnswered', tandemId: 7, side: 'Mentee', occasion: MET }])
  })

  it('refuses an answer to a question not yet asked, naming the state', () => {
    expect(refused(answerCheckIn(day(10), { ...MENTEE_MET, answer: metYes })(freshTimeline()))).toEqual({
      _tag: 'InvalidTransition',
      from: 'Scheduled',
      event: 'Answered',
    })
    // Due but not sent yet: the person has not seen the question.
    expect(refused(answerCheckIn(day(15), { ...MENTEE_MET, answer: metYes })(freshTimeline()))).toMatchObject({ from: 'Due' })
  })

  it('refuses a second answer', () => {
    const answered = ok(answerCheckIn(day(15), { ...MENTEE_MET, answer: metYes })(metAsked()))
    expect(refused(answerCheckIn(day(16), { ...MENTEE_MET, answer: metYes })(answered))).toEqual({
      _tag: 'InvalidTransition',
      from: 'Answered',
      event: 'Answered',
    })
  })

  it('refuses an answer once the next question fell due, even if it was not sent yet', () => {
    expect(refused(answerCheckIn(day(30), { ...MENTEE_MET, answer: metYes })(metAsked()))).toMatchObject({ from: 'Superseded' })
    expect(E.isRight(answerCheckIn(day(30) - 1, { ...MENTEE_MET, answer: metYes })(metAsked()))).toBe(true)
  })

  it('refuses an answer after the team ended, except to the closing survey', () => {
    const ended = ok(endMentorship(day(16), { by: 'Mentor' })(metAsked()))
    expect(refused(answerCheckIn(day(17), { ...MENTEE_MET, answer: metYes })(ended))).toMatchObject({ from: 'Superseded' })
    const asked = ok(sendQuestion(day(16), { side: 'Mentee', occasion: CLOSING })(ended))
    expect(E.isRight(answerCheckIn(day(17), { side: 'Mentee', occasion: CLOSING, answer: closingAnswer })(asked))).toBe(true)
  })

  it('refuses an answer for the other side’s question', () => {
    expect(refused(answerCheckIn(day(15), { side: 'Mentor', occasion: MET, answer: metYes })(metAsked()))).toMatchObject({ from: 'Due' })
  })

  it('refuses an answer of another kind than the question', () => {
    expect(refused(answerCheckIn(day(15), { ...MENTEE_MET, answer: pulseOf(3) })(metAsked()))).toEqual({
      _tag: 'ValidationFailed',
      errors: [{ field: 'kind', key: 'invalid-value' }],
    })
  })
})

describe('endMentorship', () => {
  it('supersedes the open questions of both sides and says so', () => {
    const both = ok(sendQuestion(day(14), { side: 'Mentor', occasion: MET })(metAsked()))
    const result = endMentorship(day(16), { by: 'ProgramYear' })(both)
    expect(E.isRight(result) && result.right.events.map((e) => `${e._tag}${'side' in e ? ` ${e.side}` : ''}`)).toEqual([
      'CheckInSuperseded Mentee',
      'CheckInSuperseded Mentor',
      'MentorshipEnded',
    ])
    expect(ok(result).checkIns.map((r) => r.supersededAt)).toEqual([day(16), day(16)])
    expect(ok(result).ended).toEqual({ at: day(16), by: 'ProgramYear' })
  })

  it('refuses to end a team twice', () => {
    const ended = ok(endMentorship(day(16), { by: 'Mentee' })(freshTimeline()))
    expect(refused(endMentorship(day(17), { by: 'Admin' })(ended))).toEqual({
      _tag: 'InvalidTransition',
      from: 'Ended',
      event: 'TeamEnded',
    })
  })
})

describe('a clock a little behind (another instance)', () => {
  it('does not reopen a running team’s questions once the team ended', () => {
    const ended = ok(endMentorship(day(16), { by: 'Mentor' })(metAsked()))
    expect(refused(sendQuestion(day(16) - HOUR, { side: 'Mentor', occasion: MET })(ended))).toMatchObject({ from: 'Dropped' })
    expect(refused(answerCheckIn(day(16) - HOUR, { ...MENTEE_MET, answer: metYes })(ended))).toMatchObject({ from: 'Superseded' })
  })

  it('does not send an older question once a later one was sent to that side', () => {
    const pulse1Sent = ok(sendQuestion(day(90), { side: 'Mentee', occasion: pulse(1) })(freshTimeline()))
    expect(refused(sendQuestion(day(90) - HOUR, { side: 'Mentee', occasion: pulse(0) })(pulse1Sent))).toMatchObject({ from: 'Dropped' })
  })
})

describe('sendQuestion', () => {
  it('refuses to send a question twice, or one that is not due', () => {
    expect(refused(sendQuestion(day(14), MENTEE_MET)(metAsked()))).toMatchObject({ from: 'Asked', event: 'QuestionSent' })
    expect(refused(sendQuestion(day(13), MENTEE_MET)(freshTimeline()))).toMatchObject({ from: 'Scheduled' })
    expect(refused(sendQuestion(day(100), { side: 'Mentee', occasion: pulse(5) })(freshTimeline()))).toMatchObject({ from: 'Scheduled' })
    expect(refused(sendQuestion(day(14), { side: 'Mentee', occasion: CLOSING })(freshTimeline()))).toMatchObject({ from: 'Scheduled' })
  })
})

describe('decodeCheckInAnswer', () => {
  it('accepts each kind with valid values', () => {
    for (const answer of [metYes, pulseOf(1, 'fine'), pulseOf(5), closingAnswer])
      expect(decodeCheckInAnswer(answer)).toEqual(E.right(answer))
  })

  it('takes a score from 1 to 5, whole numbers only', () => {
    for (const score of [0, 6, 2.5, -1]) {
      expect(decodeCheckInAnswer({ kind: 'Pulse', score, note: null })).toEqual(
        E.left({ _tag: 'ValidationFailed', errors: [{ field: 'score', key: 'invalid-value' }] }),
      )
    }
    expect(decodeCheckInAnswer({ ...closingAnswer, satisfaction: 9 })).toMatchObject({ left: { errors: [{ field: 'satisfaction' }] } })
  })

  it('takes a note of at most 1000 characters, counted as the user sees them', () => {
    expect(E.isRight(decodeCheckInAnswer(pulseOf(3, '😀'.repeat(1000))))).toBe(true)
    expect(decodeCheckInAnswer(pulseOf(3, 'x'.repeat(1001)))).toEqual(
      E.left({
        _tag: 'ValidationFailed',
        errors: [{ field: 'note', key: 'max-characters-exceeded-error', params: { count: 1001, max: 1000 } }],
      }),
    )
  })

  it('refuses values outside the enumerations and missing fields', () => {
    expect(decodeCheckInAnswer({ kind: 'Met', met: 'Maybe' })).toMatchObject({ left: { errors: [{ field: 'met', key: 'invalid-value' }] } })
    expect(decodeCheckInAnswer({ ...closingAnswer, goalsReached: 'Half' })).toMatchObject({ left: { errors: [{ field: 'goalsReached' }] } })
    expect(decodeCheckInAnswer({ kind: 'Closing', satisfaction: 3, goalsReached: 'All', note: null })).toMatchObject({
      left: { errors: [{ field: 'wouldRecommend', key: 'requiredFieldError' }] },
    })
    expect(decodeCheckInAnswer({ kind: 'Survey' })).toMatchObject({ left: { errors: [{ field: 'kind', key: 'invalid-value' }] } })
    expect(decodeCheckInAnswer(null)).toMatchObject({ left: { _tag: 'ValidationFailed' } })
  })

  it('decodes occasions and keys them stably', () => {
    expect(CheckInOccasion.decode({ kind: 'Pulse', round: 2 })).toEqual(E.right(pulse(2)))
    expect(E.isLeft(CheckInOccasion.decode({ kind: 'Pulse', round: -1 }))).toBe(true)
    expect([MET, pulse(0), pulse(2), CLOSING].map(occasionKey)).toEqual(['met', 'pulse-0', 'pulse-2', 'closing'])
    expect(() => pulse(1.5)).toThrow()
  })

  it('round-trips a stored timeline through its codec', () => {
    const stored = ok(answerCheckIn(day(15), { ...MENTEE_MET, answer: metYes })(metAsked()))
    expect(Timeline.decode(JSON.parse(JSON.stringify(stored)))).toEqual(E.right(stored))
  })
})
