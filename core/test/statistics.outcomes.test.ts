// The outcome figures' small-group rules: the side-by-side counts, shares, the matching chart's pair,
// one program year's outcomes and the row of all years (which may not give a year's small group away).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DAY,
  EARLY_ENDING_DAYS,
  END_REASONS,
  MET_BY_DAYS,
  SMALL_GROUP_LIMIT,
  latestMatchFor,
  metDeadline,
  shareOf,
  showSideBySideCounts,
  shownMatching,
  shownOutcomes,
  totalOutcomes,
  teamOutcomeFigures,
  totalRowShown,
  fullMonthsRun,
  meetsMonthly,
  sessionCountsOf,
  sessionMonth,
  teamSessionFigures,
  SESSION_MONTH_DAYS,
  type SessionCounts,
  CheckInAnswer,
  type OutcomeCounts,
} from '../src/index.js'

/** A generated answer decoded as the store decodes it (so the scores carry their brand). */
const recordOf = (r: { answer: unknown; answeredAt: number | null }) => {
  if (r.answer === null) return { answer: null, answeredAt: r.answeredAt }
  const decoded = CheckInAnswer.decode(r.answer)
  if (decoded._tag === 'Left') throw new Error('a generated answer does not decode')
  return { answer: decoded.right, answeredAt: r.answeredAt }
}

const count = (value: number) => ({ _tag: 'Count', value })
const few = { _tag: 'FewerThan', limit: 5 }
const hidden = { _tag: 'Hidden', limit: 5 }
const isSmallGap = (a: number, b: number) => Math.abs(a - b) > 0 && Math.abs(a - b) < SMALL_GROUP_LIMIT
const numbers = (shown: readonly { _tag: string; value?: number }[]) => shown.flatMap((s) => (s._tag === 'Count' ? [s.value!] : []))

describe('counts shown side by side', () => {
  it('hides the smaller of two counts that differ by 1 to 4, and every count below 5', () => {
    expect(showSideBySideCounts([18, 17])).toEqual([count(18), few])
    expect(showSideBySideCounts([17, 18])).toEqual([few, count(18)])
    expect(showSideBySideCounts([18, 7])).toEqual([count(18), count(7)])
    expect(showSideBySideCounts([6, 6, 5, 6])).toEqual([count(6), count(6), few, count(6)])
    expect(showSideBySideCounts([4, 3])).toEqual([few, few])
  })

  it('never shows a count below 5 nor two numbers that differ by 1 to 4; shows every count that is exact and keeps the largest', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(60), { maxLength: 8 }), (counts) => {
        const shown = showSideBySideCounts(counts)
        shown.forEach((s, i) => {
          if (s._tag === 'Count') expect(s.value).toBe(counts[i])
        })
        const values = numbers(shown)
        expect(values.every((v) => v >= SMALL_GROUP_LIMIT)).toBe(true)
        expect(values.flatMap((a) => values.filter((b) => isSmallGap(a, b)))).toEqual([])
        const largest = Math.max(0, ...counts)
        if (largest >= SMALL_GROUP_LIMIT) expect(values).toContain(largest)
      }),
    )
  })
})

describe('shares', () => {
  it('is the part in percent of the whole, one decimal; hidden when the part, the whole or the rest is a small group', () => {
    expect(shareOf(5, 10)).toEqual({ _tag: 'Value', value: 50 })
    expect(shareOf(6, 6)).toEqual({ _tag: 'Value', value: 100 })
    expect(shareOf(7, 18)).toEqual({ _tag: 'Value', value: 38.9 })
    expect(shareOf(5, 6)).toEqual(hidden)
    expect(shareOf(4, 40)).toEqual(hidden)
    expect(shareOf(36, 40)).toEqual(hidden)
    expect(shareOf(0, 3)).toEqual(hidden)
  })

  it('is shown exactly when neither the part, the whole nor the rest is a group of fewer than 5', () => {
    fc.assert(
      fc.property(fc.nat(100), fc.nat(100), (a, b) => {
        const [part, whole] = [Math.min(a, b), Math.max(a, b)]
        const shown = shareOf(part, whole)
        const rest = whole - part
        expect(shown._tag === 'Value').toBe(part >= 5 && whole >= 5 && (rest === 0 || rest >= 5))
      }),
    )
  })
})

describe('the matching chart', () => {
  it('hides the matched count and the rate when a group of 1 to 4 was not matched (18 started, 17 matched)', () => {
    expect(shownMatching(18, 17)).toEqual({ started: count(18), matched: few, rate: hidden })
    expect(shownMatching(18, 7)).toEqual({ started: count(18), matched: count(7), rate: { _tag: 'Value', value: 38.9 } })
    expect(shownMatching(10, 10)).toEqual({ started: count(10), matched: count(10), rate: { _tag: 'Value', value: 100 } })
  })

  it('never shows started and matched numbers (or a rate) from which a group of 1 to 4 unmatched follows', () => {
    fc.assert(
      fc.property(fc.nat(80), fc.nat(80), (a, b) => {
        const [matched, started] = [Math.min(a, b), Math.max(a, b)]
        const shown = shownMatching(started, matched)
        const unmatched = started - matched
        if (unmatched > 0 && unmatched < 5) {
          expect(shown.rate._tag).toBe('Hidden')
          expect(shown.started._tag === 'Count' && shown.matched._tag === 'Count').toBe(false)
        }
      }),
    )
  })
})

const year = (teams14: number, met14: number, teams30: number, met30: number, more: Partial<OutcomeCounts> = {}): OutcomeCounts => ({
  met: [
    { day: 14, teams: teams14, met: met14 },
    { day: 30, teams: teams30, met: met30 },
  ],
  pulses: [0, 0, 0, 0, 0],
  earlyEndings: {},
  satisfaction: [0, 0, 0, 0, 0],
  sessions: { teams: 0, months: 0, sessions: 0, monthly: 0 },
  ...more,
})
const sessions = (teams: number, months: number, logged: number, monthly: number): SessionCounts => ({
  teams,
  months,
  sessions: logged,
  monthly,
})

describe('the outcomes of a program year', () => {
  it('met by day N: a yes before day N after the match ends, counted once day N is over', () => {
    expect(MET_BY_DAYS).toEqual([14, 30])
    expect(metDeadline(1000, 14)).toBe(1000 + 15 * DAY)
    expect(latestMatchFor(100 * DAY, 30)).toBe(69 * DAY)
  })

  it('counts an ending as early up to 90 days after the match (the statistics query reads this figure)', () => {
    expect(EARLY_ENDING_DAYS).toBe(90)
  })

  it('hides the day-14 share when one of six teams met only later, and shows the day-30 share of all six', () => {
    const shown = shownOutcomes(year(6, 5, 6, 6, { pulses: [0, 1, 3, 6, 5], earlyEndings: { 'no-time': 5, other: 1 } }))
    expect(shown.met).toEqual([
      { day: 14, teams: count(6), share: hidden },
      { day: 30, teams: count(6), share: { _tag: 'Value', value: 100 } },
    ])
    expect(shown.pulses).toEqual([
      { score: 1, count: few },
      { score: 2, count: few },
      { score: 3, count: few },
      { score: 4, count: count(6) },
      { score: 5, count: count(5) },
    ])
    expect(shown.earlyEndings.map((e) => e.reasonId)).toEqual(END_REASONS.map((r) => r.id))
    expect(shown.earlyEndings.find((e) => e.reasonId === 'no-time')?.count).toEqual(count(5))
    expect(shown.earlyEndings.find((e) => e.reasonId === 'other')?.count).toEqual(few)
  })

  it('never shows a share whose part, whole or rest is small, nor two team counts, nor shares, that give away a group of 1 to 4', () => {
    const counts = fc.tuple(fc.nat(40), fc.nat(40), fc.nat(40), fc.nat(40)).map(([a, b, c, d]) => {
      const teams30 = Math.min(a, b)
      const teams14 = Math.max(a, b)
      return year(teams14, Math.min(c, teams14), teams30, Math.min(d, teams30))
    })
    fc.assert(
      fc.property(counts, (c) => {
        const shown = shownOutcomes(c)
        const visible: number[] = []
        shown.met.forEach((m, i) => {
          const raw = c.met[i]!
          if (m.teams._tag === 'Count') visible.push(m.teams.value)
          if (m.share._tag === 'Value') {
            expect(raw.met >= 5 && raw.teams >= 5 && !isSmallGap(raw.teams, raw.met)).toBe(true)
            visible.push(raw.met, raw.teams)
          }
        })
        expect(visible.every((v) => v >= 5)).toBe(true)
        expect(visible.flatMap((a) => visible.filter((b) => isSmallGap(a, b)))).toEqual([])
      }),
    )
  })
})

describe("a team's sessions: months run, sessions per month, meeting at least monthly", () => {
  const MONTH = SESSION_MONTH_DAYS * DAY
  const MATCH = 1_000 * DAY

  it('counts whole 30-day months from the match to the end, or to now while the team runs', () => {
    expect(SESSION_MONTH_DAYS).toBe(30)
    expect(fullMonthsRun(MATCH, null, MATCH + 29 * DAY)).toBe(0)
    expect(fullMonthsRun(MATCH, null, MATCH + 30 * DAY)).toBe(1)
    expect(fullMonthsRun(MATCH, null, MATCH + 95 * DAY)).toBe(3)
    expect(fullMonthsRun(MATCH, MATCH + 61 * DAY, MATCH + 400 * DAY)).toBe(2)
    expect(sessionMonth(MATCH, MATCH)).toBe(0)
    expect(sessionMonth(MATCH, MATCH + 30 * DAY)).toBe(1)
  })

  it('counts the sessions of the full months only, and a team with a session in each of them meets monthly', () => {
    // Ran 95 days: months 0, 1 and 2 are full; a session before the match and one in month 3 do not count.
    const starts = [MATCH - DAY, MATCH + 5 * DAY, MATCH + 40 * DAY, MATCH + 41 * DAY, MATCH + 70 * DAY, MATCH + 92 * DAY]
    const team = teamSessionFigures(MATCH, null, MATCH + 95 * DAY, starts)
    expect(team).toEqual({ months: 3, sessions: 4, monthsWithSession: 3 })
    expect(meetsMonthly(team)).toBe(true)
    // Without the session of month 1 the team skipped a month; with an end on day 61 only months 0 and 1 count.
    expect(meetsMonthly(teamSessionFigures(MATCH, null, MATCH + 95 * DAY, [MATCH + 5 * DAY, MATCH + 70 * DAY]))).toBe(false)
    expect(teamSessionFigures(MATCH, MATCH + 61 * DAY, MATCH + 95 * DAY, starts)).toEqual({ months: 2, sessions: 3, monthsWithSession: 2 })
    // A team younger than a month is not judged.
    expect(meetsMonthly(teamSessionFigures(MATCH, null, MATCH + 20 * DAY, [MATCH + DAY]))).toBe(false)
  })

  it('sums the teams of a full month: their months, sessions and those meeting monthly', () => {
    const sessionStarts = fc.array(
      fc.integer({ min: -40, max: 200 }).map((d) => MATCH + d * DAY + 1),
      { maxLength: 8 },
    )
    const team = fc.record({ ran: fc.integer({ min: 0, max: 200 }), ended: fc.boolean(), starts: sessionStarts })
    fc.assert(
      fc.property(fc.array(team, { maxLength: 10 }), (teams) => {
        const now = MATCH + 200 * DAY
        const figures = teams.map((t) =>
          teamSessionFigures(MATCH, t.ended ? MATCH + t.ran * DAY : null, t.ended ? now : MATCH + t.ran * DAY, t.starts),
        )
        const counts = sessionCountsOf(figures)
        const ran = teams.filter((t) => t.ran >= SESSION_MONTH_DAYS)
        expect(counts.teams).toBe(ran.length)
        expect(counts.months).toBe(ran.reduce((sum, t) => sum + Math.floor((t.ran * DAY) / MONTH), 0))
        for (const f of figures) {
          expect(f.monthsWithSession).toBeLessThanOrEqual(f.months)
          expect(f.sessions).toBeGreaterThanOrEqual(f.monthsWithSession)
        }
        expect(counts.monthly).toBe(figures.filter((f) => f.months >= 1 && f.monthsWithSession === f.months).length)
      }),
    )
  })

  it('shows sessions per team-month and the share meeting monthly only on 5 teams or more', () => {
    const shown = shownOutcomes(year(10, 10, 10, 10, { sessions: sessions(10, 30, 45, 5) }))
    expect(shown.sessions).toEqual({
      teams: count(10),
      perTeamMonth: { _tag: 'Value', value: 1.5 },
      monthlyShare: { _tag: 'Value', value: 50 },
    })
    expect(shownOutcomes(year(0, 0, 0, 0, { sessions: sessions(4, 12, 20, 4) })).sessions).toEqual({
      teams: few,
      perTeamMonth: hidden,
      monthlyShare: hidden,
    })
    // Five of six meet monthly: the one who does not would follow from the share.
    expect(shownOutcomes(year(0, 0, 0, 0, { sessions: sessions(6, 6, 9, 5) })).sessions).toEqual({
      teams: count(6),
      perTeamMonth: { _tag: 'Value', value: 1.5 },
      monthlyShare: hidden,
    })
    // 8 teams of a full month beside 10 matched at least 30 days ago: the 2 between them are a small group.
    expect(shownOutcomes(year(10, 10, 10, 10, { sessions: sessions(8, 8, 8, 8) })).sessions.teams).toEqual(few)
  })

  it('never shows a count, share or rate that rests on fewer than 5 teams or differs from another by 1 to 4', () => {
    const counts = fc.tuple(fc.nat(30), fc.nat(30), fc.nat(30), fc.nat(30), fc.nat(30), fc.nat(30)).map(([a, b, c, d, e, f]) => {
      const teams = Math.max(e, f)
      return year(Math.max(a, b), Math.min(a, b), Math.min(a, b), Math.min(c, a, b), {
        sessions: sessions(teams, teams * 2, d, Math.min(e, f)),
      })
    })
    fc.assert(
      fc.property(counts, (c) => {
        const shown = shownOutcomes(c)
        const visible: number[] = numbers(shown.met.map((m) => m.teams))
        shown.met.forEach((m, i) => {
          if (m.share._tag === 'Value') visible.push(c.met[i]!.met, c.met[i]!.teams)
        })
        if (shown.sessions.teams._tag === 'Count') visible.push(shown.sessions.teams.value)
        if (shown.sessions.perTeamMonth._tag === 'Value') expect(c.sessions.teams).toBeGreaterThanOrEqual(5)
        if (shown.sessions.monthlyShare._tag === 'Value') {
          expect(c.sessions.monthly >= 5 && !isSmallGap(c.sessions.teams, c.sessions.monthly)).toBe(true)
          visible.push(c.sessions.monthly, c.sessions.teams)
        }
        expect(visible.every((v) => v >= 5)).toBe(true)
        expect(visible.flatMap((a) => visible.filter((b) => isSmallGap(a, b)))).toEqual([])
      }),
    )
  })
})

describe('the row of all program years', () => {
  it('is left out when one year alone is in scope, or when a year holds a group of 1 to 4', () => {
    expect(totalRowShown([year(10, 5, 10, 10)])).toBe(false)
    expect(totalRowShown([year(10, 5, 10, 10), year(6, 5, 6, 6)])).toBe(false)
    expect(totalRowShown([year(10, 5, 10, 10), year(10, 0, 5, 5, { pulses: [0, 0, 0, 2, 0] })])).toBe(false)
    expect(totalRowShown([year(10, 5, 10, 10), year(10, 0, 5, 5, { pulses: [0, 0, 0, 5, 0] })])).toBe(true)
    // A year whose teams of a full month are 2 fewer than its teams of day 30, or 3 of them meet monthly.
    expect(totalRowShown([year(10, 5, 10, 10), year(10, 5, 10, 10, { sessions: sessions(8, 16, 20, 0) })])).toBe(false)
    expect(totalRowShown([year(10, 5, 10, 10), year(10, 5, 10, 10, { sessions: sessions(10, 20, 20, 3) })])).toBe(false)
    expect(totalRowShown([year(10, 5, 10, 10, { sessions: sessions(10, 20, 20, 5) }), year(10, 5, 10, 10)])).toBe(true)
  })

  it('when shown, no figure of the total differs from one year by a group of 1 to 4', () => {
    const smallOrNot = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 5, max: 30 }))
    const counts = fc
      .tuple(smallOrNot, smallOrNot, smallOrNot, smallOrNot, fc.array(smallOrNot, { minLength: 5, maxLength: 5 }))
      .map(([a, b, c, d, pulses]) => year(a + b, Math.min(c, a + b), a, Math.min(d, a), { pulses }))
    fc.assert(
      fc.property(fc.array(counts, { minLength: 1, maxLength: 4 }), (years) => {
        if (!totalRowShown(years)) return
        const total = totalOutcomes(years)
        const figures = (c: OutcomeCounts) => [...c.met.flatMap((m) => [m.teams, m.met, m.teams - m.met]), ...c.pulses]
        for (const y of years) {
          const rest = figures(total).map((n, i) => n - figures(y)[i]!)
          expect(rest.filter((n) => n > 0 && n < 5)).toEqual([])
        }
      }),
    )
  })
})

describe("a team's outcome figures (kept on its timeline row)", () => {
  const answer = fc.oneof(
    fc.constantFrom('Yes', 'NotYet', 'CannotReach').map((met) => ({ kind: 'Met' as const, met })),
    fc.integer({ min: 1, max: 5 }).map((score) => ({ kind: 'Pulse' as const, score, note: null })),
    fc.integer({ min: 1, max: 5 }).map((satisfaction) => ({
      kind: 'Closing' as const,
      satisfaction,
      wouldRecommend: true,
      goalsReached: 'Some' as const,
      note: null,
    })),
  )
  const record = fc.record({ answer: fc.option(answer, { nil: null }), answeredAt: fc.option(fc.nat(1_000_000), { nil: null }) })

  it('counts each answered pulse and closing survey by its score, and takes the earliest "yes, we have met"', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 12 }), (records) => {
        const checkIns = records.map(recordOf)
        const figures = teamOutcomeFigures(checkIns)
        const answered = checkIns.filter((c) => c.answer !== null && c.answeredAt !== null)
        for (const score of [1, 2, 3, 4, 5]) {
          expect(figures.pulses[score - 1]).toBe(answered.filter((c) => c.answer?.kind === 'Pulse' && c.answer.score === score).length)
          expect(figures.satisfaction[score - 1]).toBe(
            answered.filter((c) => c.answer?.kind === 'Closing' && c.answer.satisfaction === score).length,
          )
        }
        const yes = answered.filter((c) => c.answer?.kind === 'Met' && c.answer.met === 'Yes').map((c) => c.answeredAt!)
        expect(figures.metAt).toBe(yes.length === 0 ? null : Math.min(...yes))
      }),
    )
  })
})
