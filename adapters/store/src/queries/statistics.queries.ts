// The aggregations behind the administrators' program statistics: every figure is a GROUP BY or a
// count in the database, read through covering indexes (migrations 0010 and 0013); the process receives a few
// dozen numbers, never the rows. Portable Kysely: no SQLite-only functions.
import {
  DAY,
  EARLY_ENDING_DAYS,
  END_REASONS,
  MET_BY_DAYS,
  OUTCOME_SCORES,
  SESSION_MONTH_DAYS,
  latestMatchFor,
  metDeadline,
  medianRows,
  MENTEE_FUNNEL,
  SCORE_BUCKETS,
  scoreBucketOf,
  type OutcomeCounts,
  type Side,
} from '@tandem/core'
import { sql, type AliasableExpression, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely'
import type { Database } from '../portable/database.js'
import { createLearningQueries } from './learning.queries.js'
import { OUTCOME_FIGURE_COUNTS } from '../portable/rows.js'
import type { Schema } from '../portable/schema.js'
import {
  declinedIn,
  matchedIn,
  menteeExpiredIn,
  mentorExpiredIn,
  mentorLetExpire,
  oneIf,
  type TandemGroup,
} from './statistics.predicates.js'
import type { StatisticsRange, KeyedCount, StatisticsCounts, StatisticsQueries } from '@tandem/application/ports'

export type { StatisticsRange, KeyedCount, StatisticsCounts, StatisticsQueries }
import { inMentorPool } from './pool.predicates.js'
import { waitingInPool } from './mentee.predicates.js'

const SIDES: readonly Side[] = ['Mentee', 'Mentor']

type Users = ExpressionBuilder<Schema, 'users'>

const inRange = <TB extends keyof Schema>(column: Expression<number | null>, range: StatisticsRange, eb: ExpressionBuilder<Schema, TB>) =>
  eb.and([...(range.from === null ? [] : [eb(column, '>=', range.from)]), ...(range.until === null ? [] : [eb(column, '<', range.until)])])

const inYears = <TB extends keyof Schema>(column: Expression<number | null>, range: StatisticsRange, eb: ExpressionBuilder<Schema, TB>) =>
  range.clusterIds.length === 0 ? eb.lit(true) : eb(column, 'in', [...range.clusterIds])

/**
 * People of one side the filter names: registered in the range; mentees of the chosen program years
 * (mentors have none, docs/product.md#admin-screens).
 */
const peopleFilter = (side: Side, range: StatisticsRange) => (eb: Users) =>
  side === 'Mentee'
    ? eb.and([
        eb('users.mentee_status', 'is not', null),
        inRange(eb.ref('users.registered_at'), range, eb),
        inYears(eb.ref('users.mentee_cluster_id'), range, eb),
      ])
    : eb.and([eb('users.mentor_status', 'is not', null), inRange(eb.ref('users.registered_at'), range, eb)])

/**
 * What a person's row says of each funnel stage after the first (MENTEE_FUNNEL / MENTOR_FUNNEL order):
 * a profile was saved (only complete ones can be), the saved answers were complete, matching was
 * started (mentees) or the profile published (mentors), a first proposal, a first match.
 */
const stageFacts = (side: Side, eb: Users): Expression<SqlBool>[] =>
  side === 'Mentee'
    ? [
        eb('users.country_code_id', 'is not', null),
        eb('users.mentee_questionnaire_complete', '=', 1),
        eb('users.mentee_first_started_at', 'is not', null),
        eb('users.mentee_proposed_at', 'is not', null),
        eb('users.mentee_matched_at', 'is not', null),
      ]
    : [
        eb('users.country_code_id', 'is not', null),
        eb('users.mentor_questionnaire_complete', '=', 1),
        eb('users.mentor_last_published_at', 'is not', null),
        eb('users.mentor_proposed_at', 'is not', null),
        eb('users.mentor_matched_at', 'is not', null),
      ]

/**
 * People who reached stage `stage` or a later one: any fact of that stage or of a later one holds
 * (the furthest stage counts, whatever came before: a match without a saved questionnaire is a match).
 */
const reachedStage = (side: Side, stage: number, eb: Users): AliasableExpression<number> =>
  stage === 0
    ? eb.fn.countAll<number>()
    : eb.fn.count<number>(
        eb
          .case()
          .when(eb.or(stageFacts(side, eb).slice(stage - 1)))
          .then(1)
          .end(),
      )

export const createStatisticsQueries = (db: Database): StatisticsQueries => {
  const k = db.kysely

  /**
   * Per account language, country and gender, the people of one side the filter names who reached
   * each funnel stage or a later one: one scan of the covering index in its order, without sorting.
   * One query per side, so each row is tested against its own side's filter once (decision 0017).
   */
  const reached = async (side: Side, range: StatisticsRange) => {
    const rows = (await db.all(
      k
        .selectFrom('users')
        .where(peopleFilter(side, range))
        .select((eb) => [
          'users.language',
          'users.country_code_id',
          'users.gender',
          ...MENTEE_FUNNEL.map((_, stage) => reachedStage(side, stage, eb).as(`reached${stage}`)),
        ])
        .groupBy(['users.language', 'users.country_code_id', 'users.gender']),
    )) as unknown as readonly (Record<string, number | null> & { language: string; country_code_id: number | null; gender: string })[]
    return rows.map((r) => ({
      language: r.language,
      country: r.country_code_id,
      gender: r.gender,
      reached: MENTEE_FUNNEL.map((_, stage) => Number(r[`reached${stage}`] ?? 0)),
    }))
  }

  /** Mentees whose first start of matching lies in the range (and year); matched: first matched at or after it. */
  const started = (range: StatisticsRange) =>
    k
      .selectFrom('users')
      .where((eb) =>
        eb.and([
          eb('users.mentee_first_started_at', 'is not', null),
          inRange(eb.ref('users.mentee_first_started_at'), range, eb),
          inYears(eb.ref('users.mentee_cluster_id'), range, eb),
        ]),
      )

  const matching = async (range: StatisticsRange) => {
    const row = await db.first(
      started(range).select((eb) => [
        eb.fn.countAll<number>().as('started'),
        eb.fn.sum<number>(oneIf(eb('users.mentee_matched_at', '>=', eb.ref('users.mentee_first_started_at')))).as('matched'),
      ]),
    )
    const matched = Number(row?.matched ?? 0)
    const { offset, take } = medianRows(matched)
    const medianMiddle =
      take === 0
        ? []
        : (
            await db.all(
              started(range)
                .where('users.mentee_matched_at', '>=', (eb) => eb.ref('users.mentee_first_started_at'))
                .select(sql<number>`users.mentee_matched_at - users.mentee_first_started_at`.as('ms'))
                .orderBy('ms')
                .limit(take)
                .offset(offset),
            )
          ).map((r) => Number(r.ms))
    return { started: Number(row?.started ?? 0), matched, medianMiddle }
  }

  /** Tandems created in the range, of the chosen program years. */
  const tandemsIn = (range: StatisticsRange) =>
    k
      .selectFrom('tandems')
      .where((eb) => eb.and([inRange(eb.ref('tandems.created_at'), range, eb), inYears(eb.ref('tandems.cluster_id'), range, eb)]))

  /** One scan of the tandems in index order, grouped by state, manual and percentage (see TandemGroup). */
  const tandemGroups = async (range: StatisticsRange): Promise<TandemGroup[]> =>
    (
      await db.all(
        tandemsIn(range)
          .select((eb) => [
            'tandems.state',
            'tandems.manual',
            'tandems.score_percentage',
            eb.fn.countAll<number>().as('n'),
            // count(column) counts the rows where it is set: cheaper than summing a CASE per row.
            eb.fn.count<number>('tandems.mentor_decided_at').as('mentor_decided'),
            eb.fn.count<number>('tandems.mentee_decided_at').as('mentee_decided'),
          ])
          .groupBy(['tandems.state', 'tandems.manual', 'tandems.score_percentage']),
      )
    ).map((r) => ({
      state: r.state,
      manual: r.manual === 1,
      percentage: Number(r.score_percentage),
      count: Number(r.n),
      mentorDecided: Number(r.mentor_decided),
      menteeUndecided: Number(r.n) - Number(r.mentee_decided),
    }))

  /** Decline reasons of one side, read in the order of their index. */
  const declineReasons = async (side: Side, range: StatisticsRange) => {
    const column = side === 'Mentee' ? 'tandems.mentee_decline_reason_id' : 'tandems.mentor_decline_reason_id'
    return (
      await db.all(
        tandemsIn(range)
          .where(column, 'is not', null)
          .select((eb) => [eb.ref(column).as('reason'), eb.fn.countAll<number>().as('n')])
          .groupBy(column),
      )
    ).map((r) => ({ reasonId: Number(r.reason), count: Number(r.n) }))
  }

  const mentorsPausedForSilence = async (range: StatisticsRange): Promise<number> =>
    Number(
      (
        await db.first(
          tandemsIn(range)
            .where((eb) => mentorLetExpire(eb))
            .select((eb) => eb.fn.count<number>('tandems.mentor_id').distinct().as('n')),
        )
      )?.n ?? 0,
    )

  const pool = async (range: StatisticsRange) =>
    (
      await db.all(
        k
          .selectFrom('pool_snapshots')
          .where((eb) => inRange(eb.ref('pool_snapshots.day'), range, eb))
          .select((eb) => [
            'pool_snapshots.day',
            eb.fn.max('pool_snapshots.available_mentors').as('mentors'),
            eb.fn
              .sum<number>(
                range.clusterIds.length === 0
                  ? eb.ref('pool_snapshots.waiting_mentees')
                  : eb
                      .case()
                      .when('pool_snapshots.cluster_id', 'in', [...range.clusterIds])
                      .then(eb.ref('pool_snapshots.waiting_mentees'))
                      .else(0)
                      .end(),
              )
              .as('waiting'),
          ])
          .groupBy('pool_snapshots.day')
          .orderBy('pool_snapshots.day'),
      )
    ).map((r) => ({ day: Number(r.day), availableMentors: Number(r.mentors), waitingMentees: Number(r.waiting) }))

  /**
   * Per program year, the outcomes of the teams matched in the range (docs/admin.md#outcomes): one
   * aggregate per year asked for (the application names them), so no grouping sorts; the teams come
   * from their timelines (with their outcome figures), each team's year and ending read by its key.
   */
  const outcomes = async (range: StatisticsRange, now: number, years: readonly (number | null)[]) => {
    const result: { clusterId: number | null; counts: OutcomeCounts }[] = []
    for (const year of years) {
      const counts = await outcomesOf(year, range, now)
      if (counts !== undefined) result.push({ clusterId: year, counts })
    }
    return result
  }

  /** The timelines of the teams of one program year (null: none) matched in the range. */
  const teamsOfYear = (year: number | null, range: StatisticsRange) =>
    k
      .selectFrom('mentorship_timelines')
      .innerJoin('tandems', 'tandems.id', 'mentorship_timelines.tandem_id')
      .where((eb) =>
        eb.and([
          inRange(eb.ref('mentorship_timelines.matched_at'), range, eb),
          year === null ? eb('tandems.cluster_id', 'is', null) : eb('tandems.cluster_id', '=', year),
        ]),
      )

  /**
   * The session counts of a year's teams (core `sessionCountsOf` over `teamSessionFigures`), summed in
   * the outcomes' one read of the teams: per team of a full month its full months, the sessions that
   * started in them, and whether as many of those months had a session. A team's month is the integer
   * quotient of the time since its match by 30 days (the months are whole numbers of ms, so both
   * databases divide integers): the month is a literal and the instant now a parameter cast to an
   * integer, so no bound number turns the division into a real one, and the statement's text stays the
   * same from one request to the next (prepared once). A month had a session when it holds a session
   * with no earlier one in that month (ties broken by id): each is an index search on (tandem_id,
   * started_at), so nothing is de-duplicated in a temporary tree (decision 0017).
   */
  const sessionSums = (now: number) => {
    const month = sql.lit(SESSION_MONTH_DAYS * DAY)
    const months = sql<number>`((coalesce(mentorship_timelines.ended_at, cast(${Math.floor(now)} as bigint)) - mentorship_timelines.matched_at) / ${month})`
    const inFullMonths = sql<SqlBool>`s.tandem_id = mentorship_timelines.tandem_id
      and s.started_at >= mentorship_timelines.matched_at
      and s.started_at < mentorship_timelines.matched_at + ${months} * ${month}`
    const monthStart = sql<number>`mentorship_timelines.matched_at + ((s.started_at - mentorship_timelines.matched_at) / ${month}) * ${month}`
    const firstOfItsMonth = sql<SqlBool>`not exists (select 1 from meeting_sessions earlier
      where earlier.tandem_id = s.tandem_id
      and earlier.started_at >= ${monthStart} and earlier.started_at <= s.started_at
      and (earlier.started_at < s.started_at or earlier.id < s.id))`
    const ranAMonth = sql<SqlBool>`${months} >= 1`
    return [
      sql<number>`sum(case when ${ranAMonth} then 1 else 0 end)`.as('session_teams'),
      sql<number>`sum(case when ${ranAMonth} then ${months} else 0 end)`.as('session_months'),
      sql<number>`sum(case when ${ranAMonth} then (select count(*) from meeting_sessions s where ${inFullMonths}) else 0 end)`.as(
        'sessions',
      ),
      sql<number>`sum(case when ${ranAMonth} and (select count(*) from meeting_sessions s where ${inFullMonths} and ${firstOfItsMonth}) = ${months} then 1 else 0 end)`.as(
        'monthly',
      ),
    ]
  }

  /**
   * The outcomes of one program year (null: teams without one); undefined when it has no team matched
   * in the range. One read of the year's teams: each timeline row carries its team's outcome figures
   * (core teamOutcomeFigures, migration 0026), so no answer is read here; the sessions of the teams
   * of a full month are searched by team (`sessionSums`).
   */
  const outcomesOf = async (year: number | null, range: StatisticsRange, now: number): Promise<OutcomeCounts | undefined> => {
    const r = (await db.first(
      teamsOfYear(year, range).select((eb) => [
        eb.fn.countAll<number>().as('teams'),
        ...MET_BY_DAYS.flatMap((day) => {
          const oldEnough = eb('mentorship_timelines.matched_at', '<=', latestMatchFor(now, day))
          // Met by day N: a "yes" of either side answered before the end of day N (core metDeadline).
          const metInTime = eb(
            'mentorship_timelines.met_at',
            '<',
            sql<number>`${eb.ref('mentorship_timelines.matched_at')} + ${metDeadline(0, day)}`,
          )
          return [
            eb.fn.sum<number>(oneIf(oldEnough)).as(`teams${day}`),
            eb.fn.sum<number>(oneIf(eb.and([oldEnough, metInTime]))).as(`met${day}`),
          ]
        }),
        ...END_REASONS.map((r) =>
          eb.fn
            .sum<number>(
              oneIf(
                eb.and([
                  eb('tandems.end_reason', '=', r.id),
                  eb('tandems.ended_at', '<=', sql<number>`${eb.ref('mentorship_timelines.matched_at')} + ${EARLY_ENDING_DAYS * DAY}`),
                ]),
              ),
            )
            .as(`ended_${r.id}`),
        ),
        ...OUTCOME_FIGURE_COUNTS.map((column) => eb.fn.sum<number>(`mentorship_timelines.${column}`).as(column)),
        ...sessionSums(now),
      ]),
    )) as unknown as Record<string, number | string | null> | undefined
    const n = (column: string) => Number(r?.[column] ?? 0)
    if (n('teams') === 0) return undefined
    return {
      met: MET_BY_DAYS.map((day) => ({ day, teams: n(`teams${day}`), met: n(`met${day}`) })),
      pulses: OUTCOME_SCORES.map((score) => n(`pulse_${score}`)),
      earlyEndings: Object.fromEntries(END_REASONS.map((reason) => [reason.id, n(`ended_${reason.id}`)])),
      satisfaction: OUTCOME_SCORES.map((score) => n(`satisfaction_${score}`)),
      sessions: { teams: n('session_teams'), months: n('session_months'), sessions: n('sessions'), monthly: n('monthly') },
    }
  }

  return {
    counts: async (range: StatisticsRange, now: number, years: readonly (number | null)[]): Promise<StatisticsCounts> => {
      const groups = { Mentee: await reached('Mentee', range), Mentor: await reached('Mentor', range) }
      // People whose furthest stage is i: those who reached i less those who went further (core funnelCounts adds them up again).
      const furthest = (side: Side) => {
        const atLeast = MENTEE_FUNNEL.map((_, stage) => groups[side].reduce((sum, g) => sum + (g.reached[stage] ?? 0), 0))
        return atLeast.map((n, stage) => n - (atLeast[stage + 1] ?? 0))
      }
      type Group = (typeof groups.Mentee)[number]
      const breakdown = (keyOf: (g: Group) => string): KeyedCount[] => {
        const totals = new Map<string, { mentees: number; mentors: number }>()
        for (const side of SIDES)
          for (const g of groups[side]) {
            const key = keyOf(g)
            const t = totals.get(key) ?? { mentees: 0, mentors: 0 }
            const registered = g.reached[0] ?? 0
            totals.set(key, side === 'Mentee' ? { ...t, mentees: t.mentees + registered } : { ...t, mentors: t.mentors + registered })
          }
        return [...totals]
          .filter(([, t]) => t.mentees + t.mentors > 0)
          .map(([key, t]) => ({ key, ...t }))
          .sort((a, b) => b.mentees + b.mentors - (a.mentees + a.mentors) || a.key.localeCompare(b.key))
      }
      const tandems = await tandemGroups(range)
      const total = (of: (g: TandemGroup) => number, where: (g: TandemGroup) => boolean = () => true) =>
        tandems.filter(where).reduce((sum, g) => sum + of(g), 0)
      // Manual teams have no score (docs/product.md#constants: below 1, "Manual Matching"), so no bucket.
      const scored = (bucket: number) => (g: TandemGroup) => !g.manual && scoreBucketOf(g.percentage) === bucket
      return {
        furthest: { Mentee: furthest('Mentee'), Mentor: furthest('Mentor') },
        ...(await matching(range)),
        menteeExpired: total(menteeExpiredIn),
        mentorExpired: total(mentorExpiredIn),
        mentorsPausedForSilence: await mentorsPausedForSilence(range),
        declineReasons: { Mentee: await declineReasons('Mentee', range), Mentor: await declineReasons('Mentor', range) },
        scores: SCORE_BUCKETS.map((bucket) => ({
          bucket,
          matched: total(matchedIn, scored(bucket)),
          declined: total(declinedIn, scored(bucket)),
        })),
        pool: await pool(range),
        breakdowns: {
          language: breakdown((g) => g.language),
          country: breakdown((g) => (g.country === null ? '' : String(g.country))),
          gender: breakdown((g) => g.gender),
        },
        outcomes: await outcomes(range, now, years),
      }
    },

    ...createLearningQueries(db),
    /**
     * Records the pool of `day` (epoch ms of its UTC midnight), replacing an earlier record of that day:
     * mentees waiting (isWaitingInPool: started matching, AVAILABLE or PENDING) per program year, and
     * available mentors (isInMentorPool).
     */
    recordPoolSnapshot: async (day: number): Promise<void> => {
      await db.transaction(async () => {
        await db.run(k.deleteFrom('pool_snapshots').where('day', '=', day))
        const mentors = Number(
          (
            await db.first(
              k
                .selectFrom('users')
                .where(inMentorPool)
                .select((eb) => eb.fn.countAll<number>().as('n')),
            )
          )?.n ?? 0,
        )
        const waiting = await db.all(
          k
            .selectFrom('users')
            .where(waitingInPool)
            .select((eb) => ['mentee_cluster_id', eb.fn.countAll<number>().as('n')])
            .groupBy('mentee_cluster_id'),
        )
        // One row even when nobody waits, so the day shows in the chart.
        const rows = waiting.length === 0 ? [{ mentee_cluster_id: null, n: 0 }] : waiting
        await db.run(
          k
            .insertInto('pool_snapshots')
            .values(rows.map((r) => ({ day, cluster_id: r.mentee_cluster_id, waiting_mentees: Number(r.n), available_mentors: mentors }))),
        )
      })
    },
  }
}
