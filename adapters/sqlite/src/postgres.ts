// Kysely over a PostgreSQL connection pool (`pg`), typed like the SQLite store. Whole numbers are
// bigint columns there (dialect.ts); `pg` hands those out as strings, so they are read as numbers —
// every value the schema holds (ids, counters, epoch milliseconds) is far below 2^53.
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import type { Schema } from './schema.js'

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
  /** Told when the server ends an idle connection (a restart, a fail-over, an administrator). */
  readonly onConnectionLost?: (error: Error) => void
}

/** Opens a pool on `url` (postgres://…); nothing connects before the first query. Close with `destroy()`. */
export const openPostgresKysely = (url: string, options: PostgresOptions = {}): Kysely<Schema> => {
  const pool = new pg.Pool({ connectionString: url, types, max: options.maxConnections ?? 10 })
  // An idle connection the server ends is reported by the pool as an 'error' event; unheard, that
  // event would end the process. The pool has already dropped the connection and opens a new one
  // for the next query, so a lost idle connection is news, not a failure.
  pool.on('error', (error) => options.onConnectionLost?.(error))
  return new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) })
}
