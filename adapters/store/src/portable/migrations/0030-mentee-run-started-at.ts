import { type Kysely, type Migration, sql } from 'kysely'
import { portable } from '../dialect.js'

/**
 * A run under way keeps its start apart (`mentee_run_started_at`, docs/matching.md#waitlist): the
 * mentee's "no match" and last start stay what they were until the run ends with proposals or with
 * none, so an interrupted or refused run leaves a waiting mentee waiting since when they did. A run
 * PENDING when this migrates started at its `mentee_last_started_at`.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('mentee_run_started_at', portable(db).integer).execute()
    await sql`update users set mentee_run_started_at = mentee_last_started_at where mentee_status = 'PENDING'`.execute(db)
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('mentee_run_started_at').execute()
  },
}
