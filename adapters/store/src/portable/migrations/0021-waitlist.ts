import type { Kysely, Migration } from 'kysely'
import { portable } from '../dialect.js'

/**
 * The waitlist (docs/matching.md#waitlist): a mentee's choice to turn it off (on by default), and
 * the durable trigger a command that opened a place writes in its own transaction, so that a
 * restart between the command and the waitlist's runs loses nothing. How long a mentee waits is the
 * start of the run that found nobody (`mentee_last_started_at` while `mentee_no_match`).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .alterTable('users')
      .addColumn('mentee_waitlist_off', t.integer, (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema
      .createTable('places_changed')
      .addColumn('id', t.integer, t.generatedKey)
      .addColumn('created_at', t.integer, (c) => c.notNull())
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('places_changed').execute()
    await db.schema.alterTable('users').dropColumn('mentee_waitlist_off').execute()
  },
}
