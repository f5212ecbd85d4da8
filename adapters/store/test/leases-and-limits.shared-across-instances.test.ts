// The shared state of several server instances, asynchronous over Kysely, on SQLite and on
// PostgreSQL: two instances (two connections, or two pools) on one database see one lease holder
// and one set of sign-in counters; on PostgreSQL, concurrent claims and attempts from both at once
// still give exactly one holder and exactly the budget.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { createTestDatabase, type TestDatabase } from '@tandem/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createSharedAttemptLimiter,
  createSharedSchedulerLeases,
  migrateToLatest,
  openPostgresKysely,
  type AttemptLimiter,
  type Schema,
} from '../src/index.js'

type Dialect = 'sqlite' | 'postgres'
let folder: string
let postgres: TestDatabase
const instances: Record<Dialect, [Kysely<Schema>, Kysely<Schema>] | undefined> = { sqlite: undefined, postgres: undefined }

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'tandem-shared-'))
  postgres = await createTestDatabase()
  const sqliteInstance = () => {
    const raw = new BetterSqlite3(join(folder, 'tandem.db'))
    raw.pragma('journal_mode = WAL')
    return new Kysely<Schema>({ dialect: new SqliteDialect({ database: raw }) })
  }
  instances.sqlite = [sqliteInstance(), sqliteInstance()]
  instances.postgres = [openPostgresKysely(postgres.url), openPostgresKysely(postgres.url)]
  await migrateToLatest(instances.sqlite[0] as unknown as Kysely<unknown>)
  await migrateToLatest(instances.postgres[0] as unknown as Kysely<unknown>)
})

afterAll(async () => {
  for (const pair of Object.values(instances)) for (const db of pair ?? []) await db.destroy()
  await postgres.drop()
  rmSync(folder, { recursive: true, force: true })
})

const both = (dialect: Dialect): [Kysely<Schema>, Kysely<Schema>] => {
  const pair = instances[dialect]
  if (pair === undefined) throw new Error(`${dialect} is not open`)
  return pair
}

describe.each(['sqlite', 'postgres'] as const)('on %s', (dialect) => {
  describe('scheduler leases', () => {
    it('one holder at a time across instances; the holder renews, another takes over once it ran out', async () => {
      const [a, b] = both(dialect).map(createSharedSchedulerLeases)
      expect(await a!.take('deadline-sweep', 'A', 1000, 500)).toBe(true)
      expect(await b!.take('deadline-sweep', 'B', 1200, 500)).toBe(false)
      expect(await b!.current('deadline-sweep')).toEqual({ name: 'deadline-sweep', holder: 'A', until: 1500 })
      expect(await a!.take('deadline-sweep', 'A', 1400, 500)).toBe(true)
      expect(await b!.take('deadline-sweep', 'B', 1899, 500)).toBe(false)
      expect(await b!.take('deadline-sweep', 'B', 1900, 500)).toBe(true)
      expect(await a!.take('deadline-sweep', 'A', 2000, 500)).toBe(false)
    })

    it('a released lease is free at once, and a stranger cannot release it', async () => {
      const [a, b] = both(dialect).map(createSharedSchedulerLeases)
      expect(await a!.take('reminder-sweep', 'A', 1000, 60_000)).toBe(true)
      await b!.release('reminder-sweep', 'B')
      expect(await b!.take('reminder-sweep', 'B', 1001, 60_000)).toBe(false)
      await a!.release('reminder-sweep', 'A')
      expect(await b!.take('reminder-sweep', 'B', 1002, 60_000)).toBe(true)
    })

    it('refuses a non-positive lease length as a bug', async () => {
      const [a] = both(dialect).map(createSharedSchedulerLeases)
      await expect(a!.take('deadline-sweep', 'A', 1000, 0)).rejects.toThrow(/ttl/)
    })
  })

  describe('sign-in limits', () => {
    const attempt = (account: string) => ({ address: '203.0.113.5', account })

    it('two instances count together: of 12 alternating attempts, the budget of 10 passes', async () => {
      const [first, second] = await Promise.all(both(dialect).map((db) => createSharedAttemptLimiter(db, Date.now)))
      const decisions: boolean[] = []
      for (let i = 0; i < 12; i++) decisions.push((await (i % 2 === 0 ? first! : second!)('signIn', attempt('shared@example.org'))).allowed)
      expect(decisions.filter((allowed) => allowed)).toHaveLength(10)
      expect(decisions.slice(10)).toEqual([false, false])
    })

    it("counts on the server's clock and says when to come back", async () => {
      let now = Date.UTC(2030, 2, 2, 9, 0)
      const limit = await createSharedAttemptLimiter(both(dialect)[0], () => now)
      for (let i = 0; i < 10; i++) expect((await limit('signIn', attempt('clock@example.org'))).allowed).toBe(true)
      expect(await limit('signIn', attempt('clock@example.org'))).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 })
      now += 15 * 60_000 - 1
      expect((await limit('signIn', attempt('clock@example.org'))).allowed).toBe(false)
      now += 1
      expect((await limit('signIn', attempt('clock@example.org'))).allowed).toBe(true)
    })

    it('names no e-mail address in its counters, and both instances hide it alike', async () => {
      const [first, second] = both(dialect)
      await (
        await createSharedAttemptLimiter(first, Date.now)
      )('forgot', attempt('Private.Person@example.org'))
      await (
        await createSharedAttemptLimiter(second, Date.now)
      )('forgot', attempt('private.person@EXAMPLE.org'))
      const rows = await first.selectFrom('rate_limits').select(['key', 'points']).where('key', 'like', 'forgot:%').execute()
      expect(
        rows
          .map((row) => row.key)
          .join('\n')
          .toLowerCase(),
      ).not.toContain('private.person')
      expect(rows.map((row) => row.points)).toEqual([2, 2, 2])
    })
  })
})

describe('on postgres, at the same moment', () => {
  it('of 40 simultaneous claims from two instances, exactly one gets the lease', async () => {
    const [a, b] = both('postgres').map(createSharedSchedulerLeases)
    const claims = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? a! : b!).take('race-sweep', `holder-${i}`, 10_000, 60_000)),
    )
    expect(claims.filter((won) => won)).toHaveLength(1)
    const winner = claims.indexOf(true)
    expect(await a!.current('race-sweep')).toEqual({ name: 'race-sweep', holder: `holder-${winner}`, until: 70_000 })
  })

  it('of 30 simultaneous attempts from one address on one account through two instances, exactly the budget of 10 passes', async () => {
    const limits: AttemptLimiter[] = await Promise.all(both('postgres').map((db) => createSharedAttemptLimiter(db, Date.now)))
    const decisions = await Promise.all(
      Array.from({ length: 30 }, (_, i) => limits[i % 2]!('signIn', { address: '198.51.100.7', account: 'race@example.org' })),
    )
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10)
  })
})
