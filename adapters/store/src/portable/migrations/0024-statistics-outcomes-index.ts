import type { Kysely, Migration } from 'kysely'

/**
 * The statistics' outcomes (docs/admin.md#outcomes) read each matched team's program year and ending:
 * this covering index holds them by tandem id, so a scan of the teams of one program year reads it
 * instead of the tandem rows (decision 0017). It does not lead with the program year, which would lure
 * the other tandem figures' program-year filter away from their grouping indexes into a sort.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('tandems_statistics_outcomes')
      .on('tandems')
      .columns(['id', 'cluster_id', 'end_reason', 'ended_at'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('tandems_statistics_outcomes').execute()
  },
}
