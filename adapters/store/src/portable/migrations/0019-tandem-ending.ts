import type { Kysely, Migration } from 'kysely'
import { portable } from '../dialect.js'

/**
 * How a MATCHED team was ended (docs/mentorship.md#ending-a-team): when, by whom (Mentee, Mentor,
 * Admin), the reason, the text of "other", "do not pair us again" and whether the mentor was paused.
 * Null for every tandem that was not ended this way.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema.alterTable('tandems').addColumn('ended_at', t.integer).execute()
    await db.schema.alterTable('tandems').addColumn('ended_by', t.text).execute()
    await db.schema.alterTable('tandems').addColumn('end_reason', t.text).execute()
    await db.schema.alterTable('tandems').addColumn('end_other_text', t.text).execute()
    await db.schema.alterTable('tandems').addColumn('end_do_not_pair_again', t.integer).execute()
    await db.schema.alterTable('tandems').addColumn('end_mentor_paused', t.integer).execute()
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['end_mentor_paused', 'end_do_not_pair_again', 'end_other_text', 'end_reason', 'ended_by', 'ended_at'])
      await db.schema.alterTable('tandems').dropColumn(column).execute()
  },
}
