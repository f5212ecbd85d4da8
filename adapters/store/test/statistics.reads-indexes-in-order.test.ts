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

describe('statistics query plans', () => {
  it('read every table through a covering index, in its order, sorting only the median', async () => {
    const statements = await statementsOf(ranges)
    expect(statements.length).toBeGreaterThanOrEqual(8)
    for (const source of statements) {
      const plan = planOf(source)
      const reads = plan.filter((step) => /^(SCAN|SEARCH) (users|tandems|pool_snapshots)\b/.test(step))
      expect(reads.length, source).toBeGreaterThan(0)
      // A lookup by a tandem's id (the outcomes read each matched team's row by its key) reads one row, no scan.
      for (const read of reads)
        expect(read, source).toMatch(/USING (COVERING )?INDEX |^SEARCH tandems USING INTEGER PRIMARY KEY \(rowid=\?\)$/)
      const median = /order by "ms"/.test(source)
      const temporary = plan.filter((step) => step.includes('TEMP B-TREE'))
      expect(temporary, source).toEqual(median ? ['USE TEMP B-TREE FOR ORDER BY'] : [])
    }
  })
})
