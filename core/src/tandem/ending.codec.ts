// How a team ended, as data (docs/mentorship.md#ending-a-team): the reason ids, who ended it, and the record a CLOSED
// tandem keeps. Apart from the rules (ending.rules.ts) so that the tandem codec can hold it.
import * as t from 'io-ts'
import { Instant } from '../shared/time.js'

export const EndReasonId = t.keyof({
  'goals-reached': null,
  'no-time': null,
  'no-contact': null,
  'not-a-good-fit': null,
  'circumstances-changed': null,
  other: null,
})
export type EndReasonId = t.TypeOf<typeof EndReasonId>

/** Who ended a team: one of its two participants, or an administrator. */
export const EndingActor = t.keyof({ Mentee: null, Mentor: null, Admin: null })
export type EndingActor = t.TypeOf<typeof EndingActor>

/**
 * How a MATCHED team was ended, kept on the CLOSED tandem: when, by whom, why, whether the pair may
 * never be proposed again, and whether the mentor asked to be paused (and was).
 */
export const TandemEnding = t.type({
  at: Instant,
  by: EndingActor,
  reasonId: EndReasonId,
  otherText: t.union([t.string, t.null]),
  doNotPairAgain: t.boolean,
  mentorPaused: t.boolean,
})
export type TandemEnding = t.TypeOf<typeof TandemEnding>
