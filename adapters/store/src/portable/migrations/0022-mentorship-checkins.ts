import type { Kysely, Migration } from 'kysely'
import { portable } from '../dialect.js'

/**
 * A matched team's check-in timeline (docs/mentorship.md#check-ins): the timeline's start and end
 * (who ended it: Mentee, Mentor, Admin, ProgramYear), one row per question sent to one side
 * (tandem, side, occasion unique; the answer as the core's JSON), and the one-time links of the
 * mails, of which only a SHA-256 hash of the token is kept.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('mentorship_timelines')
      .addColumn('tandem_id', t.integer, (c) => c.primaryKey())
      .addColumn('matched_at', t.integer, (c) => c.notNull())
      .addColumn('ended_at', t.integer)
      .addColumn('ended_by', t.text)
      .addColumn('closed', t.integer, (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.createIndex('mentorship_timelines_open').on('mentorship_timelines').columns(['closed', 'ended_at']).execute()
    await db.schema
      .createTable('mentorship_checkins')
      .addColumn('tandem_id', t.integer, (c) => c.notNull())
      .addColumn('side', t.text, (c) => c.notNull())
      .addColumn('occasion', t.text, (c) => c.notNull())
      .addColumn('asked_at', t.integer, (c) => c.notNull())
      .addColumn('reminded_at', t.integer)
      .addColumn('answered_at', t.integer)
      .addColumn('answer', t.text)
      .addColumn('superseded_at', t.integer)
      .addPrimaryKeyConstraint('mentorship_checkins_pk', ['tandem_id', 'side', 'occasion'])
      .execute()
    await db.schema
      .createTable('mentorship_checkin_links')
      .addColumn('token_hash', t.text, (c) => c.primaryKey())
      .addColumn('tandem_id', t.integer, (c) => c.notNull())
      .addColumn('side', t.text, (c) => c.notNull())
      .addColumn('occasion', t.text, (c) => c.notNull())
      .addColumn('user_id', t.integer, (c) => c.notNull())
      .addColumn('expires_at', t.integer, (c) => c.notNull())
      .addColumn('used_at', t.integer)
      .execute()
    await db.schema.createIndex('mentorship_checkin_links_user').on('mentorship_checkin_links').column('user_id').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('mentorship_checkin_links').execute()
    await db.schema.dropTable('mentorship_checkins').execute()
    await db.schema.dropTable('mentorship_timelines').execute()
  },
}
