import type { Kysely, Migration } from 'kysely'
import { portable } from '../dialect.js'

/**
 * Several instances share a cohort run (decision 0021): the instance computing it writes its phase,
 * fraction and a heartbeat to the run's row, any instance answers the progress from there, and a
 * run whose heartbeat stopped is failed after a timeout. `owner` names the instance (host and data
 * folder) so that its own restart fails its runs at once.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema.alterTable('cohort_runs').addColumn('phase', t.text).execute()
    await db.schema
      .alterTable('cohort_runs')
      .addColumn('fraction', t.real, (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.alterTable('cohort_runs').addColumn('heartbeat_at', t.integer).execute()
    await db.schema.alterTable('cohort_runs').addColumn('owner', t.text).execute()
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['owner', 'heartbeat_at', 'fraction', 'phase'])
      await db.schema.alterTable('cohort_runs').dropColumn(column).execute()
  },
}
