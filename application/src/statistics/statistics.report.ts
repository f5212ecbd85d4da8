// Turns the database's raw statistics counts into the page's figures: every count through the core's
// small-group rule, rates and medians through the core's functions, ids into names in the admin's language.
import {
  Gender,
  DAY,
  HOUR,
  MENTEE_FUNNEL,
  MENTOR_FUNNEL,
  SCORE_BUCKETS,
  matchRate,
  medianOf,
  poolRatio,
  showCount,
  shownFunnel,
  type Language,
  type StatisticsFilter,
  type StatisticsReport,
} from '@tandem/core'
import type { KeyedCount, StatisticsCounts, StatisticsRange } from '../ports/store/index.js'
import type { ServiceContext } from '../context.js'
import { countryName, languageName } from '../users/views.js'
import { GENDER_LABELS, UNKNOWN_LABEL } from './statistics.labels.js'

const dayOf = (isoDate: string): number => Date.parse(`${isoDate}T00:00:00.000Z`)

/** The filter's calendar days as the half-open range of instants the queries read (UTC days, docs/product.md#constants). */
export const rangeOf = (filter: StatisticsFilter): StatisticsRange => ({
  clusterIds: filter.clusterIds,
  from: filter.from === null ? null : dayOf(filter.from),
  until: filter.to === null ? null : dayOf(filter.to) + DAY,
})

const isoDay = (instant: number): string => new Date(instant).toISOString().slice(0, 10)

export const statisticsReport = (ctx: ServiceContext, counts: StatisticsCounts, language: Language): StatisticsReport => {
  const funnel = (stages: readonly string[], furthest: readonly number[]) =>
    shownFunnel(furthest).map((count, i) => ({ stage: stages[i] ?? '', count }))
  const reasons = (side: 'Mentee' | 'Mentor') =>
    ctx.master.declineReasons
      .filter((r) => r.side === side)
      .map((r) => ({
        key: String(r.id),
        label: r.text[language],
        count: showCount(counts.declineReasons[side].find((c) => c.reasonId === r.id)?.count ?? 0),
      }))
  const breakdown = (rows: readonly KeyedCount[], label: (key: string) => string) =>
    rows.map((r) => ({ key: r.key, label: label(r.key), mentees: showCount(r.mentees), mentors: showCount(r.mentors) }))
  const medianMs = medianOf(counts.medianMiddle, counts.matched)
  return {
    funnel: { mentee: funnel(MENTEE_FUNNEL, counts.furthest.Mentee), mentor: funnel(MENTOR_FUNNEL, counts.furthest.Mentor) },
    matching: {
      started: showCount(counts.started),
      matched: showCount(counts.matched),
      rate: matchRate(counts.matched, counts.started),
      medianHoursToMatch: medianMs._tag === 'Value' ? { _tag: 'Value', value: Math.round((10 * medianMs.value) / HOUR) / 10 } : medianMs,
    },
    expiries: {
      menteeExpired: showCount(counts.menteeExpired),
      mentorExpired: showCount(counts.mentorExpired),
      mentorsPausedForSilence: showCount(counts.mentorsPausedForSilence),
    },
    declineReasons: { mentee: reasons('Mentee'), mentor: reasons('Mentor') },
    scores: SCORE_BUCKETS.map((bucket) => {
      const row = counts.scores.find((s) => s.bucket === bucket)
      return { bucket, matched: showCount(row?.matched ?? 0), declined: showCount(row?.declined ?? 0) }
    }),
    poolBalance: counts.pool.map((p) => ({
      day: isoDay(p.day),
      availableMentors: showCount(p.availableMentors),
      waitingMentees: showCount(p.waitingMentees),
      mentorsPerMentee: poolRatio(p.availableMentors, p.waitingMentees),
    })),
    breakdowns: {
      language: breakdown(counts.breakdowns.language, (key) =>
        key === 'en' || key === 'de' ? (languageName(ctx, key, language) ?? key) : key,
      ),
      country: breakdown(counts.breakdowns.country, (key) =>
        key === '' ? UNKNOWN_LABEL[language] : (countryName(ctx, Number(key), language) ?? key),
      ),
      gender: breakdown(counts.breakdowns.gender, (key) => (Gender.is(key) ? GENDER_LABELS[key][language] : key)),
    },
  }
}
