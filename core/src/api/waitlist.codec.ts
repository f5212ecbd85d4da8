// The waitlist over the wire (docs/api.md, docs/matching.md#waitlist): the mentee's switch "tell me
// when a mentor is found" and what the dashboard shows of it.
import * as t from 'io-ts'
import { Language } from '../shared/language.js'
import { ClusterIdFromString } from './query.codec.js'
import { ShownCountCodec, ShownValueCodec } from './statistics.codec.js'
import { EmailAddress, IsoDateTime, nullable } from './wire.codec.js'

/** POST /api/MatchingTandem/SetWaitlist: the caller turns their waitlist on or off. */
export const SetWaitlistPayload = t.strict({ email: EmailAddress, enabled: t.boolean }, 'SetWaitlistPayload')
export type SetWaitlistPayload = t.TypeOf<typeof SetWaitlistPayload>

/** A mail link's token: long, URL-safe, never stored (only its hash is). */
const LinkToken = t.refinement(t.string, (s) => /^[A-Za-z0-9_-]{20,100}$/.test(s), 'LinkToken')

/** GET /api/MatchingTandem/GetWaitlistStopByLink: what the waitlist mail's stop page shows before the click (changes nothing). */
export const WaitlistStopLinkQuery = t.strict({ token: LinkToken }, 'WaitlistStopLinkQuery')
export type WaitlistStopLinkQuery = t.TypeOf<typeof WaitlistStopLinkQuery>

/** POST /api/MatchingTandem/StopWaitlistByLink: the click on the stop page turns the waitlist off. */
export const StopWaitlistByLinkPayload = t.strict({ token: LinkToken }, 'StopWaitlistByLinkPayload')
export type StopWaitlistByLinkPayload = t.TypeOf<typeof StopWaitlistByLinkPayload>

/** The stop page before the click: whether the link still works, else the refusal a click would get. */
export const WaitlistStopLinkView = t.type(
  { open: t.boolean, closedBecause: nullable(t.keyof({ WaitlistLinkUsed: null, WaitlistLinkExpired: null })) },
  'WaitlistStopLinkView',
)
export type WaitlistStopLinkView = t.TypeOf<typeof WaitlistStopLinkView>

/** POST /api/MatchingTandem/GetWaitlist: the caller's own waitlist. */
export const WaitlistQuery = t.strict({ email: EmailAddress }, 'WaitlistQuery')
export type WaitlistQuery = t.TypeOf<typeof WaitlistQuery>

/** The mentee's waitlist: whether it is on, and since when they wait (null: not waiting now). */
export const WaitlistView = t.type({ enabled: t.boolean, waitingSince: nullable(IsoDateTime) }, 'WaitlistView')
export type WaitlistView = t.TypeOf<typeof WaitlistView>

/** GET /api/Admin/GetWaitlistOverview: optionally one program year, and the language of the texts. */
export const WaitlistOverviewQuery = t.exact(t.partial({ clusterId: ClusterIdFromString, language: Language }), 'WaitlistOverviewQuery')
export type WaitlistOverviewQuery = t.TypeOf<typeof WaitlistOverviewQuery>

/** The administrators' view of the waitlist (docs/admin.md#waitlist): small groups never as a number. */
export const WaitlistOverviewView = t.type(
  {
    waiting: ShownCountCodec,
    medianDaysWaiting: ShownValueCodec,
    /** Null when one of the buckets is a small group (it could be worked out from the others). */
    byWaitingTime: nullable(t.array(t.type({ fromDays: t.number, count: ShownCountCodec }))),
    availableMentors: ShownCountCodec,
    /** Who waits, the longest waiting first: administrators see names (docs/admin.md#waitlist, docs/privacy.md). */
    mentees: t.array(t.type({ userId: t.number, firstName: t.string, lastName: t.string, email: t.string, waitingSince: IsoDateTime })),
    supplyGaps: t.array(
      t.type({ questionPairId: t.number, question: t.string, mustFit: t.boolean, optionId: t.number, option: t.string, mentees: t.number }),
    ),
  },
  'WaitlistOverviewView',
)
export type WaitlistOverviewView = t.TypeOf<typeof WaitlistOverviewView>
