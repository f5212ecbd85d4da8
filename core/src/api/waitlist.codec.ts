// The waitlist over the wire (docs/api.md, docs/matching.md#waitlist): the mentee's switch "tell me
// when a mentor is found" and what the dashboard shows of it.
import * as t from 'io-ts'
import { EmailAddress, IsoDateTime, nullable } from './wire.codec.js'

/** POST /api/MatchingTandem/SetWaitlist: the caller turns their waitlist on or off. */
export const SetWaitlistPayload = t.strict({ email: EmailAddress, enabled: t.boolean }, 'SetWaitlistPayload')
export type SetWaitlistPayload = t.TypeOf<typeof SetWaitlistPayload>

/** POST /api/MatchingTandem/GetWaitlist: the caller's own waitlist. */
export const WaitlistQuery = t.strict({ email: EmailAddress }, 'WaitlistQuery')
export type WaitlistQuery = t.TypeOf<typeof WaitlistQuery>

/** The mentee's waitlist: whether it is on, and since when they wait (null: not waiting now). */
export const WaitlistView = t.type({ enabled: t.boolean, waitingSince: nullable(IsoDateTime) }, 'WaitlistView')
export type WaitlistView = t.TypeOf<typeof WaitlistView>
