// A participant as the matching domain sees it: one record per user with a block per side held.
// Profile and questionnaire contents live elsewhere; completeness reaches commands as a fact.
import * as t from 'io-ts'
import { ClusterId, UserId } from '../shared/ids.js'
import { Instant } from '../shared/time.js'
import { StatusName } from './status.js'

export const MenteeSide = t.intersection([
  t.type({
    status: StatusName,
    /** Set when the last run found no suitable mentor ("update your profile and start again"). */
    noMatch: t.boolean,
    clusterId: t.union([ClusterId, t.null]),
    /** When the last run that ended with proposals or with none started (the waitlist counts from it). */
    lastStartedAt: t.union([Instant, t.null]),
  }),
  /**
   * While a run is under way (PENDING): when it started. The run's end decides what the mentee
   * becomes (matching-run.transitions.ts); until then `noMatch` and `lastStartedAt` keep what they
   * were, so an interrupted or refused run leaves the mentee where they stood (waiting since the
   * moment they first waited).
   */
  t.partial({ runStartedAt: Instant }),
])
export type MenteeSide = t.TypeOf<typeof MenteeSide>

export const MentorSide = t.type({
  status: StatusName,
  published: t.boolean,
  lastPublishedAt: t.union([Instant, t.null]),
  lastSavedAt: t.union([Instant, t.null]),
  /** When the mentor last entered the pool (became AVAILABLE): longest waiting is proposed first. */
  poolSince: t.union([Instant, t.null]),
  /** How many mentees the mentor takes at once (1 to 5): the places their live tandems take. */
  capacity: t.number,
})
export type MentorSide = t.TypeOf<typeof MentorSide>

export const Participant = t.type({
  id: UserId,
  /** Optimistic-concurrency version, raised by every change. */
  version: t.number,
  mentee: t.union([MenteeSide, t.null]),
  mentor: t.union([MentorSide, t.null]),
})
export type Participant = t.TypeOf<typeof Participant>
