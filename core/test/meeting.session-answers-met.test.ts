// A logged session answers "have you met?" (docs/mentorship.md#meetings), and the attention rule of
// sessions: examples of each rule, on the core's timeline.
import { describe, expect, it } from 'vitest'
import { answerMetBySession, checkInStateAt, DAY, endMentorship, sendQuestion, sessionAttention, type Timeline } from '../src/index.js'
import { day, freshTimeline, ok } from './arbitraries/mentorship.helpers.js'

const MET = { kind: 'Met' } as const
const stateOf = (t: Timeline, at: number) => (['Mentee', 'Mentor'] as const).map((side) => checkInStateAt(t, at, side, MET))

describe('a logged session answers "have you met?"', () => {
  it('changes nothing before day 14: the question is not due yet', () => {
    const result = ok(answerMetBySession(day(3), freshTimeline()))
    expect(result).toEqual(freshTimeline())
  })
  it('records a due question asked and answered at once, and says so without a question sent', () => {
    const result = answerMetBySession(day(14) + 1, freshTimeline())
    if (result._tag === 'Left') throw new Error('refused')
    expect(stateOf(result.right.timeline, day(14) + 1)).toEqual(['Answered', 'Answered'])
    expect(result.right.events.map((e) => e._tag)).toEqual(['CheckInAnswered', 'CheckInAnswered'])
  })
  it('answers an open question yes, and leaves an answered one as it was', () => {
    const asked = ok(sendQuestion(day(14), { side: 'Mentee', occasion: MET })(freshTimeline()))
    const answered = ok(answerMetBySession(day(16), asked))
    expect(answered.checkIns.find((r) => r.side === 'Mentee')?.answer).toEqual({ kind: 'Met', met: 'Yes' })
    expect(ok(answerMetBySession(day(17), answered))).toEqual(answered)
  })
  it('answers nothing on an ended timeline once the question is gone', () => {
    const ended = ok(endMentorship(day(20), { by: 'Admin' })(freshTimeline()))
    expect(stateOf(ok(answerMetBySession(day(21), ended)), day(21))).toEqual(stateOf(ended, day(21)))
  })
})

describe('no session for 30 days', () => {
  it('counts from the match when none was logged, else from the last session', () => {
    const t = freshTimeline()
    expect(sessionAttention(t, null, t.matchedAt + 30 * DAY - 1)).toEqual([])
    expect(sessionAttention(t, null, t.matchedAt + 30 * DAY)).toEqual([{ _tag: 'NoSessionFor30Days' }])
    expect(sessionAttention(t, t.matchedAt + 10 * DAY, t.matchedAt + 39 * DAY)).toEqual([])
    expect(sessionAttention(t, t.matchedAt + 10 * DAY, t.matchedAt + 40 * DAY)).toEqual([{ _tag: 'NoSessionFor30Days' }])
  })
  it('names no ended team', () => {
    const ended = ok(endMentorship(day(5), { by: 'Mentee' })(freshTimeline()))
    expect(sessionAttention(ended, null, day(90))).toEqual([])
  })
})
