import type { Kysely, Migration } from 'kysely'
import { portable } from '../dialect.js'

/**
 * Accountability and retention. `audit_records`: each administrator read of personal data and each
 * administrator change, by whom, when and what (an action name and the object's id), with the
 * people it was about in `audit_subjects`: ids only, never copies of data. For retention: on users,
 * the last sign-in (the retention clock restarts there) and when the retention notice went out; on
 * clusters, when the program year ended.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('audit_records')
      .addColumn('id', t.integer, t.generatedKey)
      .addColumn('at', t.integer, (c) => c.notNull())
      .addColumn('admin_id', t.integer, (c) => c.notNull())
      .addColumn('action', t.text, (c) => c.notNull())
      .addColumn('object_id', t.integer)
      .addColumn('subject_count', t.integer, (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.createIndex('audit_records_at').on('audit_records').column('at').execute()
    await db.schema.createIndex('audit_records_admin').on('audit_records').columns(['admin_id', 'at']).execute()
    await db.schema
      .createTable('audit_subjects')
      .addColumn('record_id', t.integer, (c) => c.notNull().references('audit_records.id').onDelete('cascade'))
      .addColumn('subject_id', t.integer, (c) => c.notNull())
      .addPrimaryKeyConstraint('audit_subjects_pk', ['record_id', 'subject_id'])
      .execute()
    await db.schema.createIndex('audit_subjects_subject').on('audit_subjects').columns(['subject_id', 'record_id']).execute()
    await db.schema.alterTable('users').addColumn('last_signed_in_at', t.integer).execute()
    await db.schema.alterTable('users').addColumn('retention_notice_at', t.integer).execute()
    await db.schema.alterTable('clusters').addColumn('ended_at', t.integer).execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('clusters').dropColumn('ended_at').execute()
    await db.schema.alterTable('users').dropColumn('retention_notice_at').execute()
    await db.schema.alterTable('users').dropColumn('last_signed_in_at').execute()
    await db.schema.dropTable('audit_subjects').execute()
    await db.schema.dropTable('audit_records').execute()
  },
}
