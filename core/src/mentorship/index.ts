// The mentorship after the match (docs/mentorship.md): check-ins per side, their move table, the attention
// rule for administrators, and the reasons and validation of ending a team.
export * from './checkin.codec.js'
export * from './checkin.moves.js'
export * from './timeline.js'
export * from './timeline.transitions.js'
export * from './timeline.attention.js'
export * from '../tandem/ending.codec.js'
export * from './ending.rules.js'
export * from './timeline.view.js'
