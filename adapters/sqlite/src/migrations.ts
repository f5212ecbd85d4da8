// Versioned schema migrations, kept in code and applied at start by Kysely's Migrator. A new
// migration gets the next number; applied ones are never edited.
import { EMBEDDED_PROVIDER_ISSUER } from '@tandem/core'
import { Migrator, sql, type CreateTableBuilder, type Kysely, type Migration, type MigrationProvider } from 'kysely'

const proposalColumns =
  (prefix: 'mentee' | 'mentor') =>
  (table: CreateTableBuilder<string, string>): CreateTableBuilder<string, string> =>
    table
      .addColumn(`${prefix}_proposal_id`, 'integer', (c) => c.notNull())
      .addColumn(`${prefix}_state`, 'text', (c) => c.notNull())
      .addColumn(`${prefix}_deadline`, 'integer')
      .addColumn(`${prefix}_decided_at`, 'integer')
      .addColumn(`${prefix}_decline_reason_id`, 'integer')
      .addColumn(`${prefix}_comment`, 'text')
      .addColumn(`${prefix}_info_text`, 'text')

const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('clusters')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('title', 'text', (c) => c.notNull().unique())
      .addColumn('is_ended', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema
      .createTable('users')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('issuer', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) =>
        c
          .notNull()
          .modifyEnd(sql`collate nocase`)
          .unique(),
      )
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('gender', 'text', (c) => c.notNull().defaultTo('NA'))
      .addColumn('birth_date', 'text')
      .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
      .addColumn('roles', 'text', (c) => c.notNull())
      .addColumn('country_code_id', 'integer')
      .addColumn('state_original_id', 'integer')
      .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('professional_position', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('registered_at', 'integer', (c) => c.notNull())
      .addColumn('accepted_privacy', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('accepted_terms', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('mentee_status', 'text')
      .addColumn('mentee_no_match', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('mentee_cluster_id', 'integer', (c) => c.references('clusters.id'))
      .addColumn('mentee_last_started_at', 'integer')
      .addColumn('mentor_status', 'text')
      .addColumn('mentor_published', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('mentor_last_published_at', 'integer')
      .addColumn('mentor_last_saved_at', 'integer')
      .addColumn('mentor_pool_since', 'integer')
      .addUniqueConstraint('users_issuer_subject', ['issuer', 'subject'])
      .execute()
    await db.schema.createIndex('users_mentor_status').on('users').columns(['mentor_status', 'mentor_published']).execute()
    await db.schema.createIndex('users_mentee_status').on('users').column('mentee_status').execute()
    await db.schema
      .createTable('profile_images')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('bytes', 'blob', (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('profile_answers')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('question_id', 'integer', (c) => c.notNull())
      .addColumn('answer', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('profile_answers_pk', ['user_id', 'question_id'])
      .execute()
    await db.schema
      .createTable('answers')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('side', 'text', (c) => c.notNull())
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('saved_at', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('answers_pk', ['user_id', 'side'])
      .execute()
    let tandems: CreateTableBuilder<string, string> = db.schema
      .createTable('tandems')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('mentee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('mentor_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('cluster_id', 'integer', (c) => c.references('clusters.id'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('manual', 'integer', (c) => c.notNull())
      .addColumn('score_base', 'real', (c) => c.notNull())
      .addColumn('score_max', 'real', (c) => c.notNull())
      .addColumn('score_percentage', 'real', (c) => c.notNull())
      .addColumn('score_breakdown', 'text', (c) => c.notNull())
    tandems = proposalColumns('mentor')(proposalColumns('mentee')(tandems))
    await tandems.execute()
    await db.schema.createIndex('tandems_mentee').on('tandems').column('mentee_id').execute()
    await db.schema.createIndex('tandems_mentor').on('tandems').column('mentor_id').execute()
    await db.schema.createIndex('tandems_state').on('tandems').column('state').execute()
    // Capacity one, enforced by the database too: a second live tandem of one mentor cannot commit.
    await sql`create unique index tandems_one_live_per_mentor on tandems (mentor_id) where state in ('ACTIVE', 'MATCHED')`.execute(db)
    await db.schema
      .createTable('outbox')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('recipient_email', 'text', (c) => c.notNull())
      .addColumn('recipient_name', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
      .addColumn('next_attempt_at', 'integer', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('attempted_at', 'integer')
      .addColumn('locked_by', 'text')
      .addColumn('locked_until', 'integer')
      .addColumn('sent_at', 'integer')
      .addColumn('last_error', 'text')
      .execute()
    await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at', 'id']).execute()
    await db.schema.createIndex('outbox_user').on('outbox').column('user_id').execute()
  },
}

/** The matching run checks whether its packed mentor pool is current with one covering-index scan. */
const mentorPoolIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('users_mentor_pool')
      .on('users')
      .columns(['mentor_published', 'mentor_status', 'mentor_last_published_at', 'mentor_last_saved_at', 'mentor_pool_since'])
      .execute()
  },
}

/** Counters the application bumps; `mentor_pool_revision` moves whenever a packed pool goes stale. */
const meta: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('meta')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'integer', (c) => c.notNull())
      .execute()
    await sql`insert into meta (key, value) values ('mentor_pool_revision', 0)`.execute(db)
  },
}

/** One row per periodic task (deadline sweep, reminder sweep): which process may run it until when. */
const schedulerLeases: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('scheduler_leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('until', 'integer', (c) => c.notNull())
      .execute()
  },
}

/**
 * Users of the embedded provider were keyed by its URL issuer (`${PUBLIC_URL}/oidc`), so a new
 * PUBLIC_URL lost every account. They move to the stable EMBEDDED_PROVIDER_ISSUER: users whose
 * subject is one of the provider's accounts (its table exists only where it ran) under an issuer
 * ending in /oidc, the embedded provider's mount path.
 */
const embeddedProviderIssuer: Migration = {
  async up(db: Kysely<unknown>) {
    const { rows } = await sql<{
      name: string
    }>`select name from sqlite_master where type = 'table' and name = 'identity_accounts'`.execute(db)
    if (rows.length === 0) return
    await sql`update users set issuer = ${EMBEDDED_PROVIDER_ISSUER}
      where issuer like '%/oidc' and subject in (select id from identity_accounts)`.execute(db)
  },
}

/**
 * Deleted accounts, without personal data: a keyed hash of issuer + subject and the deletion time,
 * so tokens issued before it are refused. The key lives in `secrets` (created on first use), so
 * every process on the database hashes alike and a backup carries it.
 */
const deletedSubjects: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('deleted_subjects')
      .addColumn('subject_hash', 'text', (c) => c.primaryKey())
      .addColumn('deleted_at', 'integer', (c) => c.notNull())
      .execute()
  },
}

/**
 * The counters of the sign-in limits (rate-limiter-flexible's SQLite layout: key, points, expiry in
 * epoch ms), in the database so every process on it counts together.
 */
const rateLimits: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expire', 'integer')
      .execute()
    await db.schema.createIndex('rate_limits_expire').on('rate_limits').column('expire').execute()
  },
}

/**
 * Accountability and retention. `audit_records`: each administrator read of personal data and each
 * administrator change, by whom, when and what (an action name and the object's id), with the
 * people it was about in `audit_subjects`: ids only, never copies of data. For retention: on users,
 * the last sign-in (the retention clock restarts there) and when the retention notice went out; on
 * clusters, when the program year ended.
 */
const auditRecords: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('audit_records')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('at', 'integer', (c) => c.notNull())
      .addColumn('admin_id', 'integer', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('object_id', 'integer')
      .addColumn('subject_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.createIndex('audit_records_at').on('audit_records').column('at').execute()
    await db.schema.createIndex('audit_records_admin').on('audit_records').columns(['admin_id', 'at']).execute()
    await db.schema
      .createTable('audit_subjects')
      .addColumn('record_id', 'integer', (c) => c.notNull().references('audit_records.id').onDelete('cascade'))
      .addColumn('subject_id', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('audit_subjects_pk', ['record_id', 'subject_id'])
      .execute()
    await db.schema.createIndex('audit_subjects_subject').on('audit_subjects').columns(['subject_id', 'record_id']).execute()
    await db.schema.alterTable('users').addColumn('last_signed_in_at', 'integer').execute()
    await db.schema.alterTable('users').addColumn('retention_notice_at', 'integer').execute()
    await db.schema.alterTable('clusters').addColumn('ended_at', 'integer').execute()
  },
}

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-initial': initial,
  '0002-mentor-pool-index': mentorPoolIndex,
  '0003-meta': meta,
  '0004-scheduler-leases': schedulerLeases,
  '0005-embedded-provider-issuer': embeddedProviderIssuer,
  '0006-deleted-subjects': deletedSubjects,
  '0007-rate-limits': rateLimits,
  '0010-audit-records': auditRecords,
}

const provider: MigrationProvider = { getMigrations: async () => ({ ...MIGRATIONS }) }

/** Applies every pending migration; throws when one fails, since the server cannot run without them. */
export const migrateToLatest = async (db: Kysely<unknown>): Promise<readonly string[]> => {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest()
  if (error !== undefined) throw error instanceof Error ? error : new Error('a migration failed', { cause: error })
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
