// The statistics report as the page shows it: per chart its series (a small group is null, drawn as
// a hidden marker, never as zero; see docs/admin.md#statistics), its axis titles and its table
// alternative (small groups read "fewer than 5"). Pure, so tests read it directly.
import type { StatisticsChart, StatisticsReport } from '@tandem/core'
import type { TFunction } from 'i18next'

type Shown =
  { readonly _tag: 'Count' | 'Value'; readonly value: number } | { readonly _tag: 'FewerThan' | 'Hidden'; readonly limit: number }

export type Series = { readonly key: string; readonly label: string; readonly color: string }

/** The key beside a series' value that holds the text of a hidden group ("< 5"). */
export const hiddenKey = (series: string) => `${series}:hidden`

/** Whether the chart has anything to draw: a category with a value above zero (hidden groups are drawn beside it). */
export const hasDataToDraw = (view: ChartView): boolean =>
  view.data.some((d) =>
    view.series.some((s) => {
      const v = d[s.key]
      return typeof v === 'number' && v > 0
    }),
  )

export type ChartView = {
  /** The DOM id of the chart's section. */
  readonly id: string
  /** Which spreadsheet holds its data. */
  readonly chart: StatisticsChart
  readonly title: string
  readonly kind: 'bar' | 'line'
  /** The titles of the category axis and of the value axis. */
  readonly axes: { readonly category: string; readonly value: string }
  readonly series: readonly Series[]
  /** One entry per category: its label and a value per series (null: not shown). */
  readonly data: readonly ({ readonly label: string } & Readonly<Record<string, number | null | string>>)[]
  readonly columns: readonly string[]
  readonly rows: readonly (readonly string[])[]
  /** Figures shown as text beside the chart (match rate, median). */
  readonly figures?: readonly { readonly label: string; readonly value: string }[]
}

// Colours with at least 3:1 contrast against white (WCAG non-text contrast).
const BLUE = '#0f6cbd'
const ORANGE = '#b4490b'
const GREEN = '#107c10'

export const statisticsViews = (report: StatisticsReport, t: TFunction, locale: string): ChartView[] => {
  const number = (n: number) => n.toLocaleString(locale)
  const text = (shown: Shown): string =>
    'value' in shown
      ? number(shown.value)
      : t(shown._tag === 'FewerThan' ? 'admin.statistics.fewerThan' : 'admin.statistics.hidden', { limit: shown.limit })
  const value = (shown: Shown): number | null => ('value' in shown ? shown.value : null)
  /** A series' value and, for a hidden group, the marker drawn in its place. */
  const entry = (key: string, shown: Shown): Record<string, number | string | null> =>
    'value' in shown ? { [key]: shown.value } : { [key]: null, [hiddenKey(key)]: t('admin.statistics.hiddenMark', { limit: shown.limit }) }
  const axis = (key: string, options?: Record<string, string>) => t(`admin.statistics.axes.${key}`, options ?? {})
  const mentees = t('admin.statistics.mentees')
  const mentors = t('admin.statistics.mentors')
  const sides: Series[] = [
    { key: 'mentees', label: mentees, color: BLUE },
    { key: 'mentors', label: mentors, color: ORANGE },
  ]
  const stage = (key: string) => t(`admin.statistics.stages.${key}`)
  const funnel = report.funnel.mentee.map((m, i) => {
    const mentor = report.funnel.mentor[i]!
    return { label: m.stage === mentor.stage ? stage(m.stage) : `${stage(m.stage)} / ${stage(mentor.stage)}`, m: m.count, n: mentor.count }
  })
  const count = (key: string) => t(`admin.statistics.figures.${key}`)
  const breakdown = (dimension: 'language' | 'country' | 'gender'): ChartView => {
    const rows = report.breakdowns[dimension]
    const column = t(`admin.statistics.dimensions.${dimension}`)
    return {
      id: `statistics-${dimension}`,
      chart: 'breakdowns',
      title: t(`admin.statistics.titles.${dimension}`),
      kind: 'bar',
      series: sides,
      data: rows.map((r) => ({ label: r.label, ...entry('mentees', r.mentees), ...entry('mentors', r.mentors) })),
      axes: { category: column, value: axis('people') },
      columns: [column, mentees, mentors],
      rows: rows.map((r) => [r.label, text(r.mentees), text(r.mentors)]),
    }
  }
  const reasonRows = [
    ...report.declineReasons.mentee.map((r) => ({ side: mentees, ...r })),
    ...report.declineReasons.mentor.map((r) => ({ side: mentors, ...r })),
  ]
  const bucketLabel = (bucket: number) => `${bucket}–${bucket === 90 ? 100 : bucket + 9} %`
  const outcome = (key: string, options: Record<string, string | number>) => t(`admin.statistics.outcomes.${key}`, options)
  /** One program year's outcomes (or all years'): the scores as bars, the meeting shares beside them, every figure in the table. */
  const outcomes = (year: StatisticsReport['outcomes'][number]): ChartView => ({
    id: `statistics-outcomes-${year.key}`,
    chart: 'outcomes',
    title: t('admin.statistics.titles.outcomes', { year: year.label }),
    kind: 'bar',
    series: [
      { key: 'pulses', label: t('admin.statistics.outcomes.pulses'), color: BLUE },
      { key: 'satisfaction', label: t('admin.statistics.outcomes.satisfactionSeries'), color: GREEN },
    ],
    data: year.pulses.map((p, i) => ({
      label: String(p.score),
      ...entry('pulses', p.count),
      ...entry('satisfaction', year.satisfaction[i]?.count ?? { _tag: 'FewerThan', limit: 5 }),
    })),
    axes: { category: axis('score'), value: axis('answers') },
    columns: [t('admin.statistics.figure'), t('admin.statistics.value')],
    rows: [
      ...year.met.flatMap((m) => [
        [outcome('teams', { day: m.day }), text(m.teams)],
        [outcome('met', { day: m.day }), text(m.share)],
      ]),
      ...year.pulses.map((p) => [outcome('pulse', { score: p.score }), text(p.count)]),
      ...year.earlyEndings.map((e) => [outcome('ending', { reason: e.label }), text(e.count)]),
      ...year.satisfaction.map((p) => [outcome('satisfaction', { score: p.score }), text(p.count)]),
      [outcome('sessionTeams', {}), text(year.sessions.teams)],
      [outcome('sessionsPerTeamMonth', {}), text(year.sessions.perTeamMonth)],
      [outcome('meetingMonthly', {}), text(year.sessions.monthlyShare)],
    ],
    figures: [
      ...year.met.map((m) => ({ label: outcome('met', { day: m.day }), value: text(m.share) })),
      { label: outcome('sessionsPerTeamMonth', {}), value: text(year.sessions.perTeamMonth) },
      { label: outcome('meetingMonthly', {}), value: text(year.sessions.monthlyShare) },
    ],
  })
  /** One program year's teams ended within 90 days of the match, per ending reason. */
  const endings = (year: StatisticsReport['outcomes'][number]): ChartView => ({
    id: `statistics-endings-${year.key}`,
    chart: 'outcomes',
    title: t('admin.statistics.titles.endings', { year: year.label }),
    kind: 'bar',
    series: [{ key: 'count', label: t('admin.statistics.endedTeams'), color: ORANGE }],
    data: year.earlyEndings.map((e) => ({ label: e.label, ...entry('count', e.count) })),
    axes: { category: t('admin.statistics.reason'), value: axis('teams') },
    columns: [t('admin.statistics.reason'), t('admin.statistics.endedTeams')],
    rows: year.earlyEndings.map((e) => [e.label, text(e.count)]),
  })
  return [
    {
      id: 'statistics-funnel',
      chart: 'funnel',
      title: t('admin.statistics.titles.funnel'),
      kind: 'bar',
      series: sides,
      data: funnel.map((f) => ({ label: f.label, ...entry('mentees', f.m), ...entry('mentors', f.n) })),
      axes: { category: t('admin.statistics.stage'), value: axis('people') },
      columns: [t('admin.statistics.stage'), mentees, mentors],
      rows: funnel.map((f) => [f.label, text(f.m), text(f.n)]),
    },
    {
      id: 'statistics-matching',
      chart: 'matching',
      title: t('admin.statistics.titles.matching'),
      kind: 'bar',
      series: [{ key: 'count', label: t('admin.statistics.count'), color: GREEN }],
      data: [
        { label: count('started'), ...entry('count', report.matching.started) },
        { label: count('matched'), ...entry('count', report.matching.matched) },
      ],
      axes: { category: t('admin.statistics.figure'), value: axis('mentees') },
      columns: [t('admin.statistics.figure'), t('admin.statistics.value')],
      rows: [
        [count('started'), text(report.matching.started)],
        [count('matched'), text(report.matching.matched)],
        [count('rate'), text(report.matching.rate)],
        [count('medianHours'), text(report.matching.medianHoursToMatch)],
      ],
      figures: [
        { label: count('rate'), value: text(report.matching.rate) },
        { label: count('medianHours'), value: text(report.matching.medianHoursToMatch) },
      ],
    },
    {
      id: 'statistics-expiries',
      chart: 'expiries',
      title: t('admin.statistics.titles.expiries'),
      kind: 'bar',
      series: [{ key: 'count', label: t('admin.statistics.count'), color: ORANGE }],
      data: (['menteeExpired', 'mentorExpired', 'mentorsPausedForSilence'] as const).map((k) => ({
        label: count(k),
        ...entry('count', report.expiries[k]),
      })),
      axes: { category: t('admin.statistics.figure'), value: t('admin.statistics.count') },
      columns: [t('admin.statistics.figure'), t('admin.statistics.count')],
      rows: (['menteeExpired', 'mentorExpired', 'mentorsPausedForSilence'] as const).map((k) => [count(k), text(report.expiries[k])]),
    },
    {
      id: 'statistics-decline-reasons',
      chart: 'declineReasons',
      title: t('admin.statistics.titles.declineReasons'),
      kind: 'bar',
      series: [{ key: 'count', label: t('admin.statistics.count'), color: ORANGE }],
      data: reasonRows.map((r) => ({ label: `${r.side}: ${r.label}`, ...entry('count', r.count) })),
      axes: { category: axis('sideAndReason'), value: axis('declined') },
      columns: [t('admin.statistics.side'), t('admin.statistics.reason'), t('admin.statistics.count')],
      rows: reasonRows.map((r) => [r.side, r.label, text(r.count)]),
    },
    {
      id: 'statistics-scores',
      chart: 'scores',
      title: t('admin.statistics.titles.scores'),
      kind: 'bar',
      series: [
        { key: 'matched', label: t('admin.statistics.matchedTeams'), color: GREEN },
        { key: 'declined', label: t('admin.statistics.declinedTeams'), color: ORANGE },
      ],
      data: report.scores.map((s) => ({ label: bucketLabel(s.bucket), ...entry('matched', s.matched), ...entry('declined', s.declined) })),
      axes: { category: t('admin.statistics.score'), value: axis('teams') },
      columns: [t('admin.statistics.score'), t('admin.statistics.matchedTeams'), t('admin.statistics.declinedTeams')],
      rows: report.scores.map((s) => [bucketLabel(s.bucket), text(s.matched), text(s.declined)]),
    },
    {
      id: 'statistics-pool',
      chart: 'poolBalance',
      title: t('admin.statistics.titles.poolBalance'),
      kind: 'line',
      series: [{ key: 'ratio', label: t('admin.statistics.mentorsPerMentee'), color: BLUE }],
      data: report.poolBalance.map((p) => ({ label: p.day, ratio: value(p.mentorsPerMentee) })),
      axes: { category: t('admin.statistics.day'), value: t('admin.statistics.mentorsPerMentee') },
      columns: [
        t('admin.statistics.day'),
        t('admin.statistics.availableMentors'),
        t('admin.statistics.waitingMentees'),
        t('admin.statistics.mentorsPerMentee'),
      ],
      rows: report.poolBalance.map((p) => [p.day, text(p.availableMentors), text(p.waitingMentees), text(p.mentorsPerMentee)]),
    },
    breakdown('language'),
    breakdown('country'),
    breakdown('gender'),
    ...report.outcomes.flatMap((year) => [outcomes(year), endings(year)]),
  ]
}
