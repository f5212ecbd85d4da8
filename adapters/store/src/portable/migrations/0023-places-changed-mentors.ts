import type { Kysely, Migration } from 'kysely'
import { portable } from '../dialect.js'

/**
 * The waitlist's triggers name the mentor whose place opened (docs/matching.md#waitlist): the round
 * then ranks the waiting mentees against those mentors only, instead of every mentee against the
 * whole pool. A row without a mentor (written before this migration) asks for the full round.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('places_changed').addColumn('mentor_id', portable(db).integer).execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('places_changed').dropColumn('mentor_id').execute()
  },
}
