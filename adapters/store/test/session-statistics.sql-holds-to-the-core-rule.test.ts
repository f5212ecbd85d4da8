// The session figures of the outcomes as SQL (statistics.queries.ts): months a team ran, sessions in
// its full months, teams meeting at least monthly. On random teams (running or ended, young and old)
// with random sessions (before the match, on a month's first and last millisecond, in the month under
// way), on the SQLite file and on PostgreSQL, the database counts exactly what core's
// teamSessionFigures and sessionCountsOf count (docs/admin.md#outcomes).
import { DAY, SESSION_MONTH_DAYS, sessionCountsOf, teamSessionFigures } from '@tandem/core'
import fc from 'fast-check'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createStatisticsQueries, type Database } from '../src/index.js'
import { bothStores } from './support/both.dialects.js'
import { insertPairs, proposalColumns } from './support/rows.js'

const NOW = Date.UTC(2026, 10, 2, 12, 34, 56, 789)
const MONTH = SESSION_MONTH_DAYS * DAY
const MAX_TEAMS = 8

type Team = { readonly matchedAt: number; readonly endedAt: number | null; readonly sessions: readonly number[] }

/** An instant near a month's edge of the team (k months after the match, give or take a millisecond), or anywhere. */
const offset = fc.oneof(
  fc.integer({ min: -40 * DAY, max: 220 * DAY }),
  fc.tuple(fc.integer({ min: -1, max: 7 }), fc.constantFrom(-1, 0, 1)).map(([k, ms]) => k * MONTH + ms),
)
const team: fc.Arbitrary<Team> = fc
  .record({
    age: fc.oneof(
      fc.integer({ min: 0, max: 220 * DAY }),
      fc.integer({ min: 0, max: 7 }).map((k) => k * MONTH),
    ),
    ran: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
    sessions: fc.array(offset, { maxLength: 8 }),
  })
  .map(({ age, ran, sessions }) => {
    const matchedAt = NOW - age
    return {
      matchedAt,
      endedAt: ran === null ? null : matchedAt + Math.floor(ran * age),
      sessions: sessions.map((s) => matchedAt + s),
    }
  })

describe.each(bothStores())('the session figures as SQL on $name', (store) => {
  let db: Database
  let pairs: { mentee: number; mentor: number }[]
  beforeEach(async () => {
    await store.setUp()
    db = await store.open()
    pairs = await insertPairs(db, MAX_TEAMS, { mentee: 'MATCHED', mentor: 'AVAILABLE', registeredAt: NOW - 400 * DAY })
  })
  afterEach(() => store.tearDown())
  afterAll(() => store.stop())

  const seed = async (teams: readonly Team[]) => {
    const k = db.kysely
    await db.run(k.deleteFrom('meeting_sessions'))
    await db.run(k.deleteFrom('mentorship_timelines'))
    await db.run(k.deleteFrom('tandems'))
    for (const [i, t] of teams.entries()) {
      const id = i + 1
      await db.run(
        k.insertInto('tandems').values({
          id,
          version: 1,
          state: t.endedAt === null ? 'MATCHED' : 'CLOSED',
          mentee_id: pairs[i]!.mentee,
          mentor_id: pairs[i]!.mentor,
          cluster_id: null,
          created_at: t.matchedAt - DAY,
          manual: 1,
          score_base: 0,
          score_max: 0,
          score_percentage: 0,
          score_breakdown: '[]',
          ...proposalColumns('mentee', 2 * id - 1),
          ...proposalColumns('mentor', 2 * id),
        } as never),
      )
      await db.run(
        k.insertInto('mentorship_timelines').values({
          tandem_id: id,
          matched_at: t.matchedAt,
          ended_at: t.endedAt,
          ended_by: t.endedAt === null ? null : 'Mentee',
          closed: 0,
        } as never),
      )
      for (const startedAt of t.sessions)
        await db.run(
          k.insertInto('meeting_sessions').values({
            tandem_id: id,
            meeting_id: null,
            started_at: startedAt,
            minutes: 60,
            logged_by: 'Mentee',
            logged_by_user: null,
            note: null,
            logged_at: startedAt,
          }),
        )
    }
  }

  it('counts the teams of a full month, their months and sessions, and those meeting monthly as core does', async () => {
    let monthlySeen = 0
    let skippedSeen = 0
    await fc.assert(
      fc.asyncProperty(fc.array(team, { minLength: 1, maxLength: MAX_TEAMS }), async (teams) => {
        await seed(teams)
        const counts = await createStatisticsQueries(db).counts({ clusterIds: [], from: null, until: null }, NOW, [null])
        const expected = sessionCountsOf(teams.map((t) => teamSessionFigures(t.matchedAt, t.endedAt, NOW, t.sessions)))
        expect(counts.outcomes.map((o) => o.counts.sessions)).toEqual([expected])
        monthlySeen += expected.monthly
        skippedSeen += expected.teams - expected.monthly
      }),
      { numRuns: 40 },
    )
    // the property was not vacuous: teams meeting monthly and teams that skipped a month both came up
    expect(monthlySeen).toBeGreaterThan(0)
    expect(skippedSeen).toBeGreaterThan(0)
  })
})
