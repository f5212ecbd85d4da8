// Turns the database's raw statistics counts into the page's figures: every count through the core's
// small-group rule, rates and medians through the core's functions, ids into names in the admin's language.
import {
  Gender,
  DAY,
  HOUR,
  MENTEE_FUNNEL,
  MENTOR_FUNNEL,
  END_REASONS,
  SCORE_BUCKETS,
  medianOf,
  poolRatio,
  showCount,
  shownFunnel,
  shownMatching,
  shownOutcomes,
  totalOutcomes,
  totalRowShown,
  type Cluster,
  type OutcomeCounts,
  type Language,
  type StatisticsFilter,
  type StatisticsReport,
} from '@tandem/core'
import type { KeyedCount, StatisticsCounts, StatisticsRange } from '../ports/store/index.js'
import type { ServiceContext } from '../context.js'
import { countryName, languageName } from '../users/views.js'
import { ALL_YEARS_LABEL, GENDER_LABELS, NO_YEAR_LABEL, UNKNOWN_LABEL } from './statistics.labels.js'

const dayOf = (isoDate: string): number => Date.parse(`${isoDate}T00:00:00.000Z`)

/** The filter's calendar days as the half-open range of instants the queries read (UTC days, docs/product.md#constants). */
export const rangeOf = (filter: StatisticsFilter): StatisticsRange => ({
  clusterIds: filter.clusterIds,
  from: filter.from === null ? null : dayOf(filter.from),
  until: filter.to === null ? null : dayOf(filter.to) + DAY,
})

const isoDay = (instant: number): string => new Date(instant).toISOString().slice(0, 10)

type OutcomesRow = StatisticsReport['outcomes'][number]

/** One row of the outcomes chart: the counts through the core's rules, the ending reasons labelled. */
const outcomesRow = (key: string, label: string, counts: OutcomeCounts, language: Language): OutcomesRow => {
  const shown = shownOutcomes(counts)
  return {
    key,
    label,
    met: [...shown.met],
    pulses: [...shown.pulses],
    earlyEndings: shown.earlyEndings.map((e) => ({
      key: e.reasonId,
      label: END_REASONS.find((r) => r.id === e.reasonId)?.label[language] ?? e.reasonId,
      count: e.count,
    })),
    satisfaction: [...shown.satisfaction],
    sessions: shown.sessions,
  }
}

/**
 * The outcomes per program year (named in the list's order), then the row of all years when it
 * gives no year's small group away (core `totalRowShown`).
 */
const outcomesRows = (outcomes: StatisticsCounts['outcomes'], clusters: readonly Cluster[], language: Language): OutcomesRow[] => {
  const order = (clusterId: number | null) => (clusterId === null ? clusters.length : clusters.findIndex((c) => c.clusterId === clusterId))
  const years = [...outcomes]
    .sort((a, b) => order(a.clusterId) - order(b.clusterId))
    .map((o) => {
      const name =
        o.clusterId === null
          ? NO_YEAR_LABEL[language]
          : (clusters.find((c) => c.clusterId === o.clusterId)?.clusterText ?? String(o.clusterId))
      return outcomesRow(o.clusterId === null ? 'none' : String(o.clusterId), name, o.counts, language)
    })
  const counts = outcomes.map((o) => o.counts)
  return totalRowShown(counts) ? [...years, outcomesRow('all', ALL_YEARS_LABEL[language], totalOutcomes(counts), language)] : years
}

export const statisticsReport = (
  ctx: Pick<ServiceContext, 'master'>,
  counts: StatisticsCounts,
  language: Language,
  clusters: readonly Cluster[],
): StatisticsReport => {
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
      ...shownMatching(counts.started, counts.matched),
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
    outcomes: outcomesRows(counts.outcomes, clusters, language),
  }
}
