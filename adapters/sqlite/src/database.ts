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
  /**
   * Changes whenever anything was committed to the file, by this connection or another process
   * (`PRAGMA data_version` plus a count of this connection's writes): the key of read caches.
   */
  readonly generation: () => string
  /**
   * Registers work that joins every transaction which wrote, just before its commit (the outermost
   * one; a write outside a transaction gets one of its own while a hook is registered). The audit
   * records of administrator changes are written this way, so they commit or roll back with them.
   */
  readonly beforeCommit: (hook: () => void) => void
  /** Marks every packed mentor pool (in any process) as stale. */
  readonly bumpMentorPool: () => void
  readonly close: () => void
}

export const openDatabase = async (file: string): Promise<Database> => {
  const raw = new BetterSqlite3(file)
  raw.pragma('journal_mode = WAL')
  raw.pragma('foreign_keys = ON')
  raw.pragma('busy_timeout = 5000')
  raw.pragma('synchronous = NORMAL')
  // Deleted content is overwritten, not left in free pages: an erased person leaves no bytes behind.
  raw.pragma('secure_delete = ON')
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
  let writes = 0
  let depth = 0
  const hooks: (() => void)[] = []
  // One wrapper for every transaction: better-sqlite3 builds its begin/commit statements per wrapper.
  const transaction = raw.transaction((work: () => unknown) => {
    depth += 1
    try {
      const before = writes
      const result = work()
      if (depth === 1 && writes !== before) for (const hook of hooks) hook()
      return result
    } finally {
      depth -= 1
    }
  })
  // Counted again after the commit: a reader between a write and its commit must not keep its result.
  const inTransaction = <T>(work: () => T): T => {
    try {
      return transaction.immediate(work) as T
    } finally {
      writes += 1
    }
  }
  /** A write statement: alone it commits by itself, unless hooks must join its commit. */
  const write = <T>(work: () => T): T => (depth === 0 && hooks.length > 0 ? inTransaction(work) : work())
  const all = <R>(query: Compilable<R>): R[] => {
    const { statement, parameters } = prepare(query)
    if (statement.reader && statement.readonly) return statement.all(...parameters) as R[]
    return write(() => {
      writes += 1
      return (statement.reader ? statement.all(...parameters) : (statement.run(...parameters), [])) as R[]
    })
  }
  const dataVersion = raw.prepare('pragma data_version').pluck()
  const bumpPool = raw.prepare("update meta set value = value + 1 where key = 'mentor_pool_revision'")
  return {
    kysely,
    raw,
    all,
    first: (query) => all(query)[0],
    run: (query) => {
      const { statement, parameters } = prepare(query)
      return write(() => {
        writes += 1
        return statement.reader ? statement.all(...parameters).length : statement.run(...parameters).changes
      })
    },
    transaction: inTransaction,
    beforeCommit: (hook) => {
      hooks.push(hook)
    },
    generation: () => `${String(dataVersion.get())}:${writes}`,
    bumpMentorPool: () => {
      write(() => {
        writes += 1
        bumpPool.run()
      })
    },
    close: () => raw.close(),
  }
}
