// How a module runs the queries it builds, so one module serves both stores: synchronously on the
// SQLite file (database.ts, answered as a settled promise) or through Kysely's own executor (a
// PostgreSQL pool, or SQLite in tests).
import type { Compilable, Kysely } from 'kysely'
import type { Database } from './database.js'
import type { Schema } from './schema.js'

export type QueryRunner = {
  readonly kysely: Kysely<Schema>
  /** Runs a built query and answers its first row. */
  readonly first: <R>(query: Compilable<R>) => Promise<R | undefined>
  /** Runs a built write and answers the number of changed rows. */
  readonly run: (query: Compilable<unknown>) => Promise<number>
}

export const databaseRunner = (db: Database): QueryRunner => ({
  kysely: db.kysely,
  first: (query) => db.first(query),
  run: (query) => db.run(query),
})

export const kyselyRunner = (kysely: Kysely<Schema>): QueryRunner => ({
  kysely,
  first: async <R>(query: Compilable<R>) => (await kysely.executeQuery(query)).rows[0],
  run: async (query) => Number((await kysely.executeQuery(query)).numAffectedRows ?? 0n),
})
