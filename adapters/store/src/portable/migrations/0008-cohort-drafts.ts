import type { Kysely, Migration } from 'kysely'
import { portable } from '../dialect.js'

/**
 * Whole-cohort runs and their drafts: who ran a run (the administrator's e-mail) for which program year and how, its state, the
 * totals beside first-come-first-served, and one row per mentee of the run (the proposed mentor and
 * score, or why there is none). Portable column types only: the same list runs on PostgreSQL.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('cohort_runs')
      .addColumn('id', t.integer, t.generatedKey)
      .addColumn('cluster_id', t.integer, (c) => c.notNull().references('clusters.id'))
      .addColumn('objective', t.text, (c) => c.notNull())
      .addColumn('threshold', t.integer, (c) => c.notNull())
      .addColumn('state', t.text, (c) => c.notNull())
      .addColumn('started_by', t.text)
      .addColumn('started_at', t.integer, (c) => c.notNull())
      .addColumn('finished_at', t.integer)
      .addColumn('published_by', t.text)
      .addColumn('published_at', t.integer)
      .addColumn('solver_totals', t.text)
      .addColumn('first_come', t.text)
      .addColumn('failure', t.text)
      .execute()
    await db.schema.createIndex('cohort_runs_state').on('cohort_runs').column('state').execute()
    await db.schema
      .createTable('cohort_draft_rows')
      .addColumn('run_id', t.integer, (c) => c.notNull().references('cohort_runs.id').onDelete('cascade'))
      .addColumn('mentee_id', t.integer, (c) => c.notNull())
      .addColumn('mentee_version', t.integer, (c) => c.notNull())
      .addColumn('mentor_id', t.integer)
      .addColumn('mentor_version', t.integer)
      .addColumn('score', t.text)
      .addColumn('reason', t.text)
      .addColumn('candidates', t.integer, (c) => c.notNull().defaultTo(0))
      .addColumn('edited', t.integer, (c) => c.notNull().defaultTo(0))
      .addColumn('outcome', t.text, (c) => c.notNull())
      .addColumn('skip_reason', t.text)
      .addColumn('tandem_id', t.integer)
      .addPrimaryKeyConstraint('cohort_draft_rows_pk', ['run_id', 'mentee_id'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('cohort_draft_rows').execute()
    await db.schema.dropTable('cohort_runs').execute()
  },
}
