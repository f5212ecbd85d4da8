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

export type PostgresOptions = { readonly maxConnections?: number }

/** Opens a pool on `url` (postgres://…); nothing connects before the first query. Close with `destroy()`. */
export const openPostgresKysely = (url: string, options: PostgresOptions = {}): Kysely<Schema> =>
  new Kysely<Schema>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, types, max: options.maxConnections ?? 10 }) }),
  })
