// Retention (docs/privacy.md): personal data does not outlive its purpose. A person is erased
// RETENTION_MONTHS after they last signed in, or after their program year ended, once a notice
// went out 30 days before; a live tandem holds the erasure off and a sign-in restarts the clock.
import * as t from 'io-ts'
import { DAY, type Instant } from '../shared/time.js'

/** Why the retention sweep will erase a person. */
export const RetentionReason = t.keyof({ programYearEnded: null, noSignIn: null }, 'RetentionReason')
export type RetentionReason = t.TypeOf<typeof RetentionReason>

export const DEFAULT_RETENTION_MONTHS = 12
/** How long before the erasure the notice goes out, and the least time it gives. */
export const RETENTION_NOTICE_PERIOD = 30 * DAY

export type RetentionFacts = {
  /** The last sign-in, or the registration when there was none. */
  readonly lastActiveAt: Instant
  /** When the person's program year ended (mentees in an ended year), else null. */
  readonly programYearEndedAt: Instant | null
  readonly hasLiveTandem: boolean
  /** When the notice went out since the last sign-in, else null. */
  readonly noticeAt: Instant | null
}

/** The same day of the month `months` later (the month's last day when it has no such day), UTC. */
export const monthsAfter = (instant: Instant, months: number): Instant => {
  const d = new Date(instant)
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1))
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  return Date.UTC(
    target.getUTCFullYear(),
    target.getUTCMonth(),
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  )
}

export type RetentionDeadline = { readonly reason: RetentionReason; readonly periodEndsAt: Instant }

/**
 * When the person's retention period ends and why; null while a live tandem holds it off. The
 * program-year rule counts only while the person has not signed in since its notice was due: a
 * sign-in after it keeps the account, and the no-sign-in rule runs from that sign-in.
 */
export const retentionDeadline = (months: number, facts: RetentionFacts): RetentionDeadline | null => {
  if (facts.hasLiveTandem) return null
  const inactive: RetentionDeadline = { reason: 'noSignIn', periodEndsAt: monthsAfter(facts.lastActiveAt, months) }
  if (facts.programYearEndedAt === null) return inactive
  const yearEnds = monthsAfter(facts.programYearEndedAt, months)
  if (facts.lastActiveAt >= yearEnds - RETENTION_NOTICE_PERIOD) return inactive
  return yearEnds < inactive.periodEndsAt ? { reason: 'programYearEnded', periodEndsAt: yearEnds } : inactive
}

/** What the sweep does for the person now: nothing yet, send the notice (once), or erase. */
export type RetentionStep =
  | { readonly _tag: 'Keep' }
  | { readonly _tag: 'Notify'; readonly deadline: RetentionDeadline; readonly erasureFrom: Instant }
  | { readonly _tag: 'Erase'; readonly deadline: RetentionDeadline }

/** The earliest the person is erased: the period's end, and never sooner than 30 days after the notice. */
export const erasureFrom = (deadline: RetentionDeadline, noticeAt: Instant | null): Instant =>
  Math.max(deadline.periodEndsAt, (noticeAt ?? deadline.periodEndsAt - RETENTION_NOTICE_PERIOD) + RETENTION_NOTICE_PERIOD)

export const retentionStep = (now: Instant, months: number, facts: RetentionFacts): RetentionStep => {
  const deadline = retentionDeadline(months, facts)
  if (deadline === null || now < deadline.periodEndsAt - RETENTION_NOTICE_PERIOD) return { _tag: 'Keep' }
  if (facts.noticeAt === null) return { _tag: 'Notify', deadline, erasureFrom: erasureFrom(deadline, now) }
  return now >= erasureFrom(deadline, facts.noticeAt) ? { _tag: 'Erase', deadline } : { _tag: 'Keep' }
}
