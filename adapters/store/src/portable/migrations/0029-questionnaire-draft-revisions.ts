import type { Kysely, Migration } from 'kysely'
import { portable } from '../dialect.js'

/**
 * A questionnaire draft's revision never restarts (docs/admin.md, "Questionnaire versions"): a publish
 * no longer deletes the draft row but leaves the published version's copy at the next revision,
 * marked as such, so that a save made before the publish finds its revision gone. A database whose
 * draft a publish removed starts again at revision 0 once, as before.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .alterTable('questionnaire_draft')
      .addColumn('is_published_copy', t.integer, (c) => c.notNull().defaultTo(0))
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('questionnaire_draft').dropColumn('is_published_copy').execute()
  },
}
