// A PostgreSQL server that ends an idle connection (a restart, a fail-over, an administrator's
// pg_terminate_backend) must not end the Tandem process: the pool reports it and the next query
// runs on a new connection.
import { createTestDatabase, type TestDatabase } from '@tandem/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openPostgresKysely } from '../src/index.js'

let postgres: TestDatabase

beforeAll(async () => {
  postgres = await createTestDatabase()
})

afterAll(async () => {
  await postgres.drop()
})

it('an idle connection ended by the server is reported, and the next query runs on a new one', async () => {
  const lost: Error[] = []
  const uncaught: unknown[] = []
  const onUncaught = (error: unknown) => uncaught.push(error)
  process.on('uncaughtException', onUncaught)
  const db = openPostgresKysely(postgres.url, { onConnectionLost: (error) => lost.push(error) })
  const admin = openPostgresKysely(postgres.url)
  try {
    const first = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)
    const pid = first.rows[0]!.pid
    await sql`select pg_terminate_backend(${pid})`.execute(admin)
    await expect.poll(() => lost.length, { timeout: 5000 }).toBe(1)
    expect(lost[0]!.message).toMatch(/terminating connection/)
    const second = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)
    expect(second.rows[0]!.pid).not.toBe(pid)
    expect(uncaught).toEqual([])
  } finally {
    process.off('uncaughtException', onUncaught)
    await db.destroy()
    await admin.destroy()
  }
})
