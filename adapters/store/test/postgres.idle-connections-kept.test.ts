// A connection nobody uses stays open for a minute (IDLE_CONNECTION_MS), not the 10 seconds of
// `pg`'s pool: an instance that paused between bursts of requests finds its connections, their
// PostgreSQL backends and their prepared statements where it left them, instead of opening every
// connection again and parsing every statement anew (decision 0022). It is closed after its time
// all the same, so a quiet instance holds no connection for good.
import { createTestDatabase, type TestDatabase } from '@tandem/testing'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { openPostgresKysely } from '../src/index.js'

let postgres: TestDatabase
type Pool = ReturnType<typeof openPostgresKysely>
const opened: Pool[] = []

beforeAll(async () => {
  postgres = await createTestDatabase()
})
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy()
})
afterAll(async () => {
  await postgres.drop()
})

const open = (options: Parameters<typeof openPostgresKysely>[1] = {}) => {
  const db = openPostgresKysely(postgres.url, { maxConnections: 1, ...options })
  opened.push(db)
  return db
}
const backend = async (db: Pool) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid
const backendAlive = async (admin: Pool, pid: number) =>
  Number((await sql<{ n: string }>`select count(*) as n from pg_stat_activity where pid = ${pid}`.execute(admin)).rows[0]!.n) > 0

it('serves a query after 11 seconds without use on the same backend, with its prepared statements', async () => {
  const db = open()
  const pid = await backend(db)
  // A statement with a parameter is prepared on its connection.
  await sql`select ${1}::int as one`.execute(db)
  await new Promise((resolve) => setTimeout(resolve, 11_000))
  expect(await backend(db)).toBe(pid)
  const kept = await sql<{ n: string }>`select count(*) as n from pg_prepared_statements`.execute(db)
  expect(Number(kept.rows[0]!.n)).toBeGreaterThan(0)
}, 30_000)

it('closes a connection once it has not been used for its idle time', async () => {
  const db = open({ idleConnectionMs: 200 })
  const admin = open()
  const pid = await backend(db)
  expect(await backendAlive(admin, pid)).toBe(true)
  await expect.poll(() => backendAlive(admin, pid), { timeout: 10_000, interval: 100 }).toBe(false)
  expect(await backend(db)).not.toBe(pid)
})
