// Opens the SQLite file (WAL, foreign keys, busy timeout) with Kysely over better-sqlite3. Queries
// are built with Kysely and run synchronously, so one command's transaction never interleaves.
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, SqliteDialect, type Compilable } from 'kysely'
import { migrateToLatest } from './migrations.js'
import type { Schema } from './schema.js'

export type Database = {
  readonly kysely: Kysely<Schema>
  readonly raw: BetterSqlite3.Database
  /** Runs a built query and returns its rows. */
  readonly all: <R>(query: Compilable<R>) => R[]
  readonly first: <R>(query: Compilable<R>) => R | undefined
  /** Runs a built write and returns the number of changed rows. */
  readonly run: (query: Compilable<unknown>) => number
  /** Runs `work` inside BEGIN IMMEDIATE … COMMIT (ROLLBACK when it throws), so writers on one file serialise. */
  readonly transaction: <T>(work: () => T) => T
  readonly close: () => void
}

export const openDatabase = async (file: string): Promise<Database> => {
  const raw = new BetterSqlite3(file)
  raw.pragma('journal_mode = WAL')
  raw.pragma('foreign_keys = ON')
  raw.pragma('busy_timeout = 5000')
  raw.pragma('synchronous = NORMAL')
  const kysely = new Kysely<Schema>({ dialect: new SqliteDialect({ database: raw }) })
  await migrateToLatest(kysely as unknown as Kysely<unknown>)
  const statements = new Map<string, BetterSqlite3.Statement>()
  const prepare = (query: Compilable<unknown>) => {
    const compiled = query.compile()
    let statement = statements.get(compiled.sql)
    if (statement === undefined) {
      statement = raw.prepare(compiled.sql)
      statements.set(compiled.sql, statement)
    }
    return { statement, parameters: compiled.parameters as unknown[] }
  }
  const all = <R>(query: Compilable<R>): R[] => {
    const { statement, parameters } = prepare(query)
    return (statement.reader ? statement.all(...parameters) : (statement.run(...parameters), [])) as R[]
  }
  return {
    kysely,
    raw,
    all,
    first: (query) => all(query)[0],
    run: (query) => {
      const { statement, parameters } = prepare(query)
      return statement.reader ? statement.all(...parameters).length : statement.run(...parameters).changes
    },
    transaction: (work) => raw.transaction(work).immediate(),
    close: () => raw.close(),
  }
}
