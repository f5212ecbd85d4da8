// The identity suites run against both databases: a SQLite file always, and PostgreSQL on one
// throwaway cluster per test file (or the server of TEST_DATABASE_URL), each harness on a fresh
// database of its own there. The cluster and the databases go when the test file ends.
import Database from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll } from 'vitest'
import { createTestDatabase, type TestDatabase } from '@tandem/testing'
import type { IdentityDatabase } from '../../src/index.js'

export type DatabaseKind = 'sqlite' | 'postgres'
export const DATABASES: readonly DatabaseKind[] = ['sqlite', 'postgres']

let server: Promise<TestDatabase> | undefined
const created: string[] = []

const onServer = async (statement: string): Promise<string> => {
  server ??= createTestDatabase()
  const base = (await server).url
  const client = new pg.Client({ connectionString: base })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
  return base
}

afterAll(async () => {
  if (server === undefined) return
  for (const name of created.splice(0)) await onServer(`drop database if exists ${name} with (force)`)
  await (await server).drop()
})

/** A new empty PostgreSQL database on this file's server; answers its URL. */
export const freshPostgresDatabase = async (): Promise<string> => {
  const name = `identity_${randomBytes(6).toString('hex')}`
  const url = new URL(await onServer(`create database ${name}`))
  created.push(name)
  url.pathname = `/${name}`
  return url.toString()
}

export type OpenDatabase = {
  readonly kysely: IdentityDatabase
  readonly close: () => Promise<void>
}

/** The SQLite file as the server opens it (WAL, foreign keys), with Kysely over the connection. */
export const openSqlite = (file: string): OpenDatabase => {
  const raw = new Database(file)
  raw.pragma('journal_mode = WAL')
  raw.pragma('foreign_keys = ON')
  raw.pragma('busy_timeout = 5000')
  const kysely = new Kysely({ dialect: new SqliteDialect({ database: raw }) })
  return { kysely, close: () => kysely.destroy() }
}

/**
 * A pool on a PostgreSQL database with `pg`'s own type parsers: bigint columns arrive as text, so
 * the adapter's reading of numbers is tested too.
 */
export const openPostgres = (url: string): OpenDatabase => {
  const pool = new pg.Pool({ connectionString: url, max: 5 })
  // An idle connection the server ends (the cluster stopping after a failed test) is no test's error.
  pool.on('error', (error) => console.warn('idle PostgreSQL connection ended:', error.message))
  const kysely = new Kysely({ dialect: new PostgresDialect({ pool }) })
  return { kysely, close: () => kysely.destroy() }
}
