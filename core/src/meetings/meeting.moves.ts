// The life of one meeting of a matched team as an explicit table (docs/mentorship.md#meetings):
// proposed with one to three slots, confirmed by the other side's pick, moved or cancelled, and
// after its time answered "did it take place?". A pair missing from the table is an illegal move.

/**
 * Proposed: slots offered, waiting for the other side. OtherTimesAsked: the other side asked for
 * other times. Confirmed: one slot agreed. TookPlace / DidNotTakePlace: the answer after its time.
 * Cancelled: by either side, before it took place.
 */
export type MeetingState = 'Proposed' | 'OtherTimesAsked' | 'Confirmed' | 'TookPlace' | 'DidNotTakePlace' | 'Cancelled'
export const MEETING_STATES: readonly MeetingState[] = [
  'Proposed',
  'OtherTimesAsked',
  'Confirmed',
  'TookPlace',
  'DidNotTakePlace',
  'Cancelled',
]

/** Pick: the other side picks a slot. Move: new slots (a confirmed meeting: one new time). */
export type MeetingEvent = 'Pick' | 'AskOtherTimes' | 'Move' | 'Cancel' | 'AnswerTookPlace' | 'AnswerDidNotTakePlace'
export const MEETING_EVENTS: readonly MeetingEvent[] = [
  'Pick',
  'AskOtherTimes',
  'Move',
  'Cancel',
  'AnswerTookPlace',
  'AnswerDidNotTakePlace',
]

export const MEETING_MOVES: Readonly<Record<MeetingState, Readonly<Partial<Record<MeetingEvent, MeetingState>>>>> = {
  Proposed: { Pick: 'Confirmed', AskOtherTimes: 'OtherTimesAsked', Move: 'Proposed', Cancel: 'Cancelled' },
  OtherTimesAsked: { Move: 'Proposed', Cancel: 'Cancelled' },
  Confirmed: { Move: 'Confirmed', Cancel: 'Cancelled', AnswerTookPlace: 'TookPlace', AnswerDidNotTakePlace: 'DidNotTakePlace' },
  TookPlace: {},
  DidNotTakePlace: {},
  Cancelled: {},
}

export const meetingMove = (from: MeetingState, event: MeetingEvent): MeetingState | undefined => MEETING_MOVES[from][event]

export const isTerminalMeetingState = (state: MeetingState): boolean => Object.keys(MEETING_MOVES[state]).length === 0

/** The states whose meeting is still ahead: the calendar feed and the reminder name these. */
export const isLiveMeetingState = (state: MeetingState): boolean =>
  state === 'Proposed' || state === 'OtherTimesAsked' || state === 'Confirmed'
