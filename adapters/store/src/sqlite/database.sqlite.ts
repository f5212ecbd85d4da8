// The SQLite store: one better-sqlite3 connection (WAL, foreign keys, busy timeout) that runs every
// statement synchronously on a cached prepared statement. Its transactions now span awaits, so an
// in-process mutex keeps them apart: one transaction at a time (BEGIN IMMEDIATE … COMMIT, other
// processes on the file serialise on its write lock), and a statement outside any transaction
// waits while another request's transaction is open — on the shared connection it would otherwise
// read that transaction's uncommitted rows, or have its own write rolled back with them.
import { AsyncLocalStorage } from 'node:async_hooks'
import BetterSqlite3 from 'better-sqlite3'
import { Mutex } from 'async-mutex'
import { Kysely, type Compilable, type CompiledQuery, type QueryResult } from 'kysely'
import type { SqliteDatabase } from '../portable/database.js'
import { MissedVersion } from '../portable/dialect.js'
import { storeDialect } from './database.sqlite.kysely.js'
import { migrateToLatest } from '../portable/migrations/index.js'
import type { Schema } from '../portable/schema.js'

/** The transaction a piece of asynchronous work runs in; `open` turns false at its end. */
type Open = { open: boolean; savepoints: number }

export const openDatabase = async (file: string): Promise<SqliteDatabase> => {
  const raw = new BetterSqlite3(file)
  raw.pragma('journal_mode = WAL')
  raw.pragma('foreign_keys = ON')
  raw.pragma('busy_timeout = 5000')
  raw.pragma('synchronous = NORMAL')
  // Deleted content is overwritten, not left in free pages: an erased person leaves no bytes behind.
  raw.pragma('secure_delete = ON')
  const statements = new Map<string, BetterSqlite3.Statement>()
  const prepare = (query: Compilable<unknown>) => prepareCompiled(query.compile())
  const prepareCompiled = (compiled: CompiledQuery) => {
    let statement = statements.get(compiled.sql)
    if (statement === undefined) {
      statement = raw.prepare(compiled.sql)
      statements.set(compiled.sql, statement)
    }
    return { statement, parameters: compiled.parameters as unknown[] }
  }
  const control = (sql: string) => {
    const statement = raw.prepare(sql)
    return () => statement.run()
  }
  const begin = control('begin immediate')
  const commit = control('commit')
  const rollback = control('rollback')

  const mutex = new Mutex()
  const current = new AsyncLocalStorage<Open>()
  /** The open transaction this work runs in, if any (a timer started inside one outlives it). */
  const joined = (): Open | undefined => {
    const open = current.getStore()
    return open?.open === true ? open : undefined
  }
  let writes = 0
  const hooks: (() => Promise<void>)[] = []

  /** Runs a statement now when nothing else holds the connection, else after the transaction that does. */
  let waiting = 0
  const exclusive = async <T>(work: () => T): Promise<T> => {
    if (joined() !== undefined || !mutex.isLocked()) return work()
    waiting += 1
    try {
      return await mutex.runExclusive(work)
    } finally {
      waiting -= 1
    }
  }

  const savepoint = async <T>(open: Open, work: () => Promise<T>): Promise<T> => {
    const name = `s${++open.savepoints}`
    raw.exec(`savepoint ${name}`)
    try {
      const result = await work()
      raw.exec(`release ${name}`)
      return result
    } catch (e) {
      if (raw.inTransaction) raw.exec(`rollback to ${name}; release ${name}`)
      throw e
    }
  }

  const transaction = async <T>(work: () => Promise<T>): Promise<T> => {
    const outer = joined()
    if (outer !== undefined) return savepoint(outer, work)
    const release = await mutex.acquire()
    const open: Open = { open: true, savepoints: 0 }
    try {
      begin()
      try {
        const result = await current.run(open, async () => {
          const before = writes
          const answer = await work()
          if (writes !== before) for (const hook of hooks) await hook()
          return answer
        })
        commit()
        return result
      } catch (e) {
        if (raw.inTransaction) rollback()
        throw e
      }
    } finally {
      open.open = false
      // Counted again after the commit: a reader between a write and its commit must not keep its result.
      writes += 1
      release()
    }
  }

  /** A write statement: alone it commits by itself, unless hooks must join its commit. */
  const write = <T>(work: () => T): Promise<T> =>
    joined() === undefined && hooks.length > 0
      ? transaction(async () => {
          writes += 1
          return work()
        })
      : exclusive(() => {
          writes += 1
          return work()
        })

  const all = <R>(query: Compilable<R>): Promise<R[]> => {
    const { statement, parameters } = prepare(query)
    if (statement.reader && statement.readonly) return exclusive(() => statement.all(...parameters) as R[])
    return write(() => (statement.reader ? statement.all(...parameters) : (statement.run(...parameters), [])) as R[])
  }
  /**
   * A statement executed on the Kysely handle (the migrations, the embedded identity provider's
   * tables): in turn with the transactions like every other, answering what Kysely expects. The
   * commit hooks stay with the application's own writes (db.run), which they audit.
   */
  const runCompiled = (compiled: CompiledQuery): Promise<QueryResult<unknown>> => {
    const { statement, parameters } = prepareCompiled(compiled)
    if (statement.reader && statement.readonly) return exclusive(() => ({ rows: statement.all(...parameters) }))
    return exclusive(() => {
      writes += 1
      if (statement.reader) return { rows: statement.all(...parameters) }
      const { changes, lastInsertRowid } = statement.run(...parameters)
      return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) }
    })
  }
  const kysely = new Kysely<Schema>({ dialect: storeDialect(runCompiled) })
  await migrateToLatest(kysely as unknown as Kysely<unknown>)

  const run = (query: Compilable<unknown>): Promise<number> => {
    const { statement, parameters } = prepare(query)
    return write(() => (statement.reader ? statement.all(...parameters).length : statement.run(...parameters).changes))
  }
  const dataVersion = raw.prepare('pragma data_version').pluck()
  const bumpPool = raw.prepare("update meta set value = value + 1 where key = 'mentor_pool_revision'")
  return {
    dialect: 'sqlite',
    kysely,
    raw,
    all,
    first: async (query) => (await all(query))[0],
    run,
    send: async (query) => {
      await run(query)
    },
    sendChanging: async (query, rows) => {
      const checked = async () => {
        const changed = await run(query)
        if (changed !== rows) throw new MissedVersion(changed, rows)
      }
      // Alone, in a transaction of its own: a miss changes nothing.
      await (joined() === undefined ? transaction(checked) : checked())
    },
    transaction,
    beforeCommit: (hook) => {
      hooks.push(hook)
    },
    generation: async () => `${String(dataVersion.get())}:${writes}`,
    bumpMentorPool: async () => {
      await write(() => bumpPool.run())
    },
    waitingStatements: () => waiting,
    close: async () => {
      // A transaction in progress finishes first; nothing runs on the connection after.
      await mutex.runExclusive(() => raw.close())
    },
  }
}
