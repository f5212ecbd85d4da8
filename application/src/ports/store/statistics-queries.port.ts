// The store's statistics queries as the application needs it; @tandem/store implements it.
import { type LearningTeam, type OutcomeCounts, type Side } from '@tandem/core'

/** Program years (empty: all) and a half-open range of instants [from, until) (null: open). */
export type StatisticsRange = {
  readonly clusterIds: readonly number[]
  readonly from: number | null
  readonly until: number | null
}

export type KeyedCount = {
  readonly key: string
  readonly mentees: number
  readonly mentors: number
}

/** The raw counts; the services turn them into shown figures (core `showCount`, `matchRate`, …). */
export type StatisticsCounts = {
  /** People per furthest funnel stage reached (index into MENTEE_FUNNEL / MENTOR_FUNNEL). */
  readonly furthest: Readonly<Record<Side, readonly number[]>>
  readonly started: number
  readonly matched: number
  /** The middle value(s) of the sorted times (ms) from first start to first match (core `medianRows`). */
  readonly medianMiddle: readonly number[]
  readonly menteeExpired: number
  readonly mentorExpired: number
  readonly mentorsPausedForSilence: number
  readonly declineReasons: Readonly<
    Record<
      Side,
      readonly {
        readonly reasonId: number
        readonly count: number
      }[]
    >
  >
  readonly scores: readonly {
    readonly bucket: number
    readonly matched: number
    readonly declined: number
  }[]
  readonly pool: readonly {
    readonly day: number
    readonly availableMentors: number
    readonly waitingMentees: number
  }[]
  readonly breakdowns: Readonly<Record<'language' | 'country' | 'gender', readonly KeyedCount[]>>
  /** Per program year of the matched teams (null: none), the raw outcomes (core `OutcomeCounts`). */
  readonly outcomes: readonly { readonly clusterId: number | null; readonly counts: OutcomeCounts }[]
}

export type StatisticsQueries = {
  /**
   * The counts of the range. The outcomes are counted for each of `years` (null: teams without a
   * program year); `now` decides which teams are old enough for "met by day N" (core `latestMatchFor`).
   */
  counts: (range: StatisticsRange, now: number, years: readonly (number | null)[]) => Promise<StatisticsCounts>
  /**
   * Records the pool of `day` (epoch ms of its UTC midnight), replacing an earlier record of that day:
   * mentees waiting (started matching, AVAILABLE or PENDING) per program year, and available mentors.
   */
  recordPoolSnapshot: (day: number) => Promise<void>
  /**
   * The matched teams learning from outcomes reads (docs/learning.md): each scored team's score
   * breakdown at match time and what its timeline recorded, of one program year (null: all years).
   * Manual teams have no score and are left out; notes and free texts are never read.
   */
  learningTeams: (clusterId: number | null) => Promise<LearningTeam[]>
}
