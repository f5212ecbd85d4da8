// What counts as a good team when the matching learns from its outcomes (docs/learning.md): one
// definition, every part of it a named setting, judged from what the timeline records.
import { DAY, type Instant } from '../shared/time.js'
import type { EndReasonId } from '../tandem/ending.codec.js'
import { EARLY_ENDING_DAYS, OUTCOME_SCORES, metDeadline } from '../statistics/outcomes.rules.js'

export type GoodTeamSettings = {
  /** The pair must have met by the end of this day after the match. */
  readonly metByDay: number
  /** The average of the answered pulses (1–5) must be at least this. */
  readonly minPulseAverage: number
  /** An ending at most this many days after the match, for one of `earlyEndingReasons`, makes a team not good. */
  readonly earlyEndingDays: number
  readonly earlyEndingReasons: readonly EndReasonId[]
}

export const DEFAULT_GOOD_TEAM_SETTINGS: GoodTeamSettings = {
  metByDay: 30,
  minPulseAverage: 4,
  earlyEndingDays: EARLY_ENDING_DAYS,
  earlyEndingReasons: ['no-contact', 'not-a-good-fit', 'no-time'],
}

/** What the timeline records of one matched team, as the definition reads it. */
export type TeamOutcome = {
  readonly matchedAt: Instant
  /** When either side first answered "yes, we have met" (core teamOutcomeFigures). */
  readonly metAt: Instant | null
  /** Answered pulses of both sides per score (index 0 is score 1). */
  readonly pulses: readonly number[]
  readonly ending: { readonly at: Instant; readonly reasonId: EndReasonId } | null
}

/**
 * Good, not good, or left out: too young to tell (neither ended nor past its early-ending window), or
 * finished without a single answered pulse (nothing says how it went). Left-out teams are not bad.
 */
export type TeamVerdict = 'Good' | 'NotGood' | 'TooYoung' | 'NoPulse'

/** A team is finished once it ended or both the meeting day and the early-ending window are over. */
export const teamFinished = (settings: GoodTeamSettings, now: Instant, team: TeamOutcome): boolean =>
  team.ending !== null || now - team.matchedAt > Math.max(settings.earlyEndingDays * DAY, metDeadline(0, settings.metByDay))

export const judgeTeam =
  (settings: GoodTeamSettings, now: Instant) =>
  (team: TeamOutcome): TeamVerdict => {
    if (!teamFinished(settings, now, team)) return 'TooYoung'
    const { ending } = team
    if (
      ending !== null &&
      ending.at - team.matchedAt <= settings.earlyEndingDays * DAY &&
      settings.earlyEndingReasons.includes(ending.reasonId)
    )
      return 'NotGood'
    if (team.metAt === null || team.metAt >= metDeadline(team.matchedAt, settings.metByDay)) return 'NotGood'
    const answered = OUTCOME_SCORES.reduce((sum, _, i) => sum + (team.pulses[i] ?? 0), 0)
    if (answered === 0) return 'NoPulse'
    const total = OUTCOME_SCORES.reduce((sum, score, i) => sum + score * (team.pulses[i] ?? 0), 0)
    return total / answered >= settings.minPulseAverage ? 'Good' : 'NotGood'
  }
