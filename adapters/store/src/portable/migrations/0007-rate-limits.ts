import type { Kysely, Migration } from 'kysely'
import { portable } from '../dialect.js'

/**
 * The counters of the sign-in limits (rate-limiter-flexible's SQLite layout: key, points, expiry in
 * epoch ms), in the database so every process on it counts together.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', t.text, (c) => c.primaryKey())
      .addColumn('points', t.integer, (c) => c.notNull().defaultTo(0))
      .addColumn('expire', t.integer)
      .execute()
    await db.schema.createIndex('rate_limits_expire').on('rate_limits').column('expire').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_limits').execute()
  },
}
