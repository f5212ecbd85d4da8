// The statistics page answers from indexes read in their order (decision 0017): every query the
// figures run reads a covering index, and none sorts or de-duplicates in a temporary tree, except
// the median, which must order the times it reads. SQLite's own query plans say so, for the filters
// the page offers (everything, program years, a date range, both). The outcomes read the matched
// teams from their timelines and each tandem by its key.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createStatisticsQueries, openDatabase, type SqliteDatabase, type StatisticsRange } from '../src/index.js'

let dir: string
let db: SqliteDatabase
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-statistics-plans-'))
  db = await openDatabase(join(dir, 'tandem.db'))
})
afterEach(async () => {
  await db.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Every statement the figures prepare, caught where the driver prepares it. */
const statementsOf = async (ranges: readonly StatisticsRange[]): Promise<string[]> => {
  const seen = new Set<string>()
  const prepare = db.raw.prepare.bind(db.raw)
  db.raw.prepare = (source: string) => {
    seen.add(source)
    return prepare(source)
  }
  try {
    const queries = createStatisticsQueries(db)
    for (const range of ranges) await Promise.resolve(queries.counts(range, MARCH + 90 * 86_400_000, [1, null]))
  } finally {
    db.raw.prepare = prepare
  }
  return [...seen].filter((source) => /^\s*select/i.test(source))
}

const planOf = (source: string): string[] => {
  const parameters = (source.match(/\?/g) ?? []).map(() => 1)
  return (db.raw.prepare(`explain query plan ${source}`).all(...parameters) as { detail: string }[]).map((row) => row.detail)
}

const MARCH = Date.UTC(2026, 2, 1)
const ranges: StatisticsRange[] = [
  { clusterIds: [], from: null, until: null },
  { clusterIds: [1, 2], from: null, until: null },
  { clusterIds: [], from: MARCH, until: MARCH + 31 * 86_400_000 },
  { clusterIds: [3], from: MARCH, until: null },
]

/** One matched team of program year 1 with a timeline, so the outcomes' queries (the sessions' too) run. */
const seedTeam = async () => {
  const k = db.kysely
  await db.run(k.insertInto('clusters').values({ id: 1, title: 'Year', is_ended: 0, is_default: 0 }))
  const person = (key: string) => ({
    issuer: 'https://id.example.org',
    subject: key,
    email: `${key}@example.org`,
    first_name: 'Ada',
    last_name: 'Lovelace',
    gender: 'NA',
    language: 'en',
    roles: '[]',
    city: '',
    professional_position: '',
    company: '',
    registered_at: MARCH,
    accepted_privacy: 1,
    accepted_terms: 1,
    version: 1,
    mentee_no_match: 0,
    mentor_published: 0,
  })
  const [mentee] = await db.all(k.insertInto('users').values(person('mentee')).returning('id'))
  const [mentor] = await db.all(k.insertInto('users').values(person('mentor')).returning('id'))
  const proposal = (prefix: string, id: number) => ({
    [`${prefix}_proposal_id`]: id,
    [`${prefix}_state`]: 'CLOSED',
    [`${prefix}_deadline`]: null,
    [`${prefix}_decided_at`]: null,
    [`${prefix}_decline_reason_id`]: null,
    [`${prefix}_comment`]: null,
    [`${prefix}_info_text`]: null,
  })
  await db.run(
    k.insertInto('tandems').values({
      id: 1,
      version: 1,
      state: 'CLOSED',
      mentee_id: mentee!.id,
      mentor_id: mentor!.id,
      cluster_id: 1,
      created_at: MARCH,
      manual: 1,
      score_base: 0,
      score_max: 0,
      score_percentage: 0,
      score_breakdown: '[]',
      ...proposal('mentee', 1),
      ...proposal('mentor', 2),
    } as never),
  )
  await db.run(
    k
      .insertInto('mentorship_timelines')
      .values({ tandem_id: 1, matched_at: MARCH + 86_400_000, ended_at: null, ended_by: null, closed: 0 } as never),
  )
}

describe('statistics query plans', () => {
  it('read every table through a covering index, in its order, sorting only the median', async () => {
    await seedTeam()
    const statements = await statementsOf(ranges)
    // The outcomes of a year with a team ran, the sessions' query among them.
    expect(statements.some((source) => source.includes('meeting_sessions'))).toBe(true)
    expect(statements.length).toBeGreaterThanOrEqual(8)
    for (const source of statements) {
      const plan = planOf(source)
      const reads = plan.filter((step) => /^(SCAN|SEARCH) (users|tandems|pool_snapshots)\b/.test(step))
      expect(reads.length, source).toBeGreaterThan(0)
      // A lookup by a tandem's id (the outcomes read each matched team's row by its key) reads one row, no scan.
      for (const read of reads)
        expect(read, source).toMatch(/USING (COVERING )?INDEX |^SEARCH tandems USING INTEGER PRIMARY KEY \(rowid=\?\)$/)
      // The sessions (aliased s and earlier) are searched per team in their index, never scanned.
      for (const step of plan.filter((p) => /^(SCAN|SEARCH) (s|earlier)\b/.test(p)))
        expect(step, source).toMatch(/^SEARCH (s|earlier) USING COVERING INDEX meeting_sessions_tandem \(tandem_id=\? AND/)
      const median = /order by "ms"/.test(source)
      const temporary = plan.filter((step) => step.includes('TEMP B-TREE'))
      expect(temporary, source).toEqual(median ? ['USE TEMP B-TREE FOR ORDER BY'] : [])
    }
  })
})
