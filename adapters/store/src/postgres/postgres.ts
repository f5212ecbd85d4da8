// Kysely over a PostgreSQL connection pool (`pg`), typed like the SQLite store. Whole numbers are
// bigint columns there (dialect.ts); `pg` hands those out as strings, so they are read as numbers —
// every value the schema holds (ids, counters, epoch milliseconds) is far below 2^53.
import { AsyncLocalStorage } from 'node:async_hooks'
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely'
import pg from 'pg'
import type { Schema } from '../portable/schema.js'

const parseInt8 = (text: string): number => {
  const value = Number(text)
  if (!Number.isSafeInteger(value)) throw new RangeError(`bigint ${text} does not fit a JavaScript number`)
  return value
}

/** PostgreSQL's type id of bigint (int8), which `count(*)` also answers in. */
const INT8 = 20

/** The pool's type parsers: `pg`'s own, except bigint (and count(*)) as a number. */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format: 'text' | 'binary' = 'text') =>
    oid === INT8 && format === 'text'
      ? parseInt8
      : (pg.types.getTypeParser(oid, format) as (value: string) => unknown)) as pg.CustomTypesConfig['getTypeParser'],
}

export type PostgresOptions = {
  readonly maxConnections?: number
  /**
   * Statements run as prepared statements of their connection (true by default;
   * DATABASE_PREPARED_STATEMENTS=0 for a connection pooler in transaction mode that keeps none).
   */
  readonly preparedStatements?: boolean
  /** Told when the server ends an idle connection (a restart, a fail-over, an administrator). */
  readonly onConnectionLost?: (error: Error) => void
  /** How long an unused connection is kept open, in milliseconds (IDLE_CONNECTION_MS unless given). */
  readonly idleConnectionMs?: number
}

/**
 * How long the pool keeps a connection nobody uses: a minute, not `pg`'s 10 seconds. A connection
 * closed and opened again costs a new PostgreSQL backend (a process, authentication, its catalog
 * caches filled anew) and every prepared statement parsed and planned again: an instance that
 * paused for a few seconds between bursts of requests paid that on every connection of its next
 * burst (measured with the instances bench: its first answer after a pause of 10 seconds came after
 * 440–580 ms instead of about 170, and PostgreSQL spent a third to a half more CPU per start in that
 * burst; decision 0022).
 */
export const IDLE_CONNECTION_MS = 60_000

/** Opens a pool on `url` (postgres://…); nothing connects before the first query. Close with `destroy()`. */
export const openPostgresKysely = (url: string, options: PostgresOptions = {}): Kysely<Schema> => {
  const pool = new pg.Pool({
    connectionString: url,
    types,
    max: options.maxConnections ?? 10,
    idleTimeoutMillis: options.idleConnectionMs ?? IDLE_CONNECTION_MS,
    pipeline: true,
  })
  // An idle connection the server ends is reported by the pool as an 'error' event; unheard, that
  // event would end the process. The pool has already dropped the connection and opens a new one
  // for the next query, so a lost idle connection is news, not a failure.
  pool.on('error', (error) => options.onConnectionLost?.(error))
  return new Kysely<Schema>({ dialect: new PostgresDialect({ pool: pooled(pool, options.preparedStatements !== false) }) })
}

/**
 * How many prepared statements a connection keeps at most, and the most parameters a prepared one
 * has; other statements run unnamed, parsed each time. A list of ids of another length is another
 * text: the long ones (a cohort, an export) are seldom sent twice, and each kept statement holds
 * memory in its PostgreSQL backend until the connection ends.
 */
export const PREPARED_PER_CONNECTION = 250
export const PREPARED_PARAMETERS_AT_MOST = 200

/** Whether PostgreSQL refused a prepared statement whose result columns a migration changed since it was prepared. */
export const isStalePlan = (e: unknown): boolean =>
  e instanceof Error && 'code' in e && e.code === '0A000' && /cached plan must not change result type/.test(e.message)

/** 'I' idle, 'T' in a transaction, 'E' in a failed one (pg's own record of PostgreSQL's last answer). */
const transactionStatus = (client: pg.PoolClient): string | null | undefined =>
  (client as { getTransactionStatus?: () => string | null }).getTransactionStatus?.()

/** What a pooled connection has prepared: each statement's name by its text, and the pool's epoch it was prepared in. */
type Prepared = { readonly names: Map<string, string>; epoch: number; counter: number }

/** Statements that may be prepared: with parameters, or a lone select (never transaction control or several statements). */
const preparable = (text: string, values: readonly unknown[]): boolean =>
  !text.includes(';') && values.length <= PREPARED_PARAMETERS_AT_MOST && (values.length > 0 || /^\s*(select|with)\b/i.test(text))

/**
 * Set while a statement is sent by `withoutWaiting`: inside a transaction it is not waited for, and
 * its answer is checked with the next statement's on the same connection.
 */
const deferring = new AsyncLocalStorage<true>()

/**
 * Runs `send` so that the statement it sends on a connection inside a transaction goes out without
 * waiting for its answer (pipelined): Kysely is told at once that it succeeded, and should it fail,
 * the next statement of the transaction (at the latest its commit) fails with its error instead —
 * so the transaction is rolled back as when the statement itself had failed, with the same error.
 * For writes whose answer the caller does not read (a row appended); a lone statement outside a
 * transaction is waited for as always.
 */
export const withoutWaiting = <T>(send: () => Promise<T>): Promise<T> => deferring.run(true, send)

/** A transaction's opening statement as the store and Kysely send it: sent on, answered at once. */
const isBegin = (text: string): boolean => /^\s*begin\s*$/i.test(text)

/** What Kysely is told of a statement sent without waiting (its count unknown yet: none is read). */
const sentResult = (text: string): pg.QueryResult => ({
  command: isBegin(text) ? 'BEGIN' : 'INSERT',
  rowCount: 0,
  oid: 0,
  rows: [],
  fields: [],
})

/** A connection's socket as `pg` holds it (`client.connection.stream`, which its own queries cork). */
type Corkable = { readonly cork: () => void; readonly uncork: () => void }

/**
 * Holds back what is written to a connection's socket until the current turn of the event loop
 * ends, once per turn: the statements sent in one turn (a transaction's `begin` and its first
 * statement, reads awaited together, appended rows and the commit) leave in one write, and
 * PostgreSQL reads them in one go — one system call and one wake-up of its backend instead of one
 * per statement.
 */
const gathering = (client: pg.PoolClient): (() => void) => {
  const socket = (client as unknown as { connection?: { stream?: Partial<Corkable> } }).connection?.stream
  if (typeof socket?.cork !== 'function' || typeof socket.uncork !== 'function') return () => undefined
  const corkable = socket as Corkable
  let held = false
  return () => {
    if (held) return
    held = true
    corkable.cork()
    process.nextTick(() => {
      held = false
      corkable.uncork()
    })
  }
}

/**
 * The pool as Kysely uses it, with two savings per round trip:
 *
 * - **Pipelining** (`pg`'s pipeline mode): a transaction's `begin`, and the statements run
 *   `withoutWaiting`, are sent without waiting for their answers; the next statement goes out right
 *   behind them and its answer arrives with theirs, so a transaction waits once where it waited two
 *   or three times (decision 0022). Their outcome is checked in order before the next statement's
 *   answer is handed on; the first failure fails that statement with its own error. A connection
 *   given back with a statement still unchecked (no statement followed it) is closed, not reused.
 * - **Prepared statements** (`prepare`): every statement Kysely sends runs as a prepared statement of
 *   its connection, parsed and planned once per connection instead of at every execution (about a
 *   third of PostgreSQL's CPU per start matching). Each connection names its statements by a
 *   counter and remembers them by their text, at most PREPARED_PER_CONNECTION. A newer instance's
 *   migration can change a table's columns under a running instance; PostgreSQL then refuses the
 *   prepared statements whose result columns changed. The refusal starts a new epoch of the pool:
 *   every connection drops its prepared statements (`deallocate all`) before its next use, and a
 *   statement refused alone (outside a transaction) runs again at once. Refused inside a
 *   transaction, the transaction has failed; the store runs it again (`isRetryable`).
 */
const pooled = (pool: pg.Pool, prepare: boolean): PostgresPool => {
  const prepared = new WeakMap<pg.PoolClient, Prepared>()
  let epoch = 0
  const forget = async (client: pg.PoolClient, state: Prepared) => {
    await client.query('deallocate all')
    state.names.clear()
    state.epoch = epoch
  }
  const run = async (client: pg.PoolClient, state: Prepared, text: string, values: unknown[]): Promise<pg.QueryResult> => {
    if (!prepare || !preparable(text, values)) return client.query(text, values)
    let name = state.names.get(text)
    if (name === undefined && state.names.size < PREPARED_PER_CONNECTION) state.names.set(text, (name = `t${++state.counter}`))
    return name === undefined ? client.query(text, values) : client.query({ name, text, values })
  }
  return {
    connect: async () => {
      const client = await pool.connect()
      const state = prepared.get(client) ?? { names: new Map<string, string>(), epoch, counter: 0 }
      prepared.set(client, state)
      try {
        if (prepare && state.epoch !== epoch) await forget(client, state)
      } catch (e) {
        client.release(e instanceof Error ? e : true)
        throw e
      }
      const gather = gathering(client)
      /** Whether this use of the connection began a transaction: only then may a statement go unwaited for. */
      let began = false
      /** Statements sent without waiting and not yet checked, in the order they were sent. */
      let unchecked: Promise<unknown>[] = []
      /** A statement's answer; a stale plan starts a new epoch, and a lone statement refused so runs again at once. */
      const answerOf = async (text: string, values: unknown[]): Promise<pg.QueryResult> => {
        const alone = !began
        try {
          return await run(client, state, text, values)
        } catch (e) {
          if (!isStalePlan(e)) throw e
          epoch += 1
          if (!alone || transactionStatus(client) !== 'I') throw e
          await forget(client, state)
          return run(client, state, text, values)
        }
      }
      const query = async (text: string, parameters: readonly unknown[]) => {
        gather()
        const values = [...parameters]
        if (isBegin(text) || (began && deferring.getStore() === true)) {
          began = true
          const sent = answerOf(text, values)
          // Checked by the next statement; never an unhandled rejection meanwhile.
          sent.catch(() => undefined)
          unchecked.push(sent)
          return sentResult(text)
        }
        if (unchecked.length === 0) return answerOf(text, values)
        const earlier = unchecked
        unchecked = []
        const answer = answerOf(text, values)
        answer.catch(() => undefined)
        for (const each of earlier)
          try {
            await each
          } catch (e) {
            await answer.catch(() => undefined)
            throw e
          }
        return answer
      }
      return {
        query: query as unknown as PostgresPoolClient['query'],
        // Given back with a statement unchecked, the connection's state is unknown: closed, not reused.
        release: () => client.release(unchecked.length > 0 ? true : undefined),
      }
    },
    end: () => pool.end(),
  }
}
