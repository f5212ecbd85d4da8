// The store's one way to run Kysely-built queries, asynchronous so that one set of repositories
// serves the SQLite file (here) and PostgreSQL (database.postgres.ts). The transaction in progress
// travels with the asynchronous context: repositories call `db.all(query)` inside
// `db.transaction(…)` and land on its connection without being handed one (decision 0019).
import type BetterSqlite3 from 'better-sqlite3'
import type { Compilable, Kysely } from 'kysely'
import type { DialectName } from './dialect.js'
import type { Schema } from './schema.js'

export type Database = {
  readonly dialect: DialectName
  /**
   * The query builder (and, on PostgreSQL, the pool the statements outside a transaction run on).
   * On SQLite what is executed on it goes through `all`'s path: in turn with the transactions
   * (database.sqlite.kysely.ts), so the embedded identity provider may be handed it.
   */
  readonly kysely: Kysely<Schema>
  /** The SQLite connection itself (the embedded provider's tables, backups, pragmas); null on PostgreSQL. */
  readonly raw: BetterSqlite3.Database | null
  /** Runs a built query and answers its rows. */
  readonly all: <R>(query: Compilable<R>) => Promise<R[]>
  readonly first: <R>(query: Compilable<R>) => Promise<R | undefined>
  /** Runs a built write and answers the number of changed rows. */
  readonly run: (query: Compilable<unknown>) => Promise<number>
  /**
   * Runs a built write whose answer the caller does not need (rows appended). Inside a transaction
   * on PostgreSQL it is sent without waiting for its answer and checked with the next statement:
   * should it fail, that statement (at the latest the commit) fails with its error, and the
   * transaction is rolled back as when the write itself had failed. Elsewhere it is `run`.
   */
  readonly send: (query: Compilable<unknown>) => Promise<void>
  /**
   * Runs `work` in one transaction (committed when it resolves, rolled back when it rejects). Every
   * statement `work` runs, however deep, joins it; a `transaction` inside joins it too (as a
   * savepoint: its failure undoes only its own writes). Writers serialise (SQLite: BEGIN IMMEDIATE;
   * PostgreSQL: row locks and conditional writes, with a bounded retry on serialization failures).
   */
  readonly transaction: <T>(work: () => Promise<T>) => Promise<T>
  /**
   * Changes whenever anything was committed, by this process or another: the key of read caches.
   */
  readonly generation: () => Promise<string>
  /**
   * Registers work that joins every transaction which wrote, just before its commit (the outermost
   * one; a write outside a transaction gets one of its own while a hook is registered). The audit
   * records of administrator changes are written this way, so they commit or roll back with them.
   */
  readonly beforeCommit: (hook: () => Promise<void>) => void
  /** Marks every packed mentor pool (in any process) as stale. */
  readonly bumpMentorPool: () => Promise<void>
  readonly close: () => Promise<void>
}

/** The SQLite store, whose connection itself is at hand. */
export type SqliteDatabase = Database & { readonly raw: BetterSqlite3.Database }

export { openDatabase } from './database.sqlite.js'
