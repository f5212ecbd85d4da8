// Check-ins over the wire (docs/api.md#check-ins): the signed-in answer, the mail link's page and
// its answer, and the administrators' attention list. The answer itself is decoded by the core's
// decodeCheckInAnswer, which names the field and rule of each refusal (score, note, …).
import * as t from 'io-ts'
import { CheckInOccasion, type CheckInAnswer } from '../mentorship/checkin.codec.js'
import type { CheckInState } from '../mentorship/checkin.moves.js'
import type { EndReasonId } from '../tandem/ending.codec.js'
import type { EndedBy } from '../mentorship/timeline.js'
import type { Side } from '../users/role.js'
import type { AttentionReason } from '../mentorship/timeline.attention.js'
import { Language } from '../shared/language.js'
import { TandemId } from '../shared/ids.js'
import { ClusterIdFromString, TandemIdFromString } from './query.codec.js'
import { EmailAddress } from './wire.codec.js'

/** POST /api/Mentorship/AnswerCheckIn: the caller answers the open question of their team. */
export const AnswerCheckInPayload = t.strict(
  {
    /** The caller's own e-mail (the route refuses another's). */
    email: EmailAddress,
    matchingTandemId: TandemId,
    occasion: CheckInOccasion,
    /** { kind: 'Met', met } | { kind: 'Pulse', score 1–5, note ≤ 1000 or null } | { kind: 'Closing', satisfaction, wouldRecommend, goalsReached, note }. */
    answer: t.unknown,
  },
  'AnswerCheckInPayload',
)
export type AnswerCheckInPayload = t.TypeOf<typeof AnswerCheckInPayload>

/** GET /api/Mentorship/GetOpenCheckIns: the caller's own e-mail. */
export const OpenCheckInsQuery = t.strict({ email: EmailAddress }, 'OpenCheckInsQuery')
export type OpenCheckInsQuery = t.TypeOf<typeof OpenCheckInsQuery>

/** A mail link's token: long, URL-safe, never stored (only its hash is). */
const CheckInToken = t.refinement(t.string, (s) => /^[A-Za-z0-9_-]{20,100}$/.test(s), 'CheckInToken')

/** GET /api/Mentorship/GetCheckInByLink: what the link's page shows before the click (never answers). */
export const CheckInLinkQuery = t.strict({ token: CheckInToken }, 'CheckInLinkQuery')
export type CheckInLinkQuery = t.TypeOf<typeof CheckInLinkQuery>

/** POST /api/Mentorship/AnswerCheckInByLink: the click on the link's page. */
export const AnswerCheckInByLinkPayload = t.strict({ token: CheckInToken, answer: t.unknown }, 'AnswerCheckInByLinkPayload')
export type AnswerCheckInByLinkPayload = t.TypeOf<typeof AnswerCheckInByLinkPayload>

/** GET /api/Admin/GetTeamsNeedingAttention: optionally one program year. */
export const AttentionQuery = t.partial({ clusterId: ClusterIdFromString }, 'AttentionQuery')
export type AttentionQuery = t.TypeOf<typeof AttentionQuery>

/** A row of the attention list: the team, its program year, when it matched (and how many whole days ago), why. */
export type AttentionRowView = {
  readonly matchingTandemId: number
  readonly clusterId: number | null
  readonly matchedAt: string
  readonly daysSinceMatch: number
  readonly reasons: readonly AttentionReason[]
}

/** GET /api/Admin/ExportTeamsNeedingAttention: the list's filter and the spreadsheet's language. */
export const AttentionExportQuery = t.exact(t.partial({ clusterId: ClusterIdFromString, language: Language }), 'AttentionExportQuery')
export type AttentionExportQuery = t.TypeOf<typeof AttentionExportQuery>

/** GET /api/Admin/GetTeamTimeline: one team's whole timeline, both sides (administrators). */
export const TeamTimelineQuery = t.strict({ tandemId: TandemIdFromString }, 'TeamTimelineQuery')
export type TeamTimelineQuery = t.TypeOf<typeof TeamTimelineQuery>

/** GET /api/Mentorship/GetMyTimelines: the caller's own e-mail. */
export const MyTimelinesQuery = t.strict({ email: EmailAddress }, 'MyTimelinesQuery')
export type MyTimelinesQuery = t.TypeOf<typeof MyTimelinesQuery>

/** One side's part of one question on the wire (instants as ISO date-times, null when never so). */
export type TimelineSideWire = {
  readonly role: Side
  readonly state: CheckInState
  readonly askedAt: string | null
  readonly remindedAt: string | null
  readonly answeredAt: string | null
  readonly answer: CheckInAnswer | null
}

/** The timeline view (core's timelineView) of one team on the wire. */
export type TimelineWire = {
  readonly matchingTandemId: number
  readonly matchedAt: string
  readonly questions: readonly {
    readonly occasion: CheckInOccasion
    readonly dueAt: string | null
    readonly sides: readonly TimelineSideWire[]
  }[]
  readonly next: { readonly occasion: CheckInOccasion; readonly dueAt: string } | null
  readonly ended: { readonly at: string; readonly by: EndedBy; readonly reasonId: EndReasonId | null } | null
}

/** The caller's own timeline of a team: their side (`role`) only, and whom the team is with. */
export type MyTimelineWire = TimelineWire & { readonly role: Side; readonly partnerName: string }
