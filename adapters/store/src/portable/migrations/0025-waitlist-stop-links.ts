import type { Kysely, Migration } from 'kysely'
import { portable } from '../dialect.js'

/**
 * The waitlist mail's one-time "stop" links (docs/matching.md#waitlist, decision 0031): the mentee
 * the mail went to, when the link runs out and when it was used; of the token only a SHA-256 hash
 * is kept, as for the check-in links, so a copy of the database turns nobody's waitlist off.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('waitlist_stop_links')
      .addColumn('token_hash', t.text, (c) => c.primaryKey())
      .addColumn('user_id', t.integer, (c) => c.notNull())
      .addColumn('expires_at', t.integer, (c) => c.notNull())
      .addColumn('used_at', t.integer)
      .execute()
    await db.schema.createIndex('waitlist_stop_links_user').on('waitlist_stop_links').column('user_id').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('waitlist_stop_links').execute()
  },
}
