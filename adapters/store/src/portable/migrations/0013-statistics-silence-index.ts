import type { Kysely, Migration } from 'kysely'

/**
 * The statistics' count of mentors paused for silence (docs/admin.md) reads its tandems in mentor
 * order, so the database counts the different mentors as it goes instead of sorting them in a
 * temporary tree: the index of 0010 had the mentor last.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('tandems_statistics_silence').execute()
    await db.schema
      .createIndex('tandems_statistics_silence')
      .on('tandems')
      .columns(['state', 'mentor_id', 'mentee_decided_at', 'created_at', 'cluster_id'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('tandems_statistics_silence').execute()
    await db.schema
      .createIndex('tandems_statistics_silence')
      .on('tandems')
      .columns(['state', 'mentee_decided_at', 'created_at', 'cluster_id', 'mentor_id'])
      .execute()
  },
}
