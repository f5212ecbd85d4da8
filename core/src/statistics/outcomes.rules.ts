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

/**
 * A team's "month" for the session figures: 30 days from its match (month 0 is days 0–29, month 1
 * days 30–59, …), so every team's months are alike whatever day of the calendar it was matched on.
 */
export const SESSION_MONTH_DAYS = 30
const SESSION_MONTH = SESSION_MONTH_DAYS * DAY

/**
 * The full months a team ran: whole 30-day periods from its match to its end, or to now while it runs.
 * A month still under way does not count, so a young team is not judged on half a month.
 */
export const fullMonthsRun = (matchedAt: Instant, endedAt: Instant | null, now: Instant): number =>
  Math.max(0, Math.floor(((endedAt ?? now) - matchedAt) / SESSION_MONTH))

/** The month of the team a session falls in (0: the first 30 days after the match). */
export const sessionMonth = (matchedAt: Instant, startedAt: Instant): number => Math.floor((startedAt - matchedAt) / SESSION_MONTH)

/**
 * A team's sessions as the outcomes count them: its full months (`fullMonthsRun`), the sessions that
 * started in them (a session before the match or in the month under way is not counted), and how many
 * of those months had at least one session.
 */
export type TeamSessionFigures = { readonly months: number; readonly sessions: number; readonly monthsWithSession: number }

export const teamSessionFigures = (
  matchedAt: Instant,
  endedAt: Instant | null,
  now: Instant,
  sessionStarts: readonly Instant[],
): TeamSessionFigures => {
  const months = fullMonthsRun(matchedAt, endedAt, now)
  const counted = sessionStarts.map((s) => sessionMonth(matchedAt, s)).filter((m) => m >= 0 && m < months)
  return { months, sessions: counted.length, monthsWithSession: new Set(counted).size }
}

/**
 * A team **meets at least monthly** when it ran at least one full month and every full month it ran
 * had a session. The one definition: the database counts by it (statistics.queries.ts), a property
 * test holds the two together.
 */
export const meetsMonthly = (team: TeamSessionFigures): boolean => team.months >= 1 && team.monthsWithSession === team.months

/** The session counts of a group of teams: only the teams that ran at least one full month count. */
export type SessionCounts = {
  /** Teams that ran at least one full month. */
  readonly teams: number
  /** Their full months together (team-months). */
  readonly months: number
  /** The sessions that started in those months. */
  readonly sessions: number
  /** Of the teams, those meeting at least monthly (`meetsMonthly`). */
  readonly monthly: number
}

export const sessionCountsOf = (teams: readonly TeamSessionFigures[]): SessionCounts => {
  const ran = teams.filter((t) => t.months >= 1)
  return {
    teams: ran.length,
    months: ran.reduce((sum, t) => sum + t.months, 0),
    sessions: ran.reduce((sum, t) => sum + t.sessions, 0),
    monthly: ran.filter(meetsMonthly).length,
  }
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
  /** The logged sessions of the teams that ran at least one full month. */
  readonly sessions: SessionCounts
}

/** One row of the outcomes as it may be shown. */
export type ShownOutcomes = {
  readonly met: readonly { readonly day: number; readonly teams: ShownCount; readonly share: ShownValue }[]
  readonly pulses: readonly { readonly score: number; readonly count: ShownCount }[]
  readonly earlyEndings: readonly { readonly reasonId: EndReasonId; readonly count: ShownCount }[]
  readonly satisfaction: readonly { readonly score: number; readonly count: ShownCount }[]
  /**
   * The teams that ran at least one full month, their sessions per team-month (two decimals) and the
   * percent of them meeting at least monthly.
   */
  readonly sessions: { readonly teams: ShownCount; readonly perTeamMonth: ShownValue; readonly monthlyShare: ShownValue }
}

/**
 * The meeting figures of one row: the teams counted per day and the share that met, and the teams
 * that ran a full month with the share of them meeting at least monthly. The teams of day 30 are a
 * part of those of day 14, the teams who met by day 14 may be compared with those who met by day 30,
 * and the teams of a full month with either, so all six counts go through the side-by-side rule
 * together; a share is shown only when its part and its whole survived it (then neither they nor the
 * rest are a small group, `shareOf`). Sessions per team-month rest on the teams of a full month: shown
 * only when their count is (no figure on fewer than 5 teams).
 */
const shownMeetings = (met: OutcomeCounts['met'], sessions: SessionCounts): Pick<ShownOutcomes, 'met' | 'sessions'> => {
  const shown = showSideBySideCounts([...met.map((m) => m.teams), ...met.map((m) => m.met), sessions.teams, sessions.monthly])
  const sessionTeams = shown[2 * met.length]!
  const monthlyTeams = shown[2 * met.length + 1]!
  return {
    met: met.map((m, i) => {
      const teams = shown[i]!
      const part = shown[met.length + i]!
      return { day: m.day, teams, share: teams._tag === 'Count' && part._tag === 'Count' ? shareOf(m.met, m.teams) : hiddenShare }
    }),
    sessions: {
      teams: sessionTeams,
      perTeamMonth:
        sessionTeams._tag === 'Count' && sessions.months > 0
          ? { _tag: 'Value', value: Math.round((100 * sessions.sessions) / sessions.months) / 100 }
          : hiddenShare,
      monthlyShare:
        sessionTeams._tag === 'Count' && monthlyTeams._tag === 'Count' ? shareOf(sessions.monthly, sessions.teams) : hiddenShare,
    },
  }
}

const hiddenShare: ShownValue = { _tag: 'Hidden', limit: SMALL_GROUP_LIMIT }

/**
 * One row of outcomes as it may be shown. The scores and reasons are separate groups (one answer, one
 * team each) and no total is shown beside them, so each is shown or hidden alone.
 */
export const shownOutcomes = (counts: OutcomeCounts): ShownOutcomes => ({
  ...shownMeetings(counts.met, counts.sessions),
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
  counts.sessions.teams,
  counts.sessions.monthly,
  counts.sessions.teams - counts.sessions.monthly,
  ...counts.met.flatMap((m) =>
    [m.teams, m.met].flatMap((n) => [Math.abs(n - counts.sessions.teams), Math.abs(n - counts.sessions.monthly)]),
  ),
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
    sessions: {
      teams: sum((y) => y.sessions.teams),
      months: sum((y) => y.sessions.months),
      sessions: sum((y) => y.sessions.sessions),
      monthly: sum((y) => y.sessions.monthly),
    },
  }
}
