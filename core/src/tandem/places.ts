// A mentor's places (docs/matching.md#places): how many mentees they take at once, and which of
// their live tandems take a place. The mentor's status after a place is taken or freed, and whether
// they are in the pool, follow from the places here and nowhere else.
import { LIVE_TANDEM_STATES, type Tandem } from './tandem.codec.js'
import { fieldError, type FieldError } from '../messages.js'
import type { StatusName } from '../users/status.js'

/** The fewest and most mentees a mentor takes at once; a new mentor takes one. */
export const MENTOR_CAPACITY_MIN = 1
export const MENTOR_CAPACITY_MAX = 5
export const MENTOR_CAPACITY_DEFAULT = 1

/** The places taken by a mentor's live tandems, and how many of them hold a matched tandem. */
export type Places = { readonly taken: number; readonly matched: number }

/**
 * Each live tandem of the mentor takes a place: a proposal reserved for a mentee, a tandem waiting
 * for the mentor's answer, a matched tandem. A tandem that ended frees its place.
 */
export const takesPlace = (t: Pick<Tandem, 'state'>): boolean => LIVE_TANDEM_STATES.includes(t.state)

/** The places a mentor's tandems take (the tandems given must be the mentor's). */
export const placesOf = (mentorTandems: Iterable<Pick<Tandem, 'state'>>): Places => {
  let taken = 0
  let matched = 0
  for (const t of mentorTandems) {
    if (!takesPlace(t)) continue
    taken += 1
    if (t.state === 'MATCHED') matched += 1
  }
  return { taken, matched }
}

/** Whether a place is free: a new tandem may take it. A lowered capacity leaves none until enough tandems end. */
export const hasFreePlace = (capacity: number, places: Places): boolean => places.taken < capacity

/**
 * The status of a mentor with these places. NEW (never published) and PAUSED (matching disabled)
 * are the mentor's own choice and stay; otherwise AVAILABLE while a place is free, PROPOSED when
 * every place is taken and one is not yet matched, MATCHED when every taken place holds a matched
 * tandem. With capacity 1 this is the status table's Proposed, Matched and Freed moves.
 */
export const mentorStatusFromPlaces = (status: StatusName, capacity: number, places: Places): StatusName => {
  if (status === 'NEW' || status === 'PAUSED') return status
  if (hasFreePlace(capacity, places)) return 'AVAILABLE'
  return places.matched === places.taken ? 'MATCHED' : 'PROPOSED'
}

/** A capacity is a whole number from 1 to 5. */
export const isMentorCapacity = (value: unknown): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= MENTOR_CAPACITY_MIN && value <= MENTOR_CAPACITY_MAX

/** 'mentor-capacity-range' when the value is not a capacity. */
export const mentorCapacityErrors = (value: unknown, field = 'capacity'): readonly FieldError[] =>
  isMentorCapacity(value) ? [] : [fieldError(field, 'mentor-capacity-range', { min: MENTOR_CAPACITY_MIN, max: MENTOR_CAPACITY_MAX })]
