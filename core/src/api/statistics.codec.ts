// The statistics call's filter and answer (GetStatistics, ExportStatistics): the wire form shared by
// the server and the web app. Every count is a ShownCount, so a small group never travels as a number.
import * as t from 'io-ts'
import { ClusterId } from '../shared/ids.js'
import { IsoDate, nullable } from './wire.codec.js'
import { fieldError, type FieldError } from '../messages.js'

export const ShownCountCodec = t.union([
  t.type({ _tag: t.literal('Count'), value: t.number }),
  t.type({ _tag: t.literal('FewerThan'), limit: t.number }),
])
export const ShownValueCodec = t.union([
  t.type({ _tag: t.literal('Value'), value: t.number }),
  t.type({ _tag: t.literal('Hidden'), limit: t.number }),
])

/** Program years (none: all) and an inclusive range of calendar days (UTC; null: open). */
export const StatisticsFilter = t.strict(
  { clusterIds: t.array(ClusterId), from: nullable(IsoDate), to: nullable(IsoDate) },
  'StatisticsFilter',
)
export type StatisticsFilter = t.TypeOf<typeof StatisticsFilter>

/** The filter's rule beyond its shape: the range does not end before it starts. */
export const validateStatisticsFilter = (filter: StatisticsFilter): FieldError[] =>
  filter.from !== null && filter.to !== null && filter.to < filter.from ? [fieldError('to', 'statistics-date-range')] : []

/** The charts of the page; each one downloads as a spreadsheet of its table. */
export const StatisticsChart = t.keyof(
  { funnel: null, matching: null, expiries: null, declineReasons: null, scores: null, poolBalance: null, breakdowns: null, outcomes: null },
  'StatisticsChart',
)
export type StatisticsChart = t.TypeOf<typeof StatisticsChart>
export const STATISTICS_CHARTS = Object.keys(StatisticsChart.keys) as readonly StatisticsChart[]

const FunnelRow = t.type({ stage: t.string, count: ShownCountCodec })
const LabelledCount = t.type({ key: t.string, label: t.string, count: ShownCountCodec })
const ScoreCount = t.type({ score: t.number, count: ShownCountCodec })

/** The outcomes of the teams matched in the filter's range, of one program year (key: its id) or of all ("all"). */
const OutcomesRow = t.type({
  key: t.string,
  label: t.string,
  /** Per day (14, 30): the teams matched at least that long ago, and the percent of them who met by then. */
  met: t.array(t.type({ day: t.number, teams: ShownCountCodec, share: ShownValueCodec })),
  pulses: t.array(ScoreCount),
  /** Teams ended within 90 days of the match, per ending reason (labelled in the admin's language). */
  earlyEndings: t.array(LabelledCount),
  satisfaction: t.array(ScoreCount),
  /**
   * The teams that ran at least one full month (30 days from the match), their logged sessions per
   * team-month, and the percent of them with a session in every full month (docs/admin.md#outcomes).
   */
  sessions: t.type({ teams: ShownCountCodec, perTeamMonth: ShownValueCodec, monthlyShare: ShownValueCodec }),
})
const BreakdownRow = t.type({ key: t.string, label: t.string, mentees: ShownCountCodec, mentors: ShownCountCodec })

export const StatisticsReport = t.type(
  {
    funnel: t.type({ mentee: t.array(FunnelRow), mentor: t.array(FunnelRow) }),
    matching: t.type({
      started: ShownCountCodec,
      matched: ShownCountCodec,
      /** Percent of started mentees who were matched. */
      rate: ShownValueCodec,
      /** Median hours from a mentee's first start of matching to their first match. */
      medianHoursToMatch: ShownValueCodec,
    }),
    expiries: t.type({
      menteeExpired: ShownCountCodec,
      mentorExpired: ShownCountCodec,
      mentorsPausedForSilence: ShownCountCodec,
    }),
    declineReasons: t.type({ mentee: t.array(LabelledCount), mentor: t.array(LabelledCount) }),
    /** Per score bucket (lower bound of the percentage): matched and declined teams. */
    scores: t.array(t.type({ bucket: t.number, matched: ShownCountCodec, declined: ShownCountCodec })),
    poolBalance: t.array(
      t.type({ day: IsoDate, availableMentors: ShownCountCodec, waitingMentees: ShownCountCodec, mentorsPerMentee: ShownValueCodec }),
    ),
    breakdowns: t.type({ language: t.array(BreakdownRow), country: t.array(BreakdownRow), gender: t.array(BreakdownRow) }),
    outcomes: t.array(OutcomesRow),
  },
  'StatisticsReport',
)
export type StatisticsReport = t.TypeOf<typeof StatisticsReport>
