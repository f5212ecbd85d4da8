// A logged session answers the day-14 "have you met?" of both sides by itself (docs/mentorship.md#meetings):
// an open question is answered "yes"; a question due but not yet sent is recorded as asked and
// answered at once, so no mail asks what the program already knows. Before day 14 nothing changes:
// the check-in sweep applies this when the question falls due.
import * as E from 'fp-ts/lib/Either.js'
import type { Instant } from '../shared/time.js'
import { isOpenCheckInState } from '../mentorship/checkin.moves.js'
import { checkInStateAt, remainingSides, type Timeline } from '../mentorship/timeline.js'
import { answerCheckIn, sendQuestion, type MentorshipEvent, type TimelineResult } from '../mentorship/timeline.transitions.js'

const MET = { kind: 'Met' } as const
const YES = { kind: 'Met', met: 'Yes' } as const

export const answerMetBySession = (now: Instant, timeline: Timeline): TimelineResult => {
  let current = timeline
  const events: MentorshipEvent[] = []
  for (const side of remainingSides(timeline)) {
    const state = checkInStateAt(current, now, side, MET)
    if (state === 'Due') {
      const asked = sendQuestion(now, { side, occasion: MET })(current)
      if (E.isLeft(asked)) return asked
      // Asked and answered in one step: no question goes out.
      events.push(...asked.right.events.filter((e) => e._tag !== 'CheckInAsked'))
      current = asked.right.timeline
    } else if (!isOpenCheckInState(state)) continue
    const answered = answerCheckIn(now, { side, occasion: MET, answer: YES })(current)
    if (E.isLeft(answered)) return answered
    events.push(...answered.right.events)
    current = answered.right.timeline
  }
  return E.right({ timeline: current, events })
}
