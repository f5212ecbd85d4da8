// Which database the server suite runs on: the SQLite file in the data folder (project server), or
// PostgreSQL (project server-pg, TANDEM_TEST_DATABASE=postgres): then each data folder a test starts
// a server on gets a database of its own, copied from the run's migrated template
// (test/postgres.global-setup.ts). A restart or a second instance on the same folder gets the same
// database, as it would get the same SQLite file.
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { openDatabase, openPostgresDatabase, openPostgresKysely, type Database } from '@tandem/store'
import { createDatabaseOn, type TestDatabase } from '@tandem/testing'
import { Kysely, SqliteDialect, sql, type RawBuilder } from 'kysely'
import { afterAll, inject } from 'vitest'
import { onSqliteFile, type TandemServer } from '../../src/index.js'
import { runOn } from './store.statements.js'

export const ON_POSTGRES = process.env['TANDEM_TEST_DATABASE'] === 'postgres'

const byFolder = new Map<string, Promise<TestDatabase>>()

/** The settings that point a server on data folder `dir` at the database under test ({} on SQLite). */
export const databaseEnv = async (dir: string): Promise<Record<string, string>> => {
  if (!ON_POSTGRES) return {}
  let database = byFolder.get(dir)
  if (database === undefined) {
    database = createDatabaseOn(inject('postgresServer'), { template: inject('postgresTemplate') })
    byFolder.set(dir, database)
  }
  return { DATABASE_URL: (await database).url }
}

/** Drops the database of data folder `dir`, if it has one (the folder is gone with its data). */
export const releaseDatabase = async (dir: string): Promise<void> => {
  const database = byFolder.get(dir)
  byFolder.delete(dir)
  await (await database)?.drop()
}

/**
 * A store of its own on the database of data folder `dir`, as another process on the folder would
 * open it (the SQLite file in it, or its PostgreSQL database).
 */
export const openDatabaseOf = async (dir: string): Promise<Database> => {
  const url = (await databaseEnv(dir))['DATABASE_URL']
  return url === undefined ? openDatabase(join(dir, 'tandem.db')) : openPostgresDatabase(url)
}

/**
 * A bare Kysely on the database of data folder `dir` while no server runs on it (no store, no
 * migrations): for what an older version left behind, or a look at what a stopped server kept.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: an older version's too
export const openKyselyOf = async (dir: string): Promise<Kysely<any>> => {
  const url = (await databaseEnv(dir))['DATABASE_URL']
  return url === undefined
    ? new Kysely({ dialect: new SqliteDialect({ database: new BetterSqlite3(join(dir, 'tandem.db'), { fileMustExist: true }) }) })
    : openPostgresKysely(url)
}

/** Runs one statement on the database of data folder `dir` with a connection of its own. */
export const queryFolder = async <R>(dir: string, statement: RawBuilder<R>): Promise<R[]> => {
  const db = await openKyselyOf(dir)
  try {
    return (await statement.execute(db)).rows
  } finally {
    await db.destroy()
  }
}

afterAll(async () => {
  for (const dir of [...byFolder.keys()]) await releaseDatabase(dir)
})

/**
 * Runs one statement (kysely's `sql`, values as parameters) on the server's own store and answers
 * the rows. Tests read and change tables this way, never
 * through the SQLite connection, so that they run on PostgreSQL too.
 */
export const query = <R = Record<string, unknown>>(server: TandemServer, statement: RawBuilder<R>): Promise<R[]> =>
  runOn(server.db, statement)

/** Every row of a table. */
export const rowsOfTable = (server: TandemServer, table: string): Promise<Record<string, unknown>[]> =>
  query(server, sql<Record<string, unknown>>`select * from ${sql.table(table)}`)

/** The names of the tables: the application's and the provider's (Kysely's own bookkeeping left out). */
export const tableNames = async (server: TandemServer): Promise<string[]> =>
  (await server.db.kysely.introspection.getTables()).map((table) => table.name)

/**
 * What is wrong with the database as a whole after a crash: SQLite's integrity and foreign-key
 * checks of the file; on PostgreSQL, indexes left invalid and constraints left unvalidated.
 */
export const databaseDamage = async (server: TandemServer): Promise<unknown[]> => {
  if (server.db.dialect === 'sqlite') {
    const raw = onSqliteFile(server).db.raw
    const integrity = raw.pragma('integrity_check', { simple: true })
    return [...(integrity === 'ok' ? [] : [integrity]), ...(raw.pragma('foreign_key_check') as unknown[])]
  }
  return [
    ...(await query(server, sql`select indexrelid::regclass::text as invalid_index from pg_index where not indisvalid or not indisready`)),
    ...(await query(server, sql`select conname as unvalidated from pg_constraint where not convalidated`)),
  ]
}
