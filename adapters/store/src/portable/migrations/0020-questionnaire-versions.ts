import type { Kysely, Migration } from 'kysely'
import { portable } from '../dialect.js'

/**
 * The questionnaire's published versions (never changed once written; the body is the version's
 * QuestionnaireDraft as JSON) and the one draft being edited, with its revision (a save names the
 * revision it edited). Version 1 is the seed's questionnaire, written by the server at start when
 * no version exists (`QuestionnaireVersionsRepository.seed`), on today's databases as on new ones.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('questionnaire_versions')
      .addColumn('version', t.integer, (c) => c.primaryKey())
      .addColumn('published_by', t.integer, (c) => c.notNull())
      .addColumn('published_at', t.integer, (c) => c.notNull())
      .addColumn('body', t.text, (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('questionnaire_draft')
      .addColumn('id', t.integer, (c) => c.primaryKey())
      .addColumn('based_on', t.integer, (c) => c.notNull())
      .addColumn('revision', t.integer, (c) => c.notNull())
      .addColumn('saved_by', t.integer, (c) => c.notNull())
      .addColumn('saved_at', t.integer, (c) => c.notNull())
      .addColumn('body', t.text, (c) => c.notNull())
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('questionnaire_draft').execute()
    await db.schema.dropTable('questionnaire_versions').execute()
  },
}
