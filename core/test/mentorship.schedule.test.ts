// When each question of the timeline falls due, for both sides: met? at day 14, a pulse at day 30
// and every 60 days, one reminder 5 days after sending, the closing survey when the team ends.
import { describe, expect, it } from 'vitest'
import {
  CLOSING,
  dueCheckIns,
  endMentorship,
  MET,
  pulse,
  sendQuestion,
  sendReminder,
  answerCheckIn,
  checkInStateAt,
  openCheckIn,
  type DueCheckIn,
  type Timeline,
} from '../src/index.js'
import { closingAnswer, day, freshTimeline, metYes, ok } from './arbitraries/mentorship.helpers.js'

const both = (occasion: DueCheckIn['occasion'], action: DueCheckIn['action']): DueCheckIn[] => [
  { side: 'Mentee', occasion, action },
  { side: 'Mentor', occasion, action },
]

/** Sends everything due at `now`, as the sweep does. */
const sweep = (timeline: Timeline, now: number): Timeline =>
  dueCheckIns(timeline, now).reduce(
    (t, due) => ok((due.action === 'Ask' ? sendQuestion : sendReminder)(now, { side: due.side, occasion: due.occasion })(t)),
    timeline,
  )

describe('dueCheckIns', () => {
  it('asks nothing before day 14 (day 13 and a minute before day 14)', () => {
    expect(dueCheckIns(freshTimeline(), day(13))).toEqual([])
    expect(dueCheckIns(freshTimeline(), day(14) - 60_000)).toEqual([])
  })

  it('asks both sides "have you met yet?" on day 14', () => {
    expect(dueCheckIns(freshTimeline(), day(14))).toEqual(both(MET, 'Ask'))
  })

  it('asks nothing again once sent, at the same instant or later the same week', () => {
    const sent = sweep(freshTimeline(), day(14))
    expect(dueCheckIns(sent, day(14))).toEqual([])
    expect(dueCheckIns(sent, day(18.9))).toEqual([])
  })

  it('reminds on day 19, 5 days after sending, once', () => {
    const sent = sweep(freshTimeline(), day(14))
    expect(dueCheckIns(sent, day(19) - 1)).toEqual([])
    expect(dueCheckIns(sent, day(19))).toEqual(both(MET, 'Remind'))
    const reminded = sweep(sent, day(19))
    expect(dueCheckIns(reminded, day(19))).toEqual([])
    expect(dueCheckIns(reminded, day(29.9))).toEqual([])
  })

  it('counts the 5 days from when the question was sent, not from when it fell due', () => {
    const late = sweep(freshTimeline(), day(16))
    expect(dueCheckIns(late, day(20.9))).toEqual([])
    expect(dueCheckIns(late, day(21))).toEqual(both(MET, 'Remind'))
  })

  it('does not remind a side that answered', () => {
    const sent = sweep(freshTimeline(), day(14))
    const answered = ok(answerCheckIn(day(15), { side: 'Mentor', occasion: MET, answer: metYes })(sent))
    expect(dueCheckIns(answered, day(19))).toEqual([{ side: 'Mentee', occasion: MET, action: 'Remind' }])
  })

  it('asks the first pulse on day 30 and supersedes an unanswered "met?"', () => {
    const metSent = sweep(sweep(freshTimeline(), day(14)), day(19))
    expect(dueCheckIns(metSent, day(30) - 1)).toEqual([])
    expect(dueCheckIns(metSent, day(30))).toEqual(both(pulse(0), 'Ask'))
    // Enforced when read: even before the sweep sends the pulse, the met question is closed.
    expect(checkInStateAt(metSent, day(30), 'Mentee', MET)).toBe('Superseded')
    const pulseSent = sweep(metSent, day(30))
    expect(pulseSent.checkIns.filter((r) => r.occasion.kind === 'Met').map((r) => r.supersededAt)).toEqual([day(30), day(30)])
    expect(openCheckIn(pulseSent, day(30), 'Mentee')?.occasion).toEqual(pulse(0))
  })

  it('reminds the pulse on day 35, asks the next pulses on day 90 and 150', () => {
    const at30 = sweep(sweep(freshTimeline(), day(14)), day(30))
    expect(dueCheckIns(at30, day(35))).toEqual(both(pulse(0), 'Remind'))
    const at35 = sweep(at30, day(35))
    expect(dueCheckIns(at35, day(89.9))).toEqual([])
    expect(dueCheckIns(at35, day(90))).toEqual(both(pulse(1), 'Ask'))
    const at90 = sweep(at35, day(90))
    expect(dueCheckIns(at90, day(95))).toEqual(both(pulse(1), 'Remind'))
    expect(dueCheckIns(at90, day(150))).toEqual(both(pulse(2), 'Ask'))
  })

  it('asks only the newest question after a long pause of the sweep; the older ones are dropped', () => {
    const late = sweep(freshTimeline(), day(100))
    expect(late.checkIns.map((r) => [r.side, r.occasion])).toEqual([
      ['Mentee', pulse(1)],
      ['Mentor', pulse(1)],
    ])
    expect(checkInStateAt(late, day(100), 'Mentee', MET)).toBe('Dropped')
    expect(checkInStateAt(late, day(100), 'Mentor', pulse(0))).toBe('Dropped')
  })

  it('asks the closing survey when the team ends, and nothing else afterwards', () => {
    const running = sweep(sweep(freshTimeline(), day(14)), day(30))
    const ended = ok(endMentorship(day(40), { by: 'Mentee' })(running))
    expect(dueCheckIns(ended, day(40))).toEqual(both(CLOSING, 'Ask'))
    const asked = sweep(ended, day(40))
    expect(dueCheckIns(asked, day(44.9))).toEqual([])
    expect(dueCheckIns(asked, day(45))).toEqual(both(CLOSING, 'Remind'))
    const reminded = sweep(asked, day(45))
    // No pulse at day 90, and the closing survey waits for its answer: nothing comes after it.
    expect(dueCheckIns(reminded, day(90))).toEqual([])
    expect(checkInStateAt(reminded, day(400), 'Mentor', CLOSING)).toBe('Reminded')
    const answered = ok(answerCheckIn(day(400), { side: 'Mentor', occasion: CLOSING, answer: closingAnswer })(reminded))
    expect(checkInStateAt(answered, day(400), 'Mentor', CLOSING)).toBe('Answered')
  })

  it('asks the closing survey of a team that ended before its first question, and drops that question', () => {
    const ended = ok(endMentorship(day(3), { by: 'Admin' })(freshTimeline()))
    expect(dueCheckIns(ended, day(14))).toEqual(both(CLOSING, 'Ask'))
    expect(checkInStateAt(ended, day(14), 'Mentee', MET)).toBe('Dropped')
  })
})
