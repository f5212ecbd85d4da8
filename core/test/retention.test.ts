// The retention rule (docs/privacy.md): the period ends RETENTION_MONTHS after the last sign-in or
// the program year's end, whichever comes first; a live tandem holds it off; one notice 30 days
// before, and never an erasure sooner than 30 days after it.
import { describe, expect, it } from 'vitest'
import { DAY, monthsAfter, retentionDeadline, retentionStep, type RetentionFacts } from '../src/index.js'

const START = Date.UTC(2026, 0, 31, 12)
const facts = (overrides: Partial<RetentionFacts> = {}): RetentionFacts => ({
  lastActiveAt: START,
  programYearEndedAt: null,
  hasLiveTandem: false,
  noticeAt: null,
  ...overrides,
})

describe('retention', () => {
  it("counts calendar months, ending on the month's last day when it has no such day", () => {
    expect(new Date(monthsAfter(START, 1)).toISOString()).toBe('2026-02-28T12:00:00.000Z')
    expect(new Date(monthsAfter(START, 12)).toISOString()).toBe('2027-01-31T12:00:00.000Z')
    expect(new Date(monthsAfter(START, -12)).toISOString()).toBe('2025-01-31T12:00:00.000Z')
  })

  it('ends the period at the earlier of the two rules, and never while a tandem is live', () => {
    expect(retentionDeadline(12, facts())).toEqual({ reason: 'noSignIn', periodEndsAt: monthsAfter(START, 12) })
    const ended = START - 60 * DAY
    expect(retentionDeadline(12, facts({ programYearEndedAt: ended }))).toEqual({
      reason: 'programYearEnded',
      periodEndsAt: monthsAfter(ended, 12),
    })
    expect(retentionDeadline(12, facts({ hasLiveTandem: true }))).toBeNull()
  })

  it('a sign-in after the program-year notice was due leaves only the no-sign-in rule', () => {
    const ended = START
    const signedIn = monthsAfter(ended, 12) - 30 * DAY
    expect(retentionDeadline(12, facts({ lastActiveAt: signedIn, programYearEndedAt: ended }))).toEqual({
      reason: 'noSignIn',
      periodEndsAt: monthsAfter(signedIn, 12),
    })
  })

  it('notifies 30 days before, then keeps until the period ended and 30 days passed since the notice', () => {
    const ends = monthsAfter(START, 12)
    expect(retentionStep(ends - 30 * DAY - 1, 12, facts())._tag).toBe('Keep')
    expect(retentionStep(ends - 30 * DAY, 12, facts())).toMatchObject({ _tag: 'Notify', erasureFrom: ends })
    const noticed = facts({ noticeAt: ends - 30 * DAY })
    expect(retentionStep(ends - 1, 12, noticed)._tag).toBe('Keep')
    expect(retentionStep(ends, 12, noticed)._tag).toBe('Erase')
    const late = facts({ noticeAt: ends + 5 * DAY })
    expect(retentionStep(ends + 5 * DAY + 30 * DAY - 1, 12, late)._tag).toBe('Keep')
    expect(retentionStep(ends + 5 * DAY + 30 * DAY, 12, late)._tag).toBe('Erase')
  })
})
