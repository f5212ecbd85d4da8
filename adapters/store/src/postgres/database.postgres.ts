// The PostgreSQL store: the same `Database` as the SQLite file (decision 0019) over a `pg` pool.
// A statement outside any transaction takes a pooled connection of its own; inside `transaction(…)`
// it runs on that transaction's connection, found through the asynchronous context. Unlike the
// SQLite store nothing waits in this process: PostgreSQL keeps concurrent transactions apart (row
// locks, the conditional writes on versions, the partial unique index on live tandems), and the
// outermost transaction is run again, a few times, when PostgreSQL gives it up as a deadlock or a
// serialization failure.
import { AsyncLocalStorage } from 'node:async_hooks'
import { CompiledQuery, sql, type Compilable, type Kysely, type QueryResult } from 'kysely'
import { coalesced } from '../portable/coalesced.js'
import type { Database } from '../portable/database.js'
import { changingExactly } from '../portable/dialect.js'
import { migrateToLatest } from '../portable/migrations/index.js'
import { isStalePlan, openPostgresKysely, withoutWaiting, type PostgresOptions } from './postgres.js'

/** The transaction a piece of asynchronous work runs in; `open` turns false at its end. */
type Open = {
  open: boolean
  savepoints: number
  wrote: boolean
  /** Sends a statement on the transaction's connection, at once: statements run side by side go out together. */
  readonly execute: <R>(compiled: CompiledQuery<R>) => Promise<QueryResult<R>>
}

/** SQLSTATEs after which PostgreSQL has rolled the transaction back and running it again may succeed. */
const RETRYABLE = new Set(['40001', '40P01'])
/** A deadlock, a serialization failure, or a prepared statement a migration made stale (postgres.ts). */
export const isRetryable = (e: unknown): boolean =>
  (e instanceof Error && 'code' in e && typeof e.code === 'string' && RETRYABLE.has(e.code)) || isStalePlan(e)

export type PostgresDatabaseOptions = PostgresOptions & {
  /** How often the outermost transaction runs at most when PostgreSQL gives it up (deadlock, serialization). */
  readonly attempts?: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A few milliseconds, doubling per attempt, at random within that: two victims do not collide again in step. */
const backoff = (attempt: number): number => Math.random() * 5 * 2 ** attempt

/**
 * Whether a statement may change data. Kysely tells its own selects apart; raw SQL counts as a
 * write unless it is a plain `select`, so a cache is invalidated once too often, never once too few.
 */
const writes = (compiled: CompiledQuery): boolean => {
  const kind = compiled.query.kind
  if (kind === 'SelectQueryNode') return false
  if (kind === 'RawNode') return !/^\s*select\b/i.test(compiled.sql)
  return true
}

/**
 * The rows the revision is kept in. Every transaction that wrote bumps one of them, at random, just
 * before its commit, and `generation()` reads their sum: a commit by any instance on the database
 * changes every instance's generation (decision 0019). One row would make every writing
 * transaction of every instance wait for the previous one's commit (its row lock is held until
 * then); spread over 16, two commits at once seldom meet (decision 0022). A row appears with the
 * first write to it (an upsert), so neither a migration nor a copy needs it.
 */
const REVISION_KEYS: readonly string[] = ['revision', ...Array.from({ length: 15 }, (_, i) => `revision-${i + 1}`)]

/**
 * The revision bump and the commit, one round trip: two statements in one simple query (no
 * parameters; the key is one of REVISION_KEYS). Should the bump fail, PostgreSQL skips the commit
 * and the transaction is rolled back as after any failed statement.
 */
const bumpAndCommit = (): string => {
  const key = REVISION_KEYS[Math.floor(Math.random() * REVISION_KEYS.length)] ?? 'revision'
  return `insert into meta (key, value) values ('${key}', 1) on conflict (key) do update set value = meta.value + 1; commit`
}

export const openPostgresDatabase = async (url: string, options: PostgresDatabaseOptions = {}): Promise<Database> => {
  const kysely = openPostgresKysely(url, options)
  const attempts = options.attempts ?? 5
  try {
    await migrateToLatest(kysely as unknown as Kysely<unknown>)
  } catch (e) {
    // No pool left behind by a start that fails (an unreachable server, a refused migration).
    await kysely.destroy()
    throw e
  }

  const current = new AsyncLocalStorage<Open>()
  /** The open transaction this work runs in, if any (a timer started inside one outlives it). */
  const joined = (): Open | undefined => {
    const open = current.getStore()
    return open?.open === true ? open : undefined
  }
  const hooks: (() => Promise<void>)[] = []

  const savepoint = async <T>(open: Open, work: () => Promise<T>): Promise<T> => {
    // The name is the store's own counter, never input.
    const name = `s${++open.savepoints}`
    const control = (text: string) => open.execute(CompiledQuery.raw(text))
    await control(`savepoint ${name}`)
    try {
      const result = await work()
      await control(`release savepoint ${name}`)
      return result
    } catch (e) {
      // Also after a failed statement: rolling back to the savepoint makes the transaction usable
      // again. Should that fail too (a lost connection), the outermost transaction fails with it.
      await control(`rollback to savepoint ${name}`)
        .then(() => control(`release savepoint ${name}`))
        .catch(() => undefined)
      throw e
    }
  }

  const once = <T>(work: () => Promise<T>): Promise<T> =>
    // One pooled connection for the whole transaction; begin, commit and rollback sent here, so that
    // a writing transaction's commit carries its revision bump. The connection is taken from
    // Kysely's executor as `kysely.connection()` takes it, without the wrapper that lets a statement
    // out only once the previous one is answered: statements the work runs side by side (reads
    // awaited together) go out together and are answered in one round trip (pipelined, postgres.ts).
    kysely.getExecutor().provideConnection(async (connection) => {
      const control = (text: string) => connection.executeQuery(CompiledQuery.raw(text))
      await control('begin')
      const open: Open = { open: true, savepoints: 0, wrote: false, execute: (compiled) => connection.executeQuery(compiled) }
      try {
        const result = await current.run(open, async () => {
          const answer = await work()
          if (open.wrote) for (const hook of hooks) await hook()
          return answer
        })
        open.open = false
        await control(open.wrote ? bumpAndCommit() : 'commit')
        return result
      } catch (e) {
        open.open = false
        // Also after a failed commit: nothing is left open on the connection it goes back to.
        await control('rollback').catch(() => undefined)
        throw e
      }
    })

  const transaction = async <T>(work: () => Promise<T>): Promise<T> => {
    const outer = joined()
    if (outer !== undefined) return savepoint(outer, work)
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await once(work)
      } catch (e) {
        if (attempt >= attempts || !isRetryable(e)) throw e
        await sleep(backoff(attempt))
      }
    }
  }

  /**
   * Runs one statement: on the transaction's connection when one is open; a read alone on the
   * pool; a write alone in a transaction of its own, so that it bumps the revision (and the
   * commit hooks join it) in the same commit.
   */
  const execute = async <R>(query: Compilable<R>): Promise<QueryResult<R>> => {
    const compiled = query.compile()
    const open = joined()
    if (open !== undefined) {
      if (writes(compiled)) open.wrote = true
      return open.execute(compiled)
    }
    if (!writes(compiled)) return kysely.executeQuery(compiled)
    return transaction(async () => execute(query))
  }

  const all = async <R>(query: Compilable<R>): Promise<R[]> => [...(await execute(query)).rows]
  const send = async (query: Compilable<unknown>): Promise<void> => {
    const open = joined()
    if (open === undefined) {
      await execute(query)
      return
    }
    open.wrote = true
    const compiled = query.compile()
    await withoutWaiting(() => open.execute(compiled))
  }
  return {
    dialect: 'postgres',
    kysely,
    raw: null,
    all,
    first: async (query) => (await all(query))[0],
    run: async (query) => {
      const result = await execute(query)
      return Number(result.numAffectedRows ?? result.rows.length)
    },
    send,
    // The same write, wrapped so that PostgreSQL itself refuses a count other than `rows` (dialect.ts).
    sendChanging: (query, rows) => send({ compile: () => changingExactly(query.compile(), rows) }),
    transaction,
    beforeCommit: (hook) => {
      hooks.push(hook)
    },
    // Asked by every cached answer, several times per request: one read on the pool serves all who
    // asked while the previous one was on its way (coalesced.ts), none older than its caller.
    generation: coalesced(async () => {
      const revision = kysely
        .selectFrom('meta')
        .select((eb) => eb.fn.sum<string | number | null>('value').as('value'))
        .where('key', 'in', REVISION_KEYS)
      return String((await kysely.executeQuery(revision.compile())).rows[0]?.value ?? 0)
    }),
    bumpMentorPool: async () => {
      await execute(
        kysely
          .updateTable('meta')
          .set({ value: sql<number>`value + 1` })
          .where('key', '=', 'mentor_pool_revision'),
      )
    },
    waitingStatements: () => 0,
    close: () => kysely.destroy(),
  }
}
