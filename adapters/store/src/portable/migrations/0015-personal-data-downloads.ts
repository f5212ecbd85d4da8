import type { Kysely, Migration } from 'kysely'
import { portable } from '../dialect.js'

/**
 * A person's prepared download (decision 0021): its state and, once ready, the archive, so that
 * any instance answers the poll and hands it out; deleted when fetched, replaced or an hour old.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('personal_data_downloads')
      .addColumn('user_id', t.integer, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('job', t.text, (c) => c.notNull())
      .addColumn('started_at', t.integer, (c) => c.notNull())
      .addColumn('state', t.text, (c) => c.notNull())
      .addColumn('progress', t.integer, (c) => c.notNull().defaultTo(0))
      .addColumn('archive', t.blob)
      .execute()
    await db.schema.createIndex('personal_data_downloads_started').on('personal_data_downloads').column('started_at').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('personal_data_downloads').execute()
  },
}
