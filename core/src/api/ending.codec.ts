// Ending a MATCHED team over the wire (docs/api.md): the participant's and the administrator's
// requests, and how the team detail shows an ending. The reason is a plain string here: the core's
// validateEndRequest refuses an unknown one with a field error, as it does for the browser.
import * as t from 'io-ts'
import { EndingActor, EndReasonId } from '../tandem/ending.codec.js'
import { TandemId } from '../shared/ids.js'
import { EmailAddress, IsoDateTime, NonNegativeInt, nullable } from './wire.codec.js'

const endRequestFields = {
  matchingTandemId: TandemId,
  reasonId: t.string,
  /** Required for reason "other" (1–1000 characters), dropped for any other reason. */
  otherText: nullable(t.string),
  /** Record a declined pair: the two are never proposed to each other again. */
  doNotPairAgain: t.boolean,
}

/** POST /api/MatchingTandem/EndMatchingTandem: the caller ends their own MATCHED team. */
export const EndTandemPayload = t.strict(
  {
    email: EmailAddress,
    ...endRequestFields,
    /** The mentor asks to be paused instead of returning to the pool (a mentee may not send true). */
    pauseMatching: t.boolean,
  },
  'EndTandemPayload',
)
export type EndTandemPayload = t.TypeOf<typeof EndTandemPayload>

/** POST /api/Admin/EndMatchingTandem: an administrator ends a MATCHED team, with the version loaded. */
export const AdminEndTandemPayload = t.strict(
  {
    ...endRequestFields,
    version: NonNegativeInt,
    /** Pause the mentor's matching instead of returning them to the pool. */
    pauseMentor: t.boolean,
  },
  'AdminEndTandemPayload',
)
export type AdminEndTandemPayload = t.TypeOf<typeof AdminEndTandemPayload>

/** How a team was ended, on the administrator's team detail. */
export const TeamEnding = t.type(
  {
    endedAt: IsoDateTime,
    endedBy: EndingActor,
    reasonId: EndReasonId,
    otherText: nullable(t.string),
    doNotPairAgain: t.boolean,
    mentorPaused: t.boolean,
  },
  'TeamEnding',
)
export type TeamEnding = t.TypeOf<typeof TeamEnding>
