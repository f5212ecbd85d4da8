import { type Kysely, type Migration } from 'kysely'
import { portable } from '../dialect.js'

/**
 * Meetings of matched teams and their logged sessions (docs/mentorship.md#meetings): a meeting's
 * state, sequence (the calendar file's SEQUENCE), slots as JSON, its reminder's time (the core's
 * `meetingReminderAt`, null when none is due) and when it went out; sessions, which outlive an
 * erased side's notes; per person the time zone and the calendar feed's token hash.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('meetings')
      .addColumn('id', t.integer, t.generatedKey)
      .addColumn('tandem_id', t.integer, (c) => c.notNull())
      .addColumn('state', t.text, (c) => c.notNull())
      .addColumn('sequence', t.integer, (c) => c.notNull())
      .addColumn('proposed_by', t.text, (c) => c.notNull())
      .addColumn('slots', t.text, (c) => c.notNull())
      .addColumn('mode', t.text, (c) => c.notNull())
      .addColumn('link', t.text)
      .addColumn('place', t.text)
      .addColumn('agenda', t.text, (c) => c.notNull())
      .addColumn('note', t.text)
      .addColumn('time_zone', t.text, (c) => c.notNull())
      .addColumn('created_at', t.integer, (c) => c.notNull())
      .addColumn('updated_at', t.integer, (c) => c.notNull())
      .addColumn('answered_by', t.text)
      .addColumn('starts_at', t.integer)
      .addColumn('reminder_at', t.integer)
      .addColumn('reminded_at', t.integer)
      .execute()
    await db.schema.createIndex('meetings_tandem').on('meetings').columns(['tandem_id', 'created_at']).execute()
    await db.schema.createIndex('meetings_reminder').on('meetings').columns(['reminded_at', 'reminder_at']).execute()
    await db.schema
      .createTable('meeting_sessions')
      .addColumn('id', t.integer, t.generatedKey)
      .addColumn('tandem_id', t.integer, (c) => c.notNull())
      .addColumn('meeting_id', t.integer)
      .addColumn('started_at', t.integer, (c) => c.notNull())
      .addColumn('minutes', t.integer, (c) => c.notNull())
      .addColumn('logged_by', t.text, (c) => c.notNull())
      .addColumn('logged_by_user', t.integer)
      .addColumn('note', t.text)
      .addColumn('logged_at', t.integer, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('meeting_sessions_tandem').on('meeting_sessions').columns(['tandem_id', 'started_at']).execute()
    // One session per meeting, however many "yes" answers race.
    await db.schema.createIndex('meeting_sessions_meeting').on('meeting_sessions').column('meeting_id').unique().execute()
    await db.schema
      .createTable('meeting_people')
      .addColumn('user_id', t.integer, (c) => c.primaryKey())
      .addColumn('time_zone', t.text)
      .addColumn('feed_token_hash', t.text)
      .addColumn('feed_created_at', t.integer)
      .execute()
    await db.schema.createIndex('meeting_people_feed').on('meeting_people').column('feed_token_hash').unique().execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('meeting_people').execute()
    await db.schema.dropTable('meeting_sessions').execute()
    await db.schema.dropTable('meetings').execute()
  },
}
