// The store's one way to run Kysely-built queries, asynchronous so that one set of repositories
// serves the SQLite file (sqlite/database.sqlite.ts) and PostgreSQL (postgres/database.postgres.ts). The transaction in progress
// travels with the asynchronous context: repositories call `db.all(query)` inside
// `db.transaction(…)` and land on its connection without being handed one (decision 0019).
import type BetterSqlite3 from 'better-sqlite3'
import type { Compilable, Kysely } from 'kysely'
import type { Schema } from './schema.js'

/** The two databases the store speaks. */
export type DialectName = 'sqlite' | 'postgres'

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
   * Runs a conditional write (one returning a row per changed row: each row on its expected
   * version) that must change exactly `rows` rows, and fails with MissedVersion (dialect.ts) when
   * it changes fewer. Inside a transaction on PostgreSQL it is sent like `send`: PostgreSQL counts
   * the rows itself (migration 0017), and a miss fails the next statement, at the latest the
   * commit, which rolls the transaction back. SQLite counts them at once.
   */
  readonly sendChanging: (query: Compilable<unknown>, rows: number) => Promise<void>
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
  /**
   * How many statements outside any transaction wait for another's transaction to end (SQLite's
   * shared connection takes them in turn; on PostgreSQL each runs on a pooled connection: 0).
   */
  readonly waitingStatements: () => number
  readonly close: () => Promise<void>
}

/**
 * Awaits statements run side by side: on PostgreSQL those of one transaction go out together on its
 * connection and are answered in one round trip (pipelined; decision 0022), and outside one each
 * takes a pooled connection; on SQLite each has run before the next starts. Fails with the first
 * failure in their order (PostgreSQL answers the statements after a failed one inside a
 * transaction only with "transaction aborted"), once every one is answered. For statements: a
 * nested `transaction` among them would interleave its savepoint with the others' statements.
 */
export const together = async <const T extends readonly unknown[]>(statements: { readonly [K in keyof T]: Promise<T[K]> }): Promise<T> => {
  const settled = await Promise.allSettled(statements)
  const values: unknown[] = []
  for (const each of settled) {
    if (each.status === 'rejected') throw each.reason
    values.push(each.value)
  }
  return values as unknown as T
}

/** The SQLite store, whose connection itself is at hand. */
export type SqliteDatabase = Database & { readonly raw: BetterSqlite3.Database }
