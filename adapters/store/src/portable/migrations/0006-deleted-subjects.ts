import type { Kysely, Migration } from 'kysely'
import { portable } from '../dialect.js'

/**
 * Deleted accounts, without personal data: a keyed hash of issuer + subject and the deletion time,
 * so tokens issued before it are refused. The key lives in `secrets` (created on first use), so
 * every process on the database hashes alike and a backup carries it.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('secrets')
      .addColumn('name', t.text, (c) => c.primaryKey())
      .addColumn('value', t.text, (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('deleted_subjects')
      .addColumn('subject_hash', t.text, (c) => c.primaryKey())
      .addColumn('deleted_at', t.integer, (c) => c.notNull())
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('deleted_subjects').execute()
    await db.schema.dropTable('secrets').execute()
  },
}
