import type { Kysely, Migration } from 'kysely'
import { portable } from '../dialect.js'

/**
 * Which side of a check-in timeline left (docs/mentorship.md#check-ins): a person who deleted their
 * account is asked nothing more, while the partner's closing survey is still reminded of after 5
 * days. Before, an erasure closed the whole timeline and the partner's reminder never came.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .alterTable('mentorship_timelines')
      .addColumn('mentee_left', t.integer, (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema
      .alterTable('mentorship_timelines')
      .addColumn('mentor_left', t.integer, (c) => c.notNull().defaultTo(0))
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('mentorship_timelines').dropColumn('mentor_left').execute()
    await db.schema.alterTable('mentorship_timelines').dropColumn('mentee_left').execute()
  },
}
