import type { Kysely, Migration } from 'kysely'
import { portable } from '../dialect.js'

/** One row per periodic task (deadline sweep, reminder sweep): which process may run it until when. */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('scheduler_leases')
      .addColumn('name', t.text, (c) => c.primaryKey())
      .addColumn('holder', t.text, (c) => c.notNull())
      .addColumn('until', t.integer, (c) => c.notNull())
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('scheduler_leases').execute()
  },
}
