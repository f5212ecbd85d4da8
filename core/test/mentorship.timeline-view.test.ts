// The timeline view, one rule at a time: the questions so far in order with both sides' states and
// answers, what comes next and when, the end with its reason, and the participant's view that keeps
// their own side only.
import { describe, expect, it } from 'vitest'
import {
  answerCheckIn,
  CLOSING,
  endMentorship,
  MET,
  ownTimelineView,
  pulse,
  sendQuestion,
  sendReminder,
  timelineView,
  type Timeline,
} from '../src/index.js'
import { closingAnswer, day, freshTimeline, metCannotReach, metYes, ok, pulseOf } from './arbitraries/mentorship.helpers.js'

const kinds = (t: Timeline, now: number) => timelineView(t, undefined, now).questions.map((q) => q.occasion)

/** Both asked "met?" at day 14; the mentee answered at 15, the mentor was reminded at 19 and answered at 20. */
const metAnswered = (): Timeline => {
  let t = freshTimeline()
  t = ok(sendQuestion(day(14), { side: 'Mentee', occasion: MET })(t))
  t = ok(sendQuestion(day(14), { side: 'Mentor', occasion: MET })(t))
  t = ok(answerCheckIn(day(15), { side: 'Mentee', occasion: MET, answer: metYes })(t))
  t = ok(sendReminder(day(19), { side: 'Mentor', occasion: MET })(t))
  return ok(answerCheckIn(day(20), { side: 'Mentor', occasion: MET, answer: metCannotReach })(t))
}

describe('timelineView', () => {
  it('lists nothing before day 14 and names the met question as next', () => {
    const view = timelineView(freshTimeline(), undefined, day(3))
    expect(view.questions).toEqual([])
    expect(view.next).toEqual({ occasion: MET, dueAt: day(14) })
    expect(view.ended).toBeNull()
  })

  it('gives each side its asked, reminded and answered times and its answer', () => {
    const view = timelineView(metAnswered(), undefined, day(21))
    expect(view.questions).toEqual([
      {
        occasion: MET,
        dueAt: day(14),
        sides: [
          { side: 'Mentee', state: 'Answered', askedAt: day(14), remindedAt: null, answeredAt: day(15), answer: metYes },
          { side: 'Mentor', state: 'Answered', askedAt: day(14), remindedAt: day(19), answeredAt: day(20), answer: metCannotReach },
        ],
      },
    ])
    expect(view.next).toEqual({ occasion: pulse(0), dueAt: day(30) })
  })

  it('lists every question that fell due in order, sent or not, and the next pulse 60 days on', () => {
    expect(kinds(freshTimeline(), day(95))).toEqual([MET, pulse(0), pulse(1)])
    const view = timelineView(freshTimeline(), undefined, day(95))
    expect(view.questions.map((q) => q.sides.map((s) => s.state))).toEqual([
      ['Dropped', 'Dropped'],
      ['Dropped', 'Dropped'],
      ['Due', 'Due'],
    ])
    expect(view.next).toEqual({ occasion: pulse(2), dueAt: day(150) })
  })

  it('after the end: nothing next, the closing survey last, the end with who, when and the reason', () => {
    let t = metAnswered()
    t = ok(sendQuestion(day(31), { side: 'Mentee', occasion: pulse(0) })(t))
    t = ok(answerCheckIn(day(32), { side: 'Mentee', occasion: pulse(0), answer: pulseOf(2, 'Slow.') })(t))
    t = ok(endMentorship(day(40), { by: 'Mentor' })(t))
    t = ok(sendQuestion(day(40), { side: 'Mentee', occasion: CLOSING })(t))
    t = ok(answerCheckIn(day(41), { side: 'Mentee', occasion: CLOSING, answer: closingAnswer })(t))
    const ending = {
      at: day(40),
      by: 'Mentor' as const,
      reasonId: 'no-time' as const,
      otherText: null,
      doNotPairAgain: false,
      mentorPaused: false,
    }
    // Long after the end: no pulse is listed past it.
    const view = timelineView(t, { ending }, day(400))
    expect(view.questions.map((q) => q.occasion)).toEqual([MET, pulse(0), CLOSING])
    expect(view.questions[1]?.sides.map((s) => [s.side, s.state, s.answer])).toEqual([
      ['Mentee', 'Answered', pulseOf(2, 'Slow.')],
      ['Mentor', 'Dropped', null],
    ])
    expect(view.questions[2]?.dueAt).toBe(day(40))
    expect(view.next).toBeNull()
    expect(view.ended).toEqual({ at: day(40), by: 'Mentor', reasonId: 'no-time' })
    // Released (no ending record): who and when, no reason.
    expect(timelineView(t, {}, day(400)).ended).toEqual({ at: day(40), by: 'Mentor', reasonId: null })
  })
})

describe('ownTimelineView', () => {
  it("keeps the participant's own side only: the other's answer and note never appear", () => {
    let t = metAnswered()
    t = ok(sendQuestion(day(30), { side: 'Mentor', occasion: pulse(0) })(t))
    t = ok(answerCheckIn(day(31), { side: 'Mentor', occasion: pulse(0), answer: pulseOf(1, 'Secret mentor note') })(t))
    const own = ownTimelineView(timelineView(t, undefined, day(32)), 'Mentee')
    expect(own.questions.map((q) => q.sides.map((s) => [s.side, s.answer]))).toEqual([[['Mentee', metYes]], [['Mentee', null]]])
    expect(JSON.stringify(own)).not.toContain('Secret mentor note')
    expect(JSON.stringify(own)).not.toContain('CannotReach')
    expect(own.next).toEqual({ occasion: pulse(1), dueAt: day(90) })
  })

  it('gives the ending reason to the side who ended the team only: the partner sees when and by whom', () => {
    const t = ok(endMentorship(day(40), { by: 'Mentor' })(metAnswered()))
    const ending = {
      at: day(40),
      by: 'Mentor' as const,
      reasonId: 'not-a-good-fit' as const,
      otherText: null,
      doNotPairAgain: true,
      mentorPaused: false,
    }
    const view = timelineView(t, { ending }, day(41))
    expect(ownTimelineView(view, 'Mentor').ended).toEqual({ at: day(40), by: 'Mentor', reasonId: 'not-a-good-fit' })
    expect(ownTimelineView(view, 'Mentee').ended).toEqual({ at: day(40), by: 'Mentor', reasonId: null })
    // Ended by an administrator: neither participant learns why.
    const byAdmin = timelineView(
      ok(endMentorship(day(40), { by: 'Admin' })(metAnswered())),
      { ending: { ...ending, by: 'Admin' as const } },
      day(41),
    )
    expect(ownTimelineView(byAdmin, 'Mentor').ended?.reasonId).toBeNull()
    expect(ownTimelineView(byAdmin, 'Mentee').ended?.reasonId).toBeNull()
  })
})
