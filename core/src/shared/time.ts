// Instants and durations as plain milliseconds since the epoch, so the core never reads a clock:
// every function that needs "now" takes it as an argument.
import * as t from 'io-ts'

export const Instant = t.number
export type Instant = number

export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

export const MENTEE_CHOICE_WINDOW = 48 * HOUR
export const MENTOR_ANSWER_WINDOW = 72 * HOUR

/** The calendar year (UTC) of an instant: the "current year" of the year rules, given now. */
export const calendarYearOf = (instant: Instant): number => new Date(instant).getUTCFullYear()
