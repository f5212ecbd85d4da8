// The life of one check-in (one question to one side) as an explicit table (docs/mentorship.md).
// The clock only derives states (FallsDue, Superseded); commands are
// refused exactly when the table has no move for the check-in's state at `now`.

/**
 * Scheduled: not yet due. Due: may be sent now. Asked: sent, waiting. ReminderDue: asked 5 days ago,
 * unanswered, not reminded. Reminded: the one reminder went out. Answered. Superseded: asked but the
 * next question came (or the team ended) first: missed. Dropped: never asked, because a later
 * question fell due or the team ended before it was sent.
 */
export type CheckInState = 'Scheduled' | 'Due' | 'Asked' | 'ReminderDue' | 'Reminded' | 'Answered' | 'Superseded' | 'Dropped'
export const CHECK_IN_STATES: readonly CheckInState[] = [
  'Scheduled',
  'Due',
  'Asked',
  'ReminderDue',
  'Reminded',
  'Answered',
  'Superseded',
  'Dropped',
]

/**
 * FallsDue: the clock reaches the question's (or its reminder's) date. QuestionSent, ReminderSent,
 * Answered: commands. Superseded: the side's next question falls due, or the team ends.
 */
export type CheckInEvent = 'FallsDue' | 'QuestionSent' | 'ReminderSent' | 'Answered' | 'Superseded'
export const CHECK_IN_EVENTS: readonly CheckInEvent[] = ['FallsDue', 'QuestionSent', 'ReminderSent', 'Answered', 'Superseded']

/** from state -> event -> to state; a pair missing here is an illegal move. */
export const CHECK_IN_MOVES: Readonly<Record<CheckInState, Readonly<Partial<Record<CheckInEvent, CheckInState>>>>> = {
  Scheduled: { FallsDue: 'Due', Superseded: 'Dropped' },
  Due: { QuestionSent: 'Asked', Superseded: 'Dropped' },
  Asked: { FallsDue: 'ReminderDue', Answered: 'Answered', Superseded: 'Superseded' },
  ReminderDue: { ReminderSent: 'Reminded', Answered: 'Answered', Superseded: 'Superseded' },
  Reminded: { Answered: 'Answered', Superseded: 'Superseded' },
  Answered: {},
  Superseded: {},
  Dropped: {},
}

export const checkInMove = (from: CheckInState, event: CheckInEvent): CheckInState | undefined => CHECK_IN_MOVES[from][event]

export const isTerminalCheckInState = (state: CheckInState): boolean => Object.keys(CHECK_IN_MOVES[state]).length === 0

/** Whether a check-in may answer now: the states the table lets `Answered` leave. */
export const isOpenCheckInState = (state: CheckInState): boolean => checkInMove(state, 'Answered') !== undefined

/** Whether `to` can follow `from` through zero or more moves of the table (a clock jump may make several). */
export const isReachableCheckInState = (from: CheckInState, to: CheckInState): boolean => {
  const seen = new Set<CheckInState>([from])
  const queue: CheckInState[] = [from]
  for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
    for (const next of Object.values(CHECK_IN_MOVES[state])) {
      if (!seen.has(next)) {
        seen.add(next)
        queue.push(next)
      }
    }
  }
  return seen.has(to)
}
