// The role-status state machines of docs/product.md#role-status as explicit tables (from -> event -> to), one
// per side. Transitions move statuses only through these tables; tests enumerate the illegal moves.
import type { StatusName } from './status.js'

type Moves<E extends string> = Readonly<Record<StatusName, Readonly<Partial<Record<E, StatusName>>>>>

export type MenteeStatusEvent =
  | 'StartRun'
  | 'RunProposed'
  | 'RunFoundNone'
  | 'RunAborted'
  /** An aborted first run: the mentee never had a tandem, so it is NEW again. */
  | 'FirstRunAborted'
  | 'ManualProposed'
  /** An admin published a cohort draft pairing this mentee. */
  | 'CohortProposed'
  | 'Matched'
  /** The mentee's last live tandem ended (declined, expired, released, mentor silent). */
  | 'LastTandemEnded'
  | 'YearDeactivated'
  | 'AdminSetNew'
  | 'AdminSetAvailable'
  | 'AdminSetInactive'
export const MENTEE_STATUS_EVENTS: readonly MenteeStatusEvent[] = [
  'StartRun',
  'RunProposed',
  'RunFoundNone',
  'RunAborted',
  'FirstRunAborted',
  'ManualProposed',
  'CohortProposed',
  'Matched',
  'LastTandemEnded',
  'YearDeactivated',
  'AdminSetNew',
  'AdminSetAvailable',
  'AdminSetInactive',
]

/** Mentees are never PAUSED; INACTIVE is final (the program year ended). */
export const MENTEE_STATUS_MOVES: Moves<MenteeStatusEvent> = {
  NEW: {
    StartRun: 'PENDING',
    CohortProposed: 'PROPOSED',
    YearDeactivated: 'INACTIVE',
    AdminSetAvailable: 'AVAILABLE',
    AdminSetInactive: 'INACTIVE',
  },
  PENDING: {
    RunProposed: 'PROPOSED',
    RunFoundNone: 'AVAILABLE',
    RunAborted: 'AVAILABLE',
    FirstRunAborted: 'NEW',
    YearDeactivated: 'INACTIVE',
    AdminSetNew: 'NEW',
    AdminSetAvailable: 'AVAILABLE',
    AdminSetInactive: 'INACTIVE',
  },
  AVAILABLE: {
    StartRun: 'PENDING',
    ManualProposed: 'PROPOSED',
    CohortProposed: 'PROPOSED',
    YearDeactivated: 'INACTIVE',
    AdminSetNew: 'NEW',
    AdminSetInactive: 'INACTIVE',
  },
  PROPOSED: { Matched: 'MATCHED', LastTandemEnded: 'AVAILABLE', YearDeactivated: 'INACTIVE' },
  MATCHED: { LastTandemEnded: 'AVAILABLE', YearDeactivated: 'INACTIVE' },
  PAUSED: {},
  INACTIVE: {},
}

export type MentorStatusEvent =
  | 'Publish'
  | 'DisableMatching'
  | 'EnableMatching'
  | 'Proposed'
  | 'Matched'
  /** Back to the pool: declined, the mentee chose another or stayed silent, released. */
  | 'Freed'
  /** Silent for 72 h after the mentee's acceptance. */
  | 'DeadlinePassed'
export const MENTOR_STATUS_EVENTS: readonly MentorStatusEvent[] = [
  'Publish',
  'DisableMatching',
  'EnableMatching',
  'Proposed',
  'Matched',
  'Freed',
  'DeadlinePassed',
]

/**
 * Mentors are never PENDING nor INACTIVE. Disabling matching is refused while every place of the
 * mentor is taken (PROPOSED or MATCHED): the tandems already keep the mentor out of the pool; once
 * a place is free the mentor is AVAILABLE and may disable matching then (keeping the live tandems).
 * The place moves (Proposed, Matched, Freed) are those of the mentor's last free place; after a
 * place is taken or freed the status is `mentorStatusFromPlaces` (tandem/places.ts), which with capacity 1
 * is exactly these moves. A mentor silent for 72 h is PAUSED whether or not a place was still free.
 */
export const MENTOR_STATUS_MOVES: Moves<MentorStatusEvent> = {
  NEW: { Publish: 'AVAILABLE' },
  AVAILABLE: { DisableMatching: 'PAUSED', Proposed: 'PROPOSED', DeadlinePassed: 'PAUSED' },
  PAUSED: { EnableMatching: 'AVAILABLE' },
  PROPOSED: { Matched: 'MATCHED', Freed: 'AVAILABLE', DeadlinePassed: 'PAUSED' },
  MATCHED: { Freed: 'AVAILABLE' },
  PENDING: {},
  INACTIVE: {},
}

export const menteeStatusMove = (from: StatusName, event: MenteeStatusEvent): StatusName | undefined => MENTEE_STATUS_MOVES[from][event]
export const mentorStatusMove = (from: StatusName, event: MentorStatusEvent): StatusName | undefined => MENTOR_STATUS_MOVES[from][event]
