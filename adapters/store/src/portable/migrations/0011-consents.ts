import type { Kysely, Migration } from 'kysely'
import { portable } from '../dialect.js'

/** The version and time of each accepted document per person (docs/privacy.md, Consents). */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('consents')
      .addColumn('user_id', t.integer, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('document', t.text, (c) => c.notNull())
      .addColumn('version', t.text, (c) => c.notNull())
      .addColumn('accepted_at', t.integer, (c) => c.notNull())
      .addPrimaryKeyConstraint('consents_pk', ['user_id', 'document'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('consents').execute()
  },
}
