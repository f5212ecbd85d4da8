import type { Kysely, Migration } from 'kysely'

/** The matching run checks whether its packed mentor pool is current with one covering-index scan. */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('users_mentor_pool')
      .on('users')
      .columns(['mentor_published', 'mentor_status', 'mentor_last_published_at', 'mentor_last_saved_at', 'mentor_pool_since'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('users_mentor_pool').execute()
  },
}
