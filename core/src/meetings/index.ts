// Meetings of matched teams (docs/mentorship.md#meetings): the move table, the rules of a proposal,
// the transitions, the person's time zone and the calendar's view of a meeting.
export * from './meeting.codec.js'
export * from './meeting.moves.js'
export * from './meeting.rules.js'
export * from './meeting.transitions.js'
export * from './time-zone.js'
export * from './session.checkin.js'
