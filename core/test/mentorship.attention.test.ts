// The "needs attention" rule for administrators, one reason at a time, with its boundaries.
import { describe, expect, it } from 'vitest'
import {
  answerCheckIn,
  endMentorship,
  MET,
  needsAttention,
  pulse,
  sendQuestion,
  type CheckInAnswer,
  type CheckInOccasion,
  type Side,
  type Timeline,
} from '../src/index.js'
import { day, freshTimeline, metCannotReach, metYes, ok, pulseOf } from './arbitraries/mentorship.helpers.js'

const ask = (t: Timeline, at: number, side: Side, occasion: CheckInOccasion): Timeline => ok(sendQuestion(at, { side, occasion })(t))
const answer = (t: Timeline, at: number, side: Side, occasion: CheckInOccasion, a: CheckInAnswer): Timeline =>
  ok(answerCheckIn(at, { side, occasion, answer: a })(t))

const metAskedBoth = (): Timeline => ask(ask(freshTimeline(), day(14), 'Mentee', MET), day(14), 'Mentor', MET)

describe('needsAttention', () => {
  it('flags a team nobody reported meeting by day 21, not a day earlier', () => {
    expect(needsAttention(metAskedBoth(), day(21) - 1)).toEqual([])
    expect(needsAttention(metAskedBoth(), day(21))).toEqual([{ _tag: 'NotMetByDay21' }])
  })

  it('is satisfied by one side reporting that they met', () => {
    const met = answer(metAskedBoth(), day(15), 'Mentor', MET, metYes)
    expect(needsAttention(met, day(25))).toEqual([])
  })

  it('is not satisfied by "not yet"', () => {
    const notYet = answer(metAskedBoth(), day(15), 'Mentor', MET, { kind: 'Met', met: 'NotYet' })
    expect(needsAttention(notYet, day(21))).toEqual([{ _tag: 'NotMetByDay21' }])
  })

  it('flags a side that cannot reach the other, at once', () => {
    const t = answer(metAskedBoth(), day(15), 'Mentee', MET, metCannotReach)
    expect(needsAttention(t, day(15))).toEqual([{ _tag: 'CannotReachPartner', side: 'Mentee' }])
  })

  it('flags a latest pulse of 1 or 2, not of 3', () => {
    const met = answer(metAskedBoth(), day(15), 'Mentee', MET, metYes)
    const pulsed = ask(met, day(30), 'Mentor', pulse(0))
    for (const [score, flagged] of [
      [1, true],
      [2, true],
      [3, false],
    ] as const) {
      const t = answer(pulsed, day(31), 'Mentor', pulse(0), pulseOf(score))
      expect(needsAttention(t, day(31))).toEqual(flagged ? [{ _tag: 'LowPulse', side: 'Mentor', score }] : [])
    }
  })

  it('forgets a low pulse once a later pulse of the same side is better', () => {
    const met = answer(metAskedBoth(), day(15), 'Mentee', MET, metYes)
    const low = answer(ask(met, day(30), 'Mentee', pulse(0)), day(31), 'Mentee', pulse(0), pulseOf(2))
    const better = answer(ask(low, day(90), 'Mentee', pulse(1)), day(91), 'Mentee', pulse(1), pulseOf(4))
    expect(needsAttention(better, day(91))).toEqual([])
  })

  it('flags a side that missed two questions in a row, counting only settled questions', () => {
    const met = answer(metAskedBoth(), day(15), 'Mentor', MET, metYes)
    // The mentee misses "met?" (superseded at day 30) and the first pulse (superseded at day 90).
    const pulse0 = ask(met, day(30), 'Mentee', pulse(0))
    expect(needsAttention(pulse0, day(89))).toEqual([])
    const pulse1 = ask(pulse0, day(90), 'Mentee', pulse(1))
    expect(needsAttention(pulse1, day(90))).toEqual([{ _tag: 'TwoUnansweredInARow', side: 'Mentee' }])
    // Answering the open pulse breaks the row.
    expect(needsAttention(answer(pulse1, day(91), 'Mentee', pulse(1), pulseOf(4)), day(91))).toEqual([])
  })

  it('does not count a question that was never sent as missed', () => {
    const met = answer(metAskedBoth(), day(15), 'Mentor', MET, metYes)
    // The mentee missed "met?", the first pulse was never sent (sweep paused), the second is open.
    expect(needsAttention(ask(met, day(100), 'Mentee', pulse(1)), day(100))).toEqual([])
  })

  it('asks nothing of an ended team', () => {
    const t = answer(metAskedBoth(), day(15), 'Mentee', MET, metCannotReach)
    expect(needsAttention(ok(endMentorship(day(16), { by: 'Mentee' })(t)), day(30))).toEqual([])
  })
})
