import { type Kysely, type Migration, sql } from 'kysely'
import { portable } from '../dialect.js'

/** Counters the application bumps; `mentor_pool_revision` moves whenever a packed pool goes stale. */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('meta')
      .addColumn('key', t.text, (c) => c.primaryKey())
      .addColumn('value', t.integer, (c) => c.notNull())
      .execute()
    await sql`insert into meta (key, value) values ('mentor_pool_revision', 0)`.execute(db)
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('meta').execute()
  },
}
