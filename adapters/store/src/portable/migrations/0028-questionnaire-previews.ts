import type { Kysely, Migration } from 'kysely'
import { portable } from '../dialect.js'

/**
 * The questionnaire impact previews (docs/admin.md, "Impact preview"), so that every instance answers
 * one's progress and result and can cancel it: the draft's revision, the state, the share done, the
 * figures once done (aggregates only), why it failed, who started it and when, the instance
 * computing it and its latest write (a preview whose instance went quiet is failed, as a cohort run).
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('questionnaire_previews')
      .addColumn('id', t.integer, t.generatedKey)
      .addColumn('revision', t.integer, (c) => c.notNull())
      .addColumn('state', t.text, (c) => c.notNull())
      .addColumn('fraction', t.real, (c) => c.notNull().defaultTo(0))
      .addColumn('result', t.text)
      .addColumn('message', t.text)
      .addColumn('started_at', t.integer, (c) => c.notNull())
      .addColumn('started_by', t.integer, (c) => c.notNull())
      .addColumn('holder', t.text, (c) => c.notNull())
      .addColumn('heartbeat_at', t.integer, (c) => c.notNull())
      .addColumn('finished_at', t.integer)
      .execute()
    await db.schema.createIndex('questionnaire_previews_state').on('questionnaire_previews').column('state').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('questionnaire_previews').execute()
  },
}
