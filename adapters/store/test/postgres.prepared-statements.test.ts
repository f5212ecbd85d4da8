// On PostgreSQL every statement with parameters (and every lone select) runs as a prepared statement
// of its connection: parsed and planned once per connection, not at every execution. Counted on the
// Parse messages `pg` sends. A newer instance's migration that changes a table's columns must not
// fail the running instance's statements (PostgreSQL refuses a prepared statement whose result
// columns changed), and DATABASE_PREPARED_STATEMENTS=0 (a pooler in transaction mode) prepares none.
import { createTestDatabase, parsedDuring, type TestDatabase } from '@tandem/testing'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import type { Database } from '../src/index.js'
import { openPostgresDatabase, openPostgresKysely } from '../src/index.js'
import { PREPARED_PER_CONNECTION } from '../src/postgres/postgres.js'

let postgres: TestDatabase
const opened: Database[] = []
beforeAll(async () => {
  postgres = await createTestDatabase()
})
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close()
})
afterAll(async () => {
  await postgres.drop()
})

const open = async (options: Parameters<typeof openPostgresDatabase>[1]) => {
  const db = await openPostgresDatabase(postgres.url, options)
  opened.push(db)
  return db
}

const clusterNamed = (db: Database, title: string) => db.all(db.kysely.selectFrom('clusters').selectAll().where('title', '=', title))

it('parses a statement sent again once per connection', async () => {
  const db = await open({ maxConnections: 1 })
  const parsed = await parsedDuring(async () => {
    for (let i = 0; i < 5; i++) await clusterNamed(db, 'A year')
  })
  const mine = parsed.filter((p) => p.text.includes('"title" = $1'))
  expect(mine).toHaveLength(1)
  expect(mine[0]?.name).toBeDefined()
  // Transactions work as before around prepared statements.
  await db.transaction(async () => {
    await db.run(db.kysely.insertInto('clusters').values({ title: 'A year', is_ended: 0, is_default: 0 }))
  })
  expect(await clusterNamed(db, 'A year')).toHaveLength(1)
})

it('parses every execution anew with prepared statements off (DATABASE_PREPARED_STATEMENTS=0)', async () => {
  const db = await open({ maxConnections: 1, preparedStatements: false })
  const parsed = await parsedDuring(async () => {
    for (let i = 0; i < 5; i++) await clusterNamed(db, 'A year')
  })
  const mine = parsed.filter((p) => p.text.includes('"title" = $1'))
  expect(mine).toHaveLength(5)
  expect(mine.every((p) => p.name === undefined)).toBe(true)
  const { rows } = await sql<{ n: number }>`select count(*) as n from pg_prepared_statements`.execute(db.kysely)
  expect(rows[0]?.n).toBe(0)
})

it('keeps at most PREPARED_PER_CONNECTION statements per connection and answers the others unnamed', async () => {
  const db = await open({ maxConnections: 1 })
  for (let k = 0; k < PREPARED_PER_CONNECTION + 20; k++) {
    const { rows } = await sql<{ v: number }>`select ${sql.raw(String(k))} + ${1}::int as v`.execute(db.kysely)
    expect(rows[0]?.v).toBe(k + 1)
  }
  const { rows } = await sql<{ n: number }>`select count(*) as n from pg_prepared_statements`.execute(db.kysely)
  expect(rows[0]?.n).toBeLessThanOrEqual(PREPARED_PER_CONNECTION)
  expect(rows[0]?.n).toBeGreaterThan(PREPARED_PER_CONNECTION / 2)
})

it("answers after a newer instance's migration changed the columns its statements read", async () => {
  const db = await open({ maxConnections: 2 })
  const newer = openPostgresKysely(postgres.url)
  /** Both connections prepare the select (two at once, in transactions and alone). */
  const prepareOnBoth = async () => {
    await Promise.all([db.transaction(() => clusterNamed(db, 'Before')), db.transaction(() => clusterNamed(db, 'Before'))])
    await Promise.all([clusterNamed(db, 'Before'), clusterNamed(db, 'Before')])
  }
  try {
    await db.run(db.kysely.insertInto('clusters').values({ title: 'Before', is_ended: 0, is_default: 0 }))
    await prepareOnBoth()
    await sql`alter table clusters add column added_first text`.execute(newer)
    // Alone: run again on its connection.
    for (const rows of await Promise.all([clusterNamed(db, 'Before'), clusterNamed(db, 'Before')])) {
      expect(rows).toHaveLength(1)
      expect(rows[0]).toHaveProperty('added_first', null)
    }
    await prepareOnBoth()
    await sql`alter table clusters add column added_next text`.execute(newer)
    // In a transaction: the store runs the transaction again.
    const rows = await db.transaction(() => clusterNamed(db, 'Before'))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toHaveProperty('added_next', null)
  } finally {
    await sql`alter table clusters drop column if exists added_first, drop column if exists added_next`.execute(newer)
    await newer.destroy()
  }
})
