// The outcomes of matched teams for the administrators' statistics: whether teams met, how the pulses
// and closing surveys were scored, and which teams ended early and why, per program year. The
// database counts by these definitions; these functions decide what the counts become on the page.
import { DAY, type Instant } from '../shared/time.js'
import { END_REASONS } from '../mentorship/ending.rules.js'
import type { EndReasonId } from '../tandem/ending.codec.js'
import type { CheckInRecord } from '../mentorship/timeline.js'
import { SMALL_GROUP_LIMIT, shareOf, showCount, showSideBySideCounts, type ShownCount, type ShownValue } from './statistics.rules.js'

/**
 * The days after the match by which a team's meeting is counted. A team "met by day N" when either
 * side answered "yes" to the question "have you met yet?" on day N after the match or earlier, by the
 * time of the answer (the match is day 0; day N ends N + 1 days after it). The question comes on day
 * 14, so a "yes" by day 14 is a prompt answer.
 */
export const MET_BY_DAYS = [14, 30] as const
export type MetByDay = (typeof MET_BY_DAYS)[number]

/** The end of day `day` after a match at `matchedAt`: an answer before it counts as met by that day. */
export const metDeadline = (matchedAt: number, day: number): number => matchedAt + (day + 1) * DAY

/**
 * A team counts for "met by day N" once its day N is over: matched at or before the instant returned.
 * Younger teams could still answer, and counting them would lower the share for no reason.
 */
export const latestMatchFor = (now: number, day: number): number => now - (day + 1) * DAY

/** Endings that count as early: a team ended at most this many days after its match. */
export const EARLY_ENDING_DAYS = 90

/** The scores of a pulse and of the closing survey's satisfaction, 1 (bad) to 5 (very good). */
export const OUTCOME_SCORES = [1, 2, 3, 4, 5] as const

/**
 * A team's answers as the outcomes count them: when either side first answered "yes, we have met",
 * and its answered pulses and closing surveys per score. Kept on the team's timeline row, rewritten
 * with every answer, so that the statistics sum one row per team instead of reading every answer.
 */
export type TeamOutcomeFigures = {
  readonly metAt: Instant | null
  /** Answered pulses of both sides per score (index 0 is score 1). */
  readonly pulses: readonly number[]
  /** Answered closing surveys of both sides per satisfaction (index 0 is 1). */
  readonly satisfaction: readonly number[]
}

export const teamOutcomeFigures = (checkIns: readonly Pick<CheckInRecord, 'answer' | 'answeredAt'>[]): TeamOutcomeFigures => {
  let metAt: Instant | null = null
  const pulses = OUTCOME_SCORES.map(() => 0)
  const satisfaction = OUTCOME_SCORES.map(() => 0)
  for (const { answer, answeredAt } of checkIns) {
    if (answer === null || answeredAt === null) continue
    if (answer.kind === 'Met' && answer.met === 'Yes' && (metAt === null || answeredAt < metAt)) metAt = answeredAt
    if (answer.kind === 'Pulse') pulses[answer.score - 1]! += 1
    if (answer.kind === 'Closing') satisfaction[answer.satisfaction - 1]! += 1
  }
  return { metAt, pulses, satisfaction }
}

/** The raw counts of one program year (or of all of them), as the database gives them. */
export type OutcomeCounts = {
  /** Per day of MET_BY_DAYS: teams matched at least that many days ago, and of them those who met by then. */
  readonly met: readonly { readonly day: number; readonly teams: number; readonly met: number }[]
  /** Answered pulses per score (index 0 is score 1). */
  readonly pulses: readonly number[]
  /** Teams ended at most EARLY_ENDING_DAYS after the match, per reason. */
  readonly earlyEndings: Readonly<Partial<Record<EndReasonId, number>>>
  /** Answered closing surveys per satisfaction (index 0 is 1). */
  readonly satisfaction: readonly number[]
}

/** One row of the outcomes as it may be shown. */
export type ShownOutcomes = {
  readonly met: readonly { readonly day: number; readonly teams: ShownCount; readonly share: ShownValue }[]
  readonly pulses: readonly { readonly score: number; readonly count: ShownCount }[]
  readonly earlyEndings: readonly { readonly reasonId: EndReasonId; readonly count: ShownCount }[]
  readonly satisfaction: readonly { readonly score: number; readonly count: ShownCount }[]
}

/**
 * The meeting figures of one row: the teams counted per day and the share that met. The teams of day 30
 * are a part of those of day 14, and the teams who met by day 14 may be compared with those who met by
 * day 30, so all four counts go through the side-by-side rule together; a share is shown only when its
 * part and its whole survived it (then neither they nor the rest are a small group, `shareOf`).
 */
const shownMet = (met: OutcomeCounts['met']): ShownOutcomes['met'] => {
  const shown = showSideBySideCounts([...met.map((m) => m.teams), ...met.map((m) => m.met)])
  return met.map((m, i) => {
    const teams = shown[i]!
    const part = shown[met.length + i]!
    return { day: m.day, teams, share: teams._tag === 'Count' && part._tag === 'Count' ? shareOf(m.met, m.teams) : hiddenShare }
  })
}

const hiddenShare: ShownValue = { _tag: 'Hidden', limit: SMALL_GROUP_LIMIT }

/**
 * One row of outcomes as it may be shown. The scores and reasons are separate groups (one answer, one
 * team each) and no total is shown beside them, so each is shown or hidden alone.
 */
export const shownOutcomes = (counts: OutcomeCounts): ShownOutcomes => ({
  met: shownMet(counts.met),
  pulses: OUTCOME_SCORES.map((score, i) => ({ score, count: showCount(counts.pulses[i] ?? 0) })),
  earlyEndings: END_REASONS.map((r) => ({ reasonId: r.id, count: showCount(counts.earlyEndings[r.id] ?? 0) })),
  satisfaction: OUTCOME_SCORES.map((score, i) => ({ score, count: showCount(counts.satisfaction[i] ?? 0) })),
})

/** Every number of a row: its counts and the differences its shares rest on (teams who did not meet). */
const numbersOf = (counts: OutcomeCounts): number[] => [
  ...counts.met.flatMap((m) => [m.teams, m.met, m.teams - m.met]),
  ...counts.met.flatMap((a) => counts.met.map((b) => Math.abs(a.teams - b.teams))),
  ...counts.met.flatMap((a) => counts.met.map((b) => Math.abs(a.met - b.met))),
  ...counts.pulses,
  ...Object.values(counts.earlyEndings),
  ...counts.satisfaction,
]

/**
 * Whether a row of all program years may be shown beside the rows of each: the total less one year's
 * row is the other years' figure, which must not be a small group either. So only when there are at
 * least two years (one year's total is its own row) and every number of every year, and every
 * difference its figures rest on, is 0 or at least 5: then any sum of them is too.
 */
export const totalRowShown = (years: readonly OutcomeCounts[]): boolean =>
  years.length >= 2 && years.every((y) => numbersOf(y).every((n) => n === 0 || n >= SMALL_GROUP_LIMIT))

/** The counts of all program years together: each figure summed. */
export const totalOutcomes = (years: readonly OutcomeCounts[]): OutcomeCounts => {
  const sum = (of: (y: OutcomeCounts) => number) => years.reduce((total, y) => total + of(y), 0)
  return {
    met: MET_BY_DAYS.map((day, i) => ({
      day,
      teams: sum((y) => y.met[i]?.teams ?? 0),
      met: sum((y) => y.met[i]?.met ?? 0),
    })),
    pulses: OUTCOME_SCORES.map((_, i) => sum((y) => y.pulses[i] ?? 0)),
    earlyEndings: Object.fromEntries(END_REASONS.map((r) => [r.id, sum((y) => y.earlyEndings[r.id] ?? 0)])),
    satisfaction: OUTCOME_SCORES.map((_, i) => sum((y) => y.satisfaction[i] ?? 0)),
  }
}
