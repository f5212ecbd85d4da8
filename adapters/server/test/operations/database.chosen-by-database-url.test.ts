// DATABASE_URL chooses the database: with a postgres:// URL the server keeps its data (and the
// embedded provider its tables and keys) in that PostgreSQL database and writes no SQLite file;
// without it, the SQLite file in DATA_DIR as always. Two instances on one database share it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openPostgresKysely } from '@tandem/store'
import { createTestDatabase, parsedDuring, type TestDatabase } from '@tandem/testing'
import { sql } from 'kysely'
import { pino } from 'pino'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { createServer, loadConfig, type TandemServer } from '../../src/index.js'

let database: TestDatabase
const folders: string[] = []
const servers: TandemServer[] = []
beforeAll(async () => {
  database = await createTestDatabase()
})
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})
afterAll(async () => {
  await database.drop()
})

const start = async (env: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-database-url-'))
  folders.push(dir)
  const config = loadConfig({ DATA_DIR: dir, WEB_DIST: join(dir, 'no-web'), ...env })
  const server = await createServer(config, { logger: pino({ level: 'silent' }) })
  servers.push(server)
  return { server, dir }
}

const health = async (server: TandemServer) => {
  const listener: Server = await new Promise((resolve) => {
    const l = server.app.listen(0, '127.0.0.1', () => resolve(l))
  })
  try {
    const response = await fetch(`http://127.0.0.1:${(listener.address() as AddressInfo).port}/api/health`)
    return { status: response.status, body: await response.json() }
  } finally {
    await new Promise((resolve) => listener.close(resolve))
  }
}

/** Counts rows with a connection of its own, past the servers. */
const count = async (table: string, where = sql`true`): Promise<number> => {
  const db = openPostgresKysely(database.url)
  try {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db)
    return rows[0]?.n ?? -1
  } finally {
    await db.destroy()
  }
}

it('keeps the data in PostgreSQL when DATABASE_URL names it, and writes no SQLite file', async () => {
  const { server, dir } = await start({ DATABASE_URL: database.url })
  expect(server.db.dialect).toBe('postgres')
  expect(await health(server)).toMatchObject({ status: 200, body: { value: { status: 'ok', database: 'ok' } } })
  expect(existsSync(join(dir, 'tandem.db'))).toBe(false)
  // The default program year and the embedded provider's keys are rows of that database.
  expect(await count('clusters')).toBe(1)
  expect(await count('identity_keys', sql`name = 'provider'`)).toBe(1)
})

it('lets a second instance on the same database find what the first created', async () => {
  const first = await start({ DATABASE_URL: database.url })
  const second = await start({ DATABASE_URL: database.url })
  expect((await first.server.ctx.clusters.list()).map((c) => c.clusterId)).toEqual(
    (await second.server.ctx.clusters.list()).map((c) => c.clusterId),
  )
  expect(await count('clusters')).toBe(1)
  const before = await second.server.ctx.generation()
  await first.server.ctx.clusters.create('Another year', false)
  expect(await second.server.ctx.generation()).not.toBe(before)
})

it('prepares its statements on PostgreSQL, unless DATABASE_PREPARED_STATEMENTS=0 (a pooler in transaction mode)', async () => {
  const namedParses = async (env: Record<string, string>) => {
    const { server } = await start({ DATABASE_URL: database.url, ...env })
    const parsed = await parsedDuring(async () => {
      for (let i = 0; i < 3; i++) await server.ctx.users.byEmail('nobody@example.org')
    })
    return { named: parsed.filter((p) => p.name !== undefined).length, all: parsed.length }
  }
  const prepared = await namedParses({})
  expect(prepared.named).toBeGreaterThan(0)
  expect(prepared.all).toBeLessThan(3)
  expect(await namedParses({ DATABASE_PREPARED_STATEMENTS: '0' })).toEqual({ named: 0, all: 3 })
})

it('keeps the SQLite file in DATA_DIR without DATABASE_URL', async () => {
  const { server, dir } = await start({})
  expect(server.db.dialect).toBe('sqlite')
  expect(await health(server)).toMatchObject({ status: 200, body: { value: { status: 'ok', database: 'ok' } } })
  expect(existsSync(join(dir, 'tandem.db'))).toBe(true)
})

it('stops the start with the connection error when the server DATABASE_URL names cannot be reached', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-database-url-'))
  folders.push(dir)
  const config = loadConfig({ DATA_DIR: dir, WEB_DIST: join(dir, 'no-web'), DATABASE_URL: 'postgres://tandem:secret@127.0.0.1:1/tandem' })
  await expect(createServer(config, { logger: pino({ level: 'silent' }) })).rejects.toThrow(/ECONNREFUSED/)
  // The data folder is free again: a server with a reachable database starts on it.
  const { server } = await start({ DATA_DIR: dir, DATABASE_URL: database.url })
  expect(server.db.dialect).toBe('postgres')
})
