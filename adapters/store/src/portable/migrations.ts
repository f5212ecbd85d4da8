// Versioned schema migrations, kept in code and applied at start by Kysely's Migrator, on SQLite
// and PostgreSQL alike: column types and dialect-specific clauses come from `portable(db)`
// (dialect.ts). A new migration gets the next number and a `down`; applied ones never change what
// they create.
import { CheckInAnswer, EMBEDDED_PROVIDER_ISSUER, teamOutcomeFigures } from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'
import { Migrator, sql, type CreateTableBuilder, type Kysely, type Migration, type MigrationProvider } from 'kysely'
import { portable, type PortableSchema } from './dialect.js'
import { OUTCOME_FIGURE_COUNTS, outcomeColumnsOf } from './rows.js'
import type { Schema } from './schema.js'

const proposalColumns =
  (t: PortableSchema, prefix: 'mentee' | 'mentor') =>
  (table: CreateTableBuilder<string, string>): CreateTableBuilder<string, string> =>
    table
      .addColumn(`${prefix}_proposal_id`, t.integer, (c) => c.notNull())
      .addColumn(`${prefix}_state`, t.text, (c) => c.notNull())
      .addColumn(`${prefix}_deadline`, t.integer)
      .addColumn(`${prefix}_decided_at`, t.integer)
      .addColumn(`${prefix}_decline_reason_id`, t.integer)
      .addColumn(`${prefix}_comment`, t.text)
      .addColumn(`${prefix}_info_text`, t.text)

const initial: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('clusters')
      .addColumn('id', t.integer, t.generatedKey)
      .addColumn('title', t.text, (c) => c.notNull().unique())
      .addColumn('is_ended', t.integer, (c) => c.notNull().defaultTo(0))
      .addColumn('is_default', t.integer, (c) => c.notNull().defaultTo(0))
      .execute()
    await t.enableCaseInsensitiveText()
    await db.schema
      .createTable('users')
      .addColumn('id', t.integer, t.generatedKey)
      .addColumn('issuer', t.text, (c) => c.notNull())
      .addColumn('subject', t.text, (c) => c.notNull())
      .addColumn('email', t.caseInsensitiveText, (c) => c.notNull().unique())
      .addColumn('first_name', t.text, (c) => c.notNull())
      .addColumn('last_name', t.text, (c) => c.notNull())
      .addColumn('gender', t.text, (c) => c.notNull().defaultTo('NA'))
      .addColumn('birth_date', t.text)
      .addColumn('language', t.text, (c) => c.notNull().defaultTo('en'))
      .addColumn('roles', t.text, (c) => c.notNull())
      .addColumn('country_code_id', t.integer)
      .addColumn('state_original_id', t.integer)
      .addColumn('city', t.text, (c) => c.notNull().defaultTo(''))
      .addColumn('professional_position', t.text, (c) => c.notNull().defaultTo(''))
      .addColumn('company', t.text, (c) => c.notNull().defaultTo(''))
      .addColumn('registered_at', t.integer, (c) => c.notNull())
      .addColumn('accepted_privacy', t.integer, (c) => c.notNull().defaultTo(0))
      .addColumn('accepted_terms', t.integer, (c) => c.notNull().defaultTo(0))
      .addColumn('version', t.integer, (c) => c.notNull().defaultTo(1))
      .addColumn('mentee_status', t.text)
      .addColumn('mentee_no_match', t.integer, (c) => c.notNull().defaultTo(0))
      .addColumn('mentee_cluster_id', t.integer, (c) => c.references('clusters.id'))
      .addColumn('mentee_last_started_at', t.integer)
      .addColumn('mentor_status', t.text)
      .addColumn('mentor_published', t.integer, (c) => c.notNull().defaultTo(0))
      .addColumn('mentor_last_published_at', t.integer)
      .addColumn('mentor_last_saved_at', t.integer)
      .addColumn('mentor_pool_since', t.integer)
      .addUniqueConstraint('users_issuer_subject', ['issuer', 'subject'])
      .execute()
    await db.schema.createIndex('users_mentor_status').on('users').columns(['mentor_status', 'mentor_published']).execute()
    await db.schema.createIndex('users_mentee_status').on('users').column('mentee_status').execute()
    await db.schema
      .createTable('profile_images')
      .addColumn('user_id', t.integer, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('mime', t.text, (c) => c.notNull())
      .addColumn('bytes', t.blob, (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('profile_answers')
      .addColumn('user_id', t.integer, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('question_id', t.integer, (c) => c.notNull())
      .addColumn('answer', t.text, (c) => c.notNull())
      .addPrimaryKeyConstraint('profile_answers_pk', ['user_id', 'question_id'])
      .execute()
    await db.schema
      .createTable('answers')
      .addColumn('user_id', t.integer, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('side', t.text, (c) => c.notNull())
      .addColumn('answers', t.text, (c) => c.notNull())
      .addColumn('saved_at', t.integer, (c) => c.notNull())
      .addPrimaryKeyConstraint('answers_pk', ['user_id', 'side'])
      .execute()
    let tandems: CreateTableBuilder<string, string> = db.schema
      .createTable('tandems')
      .addColumn('id', t.integer, (c) => c.primaryKey())
      .addColumn('version', t.integer, (c) => c.notNull())
      .addColumn('state', t.text, (c) => c.notNull())
      .addColumn('mentee_id', t.integer, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('mentor_id', t.integer, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('cluster_id', t.integer, (c) => c.references('clusters.id'))
      .addColumn('created_at', t.integer, (c) => c.notNull())
      .addColumn('manual', t.integer, (c) => c.notNull())
      .addColumn('score_base', t.real, (c) => c.notNull())
      .addColumn('score_max', t.real, (c) => c.notNull())
      .addColumn('score_percentage', t.real, (c) => c.notNull())
      .addColumn('score_breakdown', t.text, (c) => c.notNull())
    tandems = proposalColumns(t, 'mentor')(proposalColumns(t, 'mentee')(tandems))
    await tandems.execute()
    await db.schema.createIndex('tandems_mentee').on('tandems').column('mentee_id').execute()
    await db.schema.createIndex('tandems_mentor').on('tandems').column('mentor_id').execute()
    await db.schema.createIndex('tandems_state').on('tandems').column('state').execute()
    // Capacity one, enforced by the database too: a second live tandem of one mentor cannot commit.
    await sql`create unique index tandems_one_live_per_mentor on tandems (mentor_id) where state in ('ACTIVE', 'MATCHED')`.execute(db)
    await db.schema
      .createTable('outbox')
      .addColumn('id', t.integer, t.generatedKey)
      .addColumn('created_at', t.integer, (c) => c.notNull())
      .addColumn('user_id', t.integer, (c) => c.references('users.id').onDelete('set null'))
      .addColumn('recipient_email', t.text, (c) => c.notNull())
      .addColumn('recipient_name', t.text, (c) => c.notNull())
      .addColumn('language', t.text, (c) => c.notNull())
      .addColumn('type', t.text, (c) => c.notNull())
      .addColumn('data', t.text, (c) => c.notNull())
      .addColumn('subject', t.text, (c) => c.notNull())
      .addColumn('status', t.text, (c) => c.notNull().defaultTo('pending'))
      .addColumn('next_attempt_at', t.integer, (c) => c.notNull())
      .addColumn('attempts', t.integer, (c) => c.notNull().defaultTo(0))
      .addColumn('attempted_at', t.integer)
      .addColumn('locked_by', t.text)
      .addColumn('locked_until', t.integer)
      .addColumn('sent_at', t.integer)
      .addColumn('last_error', t.text)
      .execute()
    await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at', 'id']).execute()
    await db.schema.createIndex('outbox_user').on('outbox').column('user_id').execute()
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['outbox', 'tandems', 'answers', 'profile_answers', 'profile_images', 'users', 'clusters'])
      await db.schema.dropTable(table).execute()
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
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('users_mentor_pool').execute()
  },
}

/** Counters the application bumps; `mentor_pool_revision` moves whenever a packed pool goes stale. */
const meta: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('meta')
      .addColumn('key', t.text, (c) => c.primaryKey())
      .addColumn('value', t.integer, (c) => c.notNull())
      .execute()
    await sql`insert into meta (key, value) values ('mentor_pool_revision', 0)`.execute(db)
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('meta').execute()
  },
}

/** One row per periodic task (deadline sweep, reminder sweep): which process may run it until when. */
const schedulerLeases: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('scheduler_leases')
      .addColumn('name', t.text, (c) => c.primaryKey())
      .addColumn('holder', t.text, (c) => c.notNull())
      .addColumn('until', t.integer, (c) => c.notNull())
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('scheduler_leases').execute()
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
    if (!(await portable(db).hasTable('identity_accounts'))) return
    await sql`update users set issuer = ${EMBEDDED_PROVIDER_ISSUER}
      where issuer like '%/oidc' and subject in (select id from identity_accounts)`.execute(db)
  },
  // Which issuer a user had before is not kept; the stable issuer is right for every older version too.
  async down() {},
}

/**
 * Deleted accounts, without personal data: a keyed hash of issuer + subject and the deletion time,
 * so tokens issued before it are refused. The key lives in `secrets` (created on first use), so
 * every process on the database hashes alike and a backup carries it.
 */
const deletedSubjects: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('secrets')
      .addColumn('name', t.text, (c) => c.primaryKey())
      .addColumn('value', t.text, (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('deleted_subjects')
      .addColumn('subject_hash', t.text, (c) => c.primaryKey())
      .addColumn('deleted_at', t.integer, (c) => c.notNull())
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('deleted_subjects').execute()
    await db.schema.dropTable('secrets').execute()
  },
}

/**
 * The counters of the sign-in limits (rate-limiter-flexible's SQLite layout: key, points, expiry in
 * epoch ms), in the database so every process on it counts together.
 */
const rateLimits: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('rate_limits')
      .addColumn('key', t.text, (c) => c.primaryKey())
      .addColumn('points', t.integer, (c) => c.notNull().defaultTo(0))
      .addColumn('expire', t.integer)
      .execute()
    await db.schema.createIndex('rate_limits_expire').on('rate_limits').column('expire').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_limits').execute()
  },
}

/**
 * Whole-cohort runs and their drafts: who ran a run (the administrator's e-mail) for which program year and how, its state, the
 * totals beside first-come-first-served, and one row per mentee of the run (the proposed mentor and
 * score, or why there is none). Portable column types only: the same list runs on PostgreSQL.
 */
const cohortDrafts: Migration = {
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

/**
 * Accountability and retention. `audit_records`: each administrator read of personal data and each
 * administrator change, by whom, when and what (an action name and the object's id), with the
 * people it was about in `audit_subjects`: ids only, never copies of data. For retention: on users,
 * the last sign-in (the retention clock restarts there) and when the retention notice went out; on
 * clusters, when the program year ended.
 */
const auditRecords: Migration = {
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

/**
 * The program statistics (docs/admin.md): the facts they need that were not stored, kept on the user
 * row so the page's figures come from one covering-index scan of users and one of tandems (decision
 * 0017): a mentee's first start of matching, whether each side's saved questionnaire was complete,
 * when each side was first proposed and first matched; and a daily record of the pool. Rows from
 * before get the best value known: the last start as the first, the earliest tandem as the first
 * proposal, the earliest mentor acceptance as the first match, questionnaires as incomplete until
 * saved again, no pool history before the first record.
 */
const statisticsIndexes: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    for (const column of ['mentee_first_started_at', 'mentee_proposed_at', 'mentee_matched_at', 'mentor_proposed_at', 'mentor_matched_at'])
      await db.schema.alterTable('users').addColumn(column, t.integer).execute()
    for (const column of ['mentee_questionnaire_complete', 'mentor_questionnaire_complete'])
      await db.schema
        .alterTable('users')
        .addColumn(column, t.integer, (c) => c.notNull().defaultTo(0))
        .execute()
    await sql`update users set mentee_first_started_at = mentee_last_started_at`.execute(db)
    await sql`update users set
      mentee_proposed_at = (select min(t.created_at) from tandems t where t.mentee_id = users.id),
      mentor_proposed_at = (select min(t.created_at) from tandems t where t.mentor_id = users.id),
      mentee_matched_at = (select min(t.mentor_decided_at) from tandems t
        where t.mentee_id = users.id and t.mentor_decided_at is not null and t.state <> 'DECLINED'),
      mentor_matched_at = (select min(t.mentor_decided_at) from tandems t
        where t.mentor_id = users.id and t.mentor_decided_at is not null and t.state <> 'DECLINED')`.execute(db)
    await db.schema
      .createTable('pool_snapshots')
      .addColumn('day', t.integer, (c) => c.notNull())
      .addColumn('cluster_id', t.integer)
      .addColumn('waiting_mentees', t.integer, (c) => c.notNull())
      .addColumn('available_mentors', t.integer, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('pool_snapshots_day').on('pool_snapshots').columns(['day', 'cluster_id']).execute()
    // Covering indexes whose order is the GROUP BY's, so the aggregations stream without sorting.
    await db.schema
      .createIndex('users_statistics')
      .on('users')
      .columns([
        'language',
        'country_code_id',
        'gender',
        'registered_at',
        'mentee_status',
        'mentee_cluster_id',
        'mentee_questionnaire_complete',
        'mentee_first_started_at',
        'mentee_proposed_at',
        'mentee_matched_at',
        'mentor_status',
        'mentor_questionnaire_complete',
        'mentor_last_published_at',
        'mentor_proposed_at',
        'mentor_matched_at',
      ])
      .execute()
    await db.schema
      .createIndex('users_statistics_started')
      .on('users')
      .columns(['mentee_first_started_at', 'mentee_cluster_id', 'mentee_matched_at'])
      .execute()
    await db.schema
      .createIndex('tandems_statistics')
      .on('tandems')
      .columns(['state', 'manual', 'score_percentage', 'created_at', 'cluster_id', 'mentee_decided_at', 'mentor_decided_at'])
      .execute()
    for (const side of ['mentee', 'mentor'])
      await db.schema
        .createIndex(`tandems_statistics_${side}_reason`)
        .on('tandems')
        .columns([`${side}_decline_reason_id`, 'created_at', 'cluster_id'])
        .execute()
    await db.schema
      .createIndex('tandems_statistics_silence')
      .on('tandems')
      .columns(['state', 'mentee_decided_at', 'created_at', 'cluster_id', 'mentor_id'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    for (const index of [
      'tandems_statistics_silence',
      'tandems_statistics_mentor_reason',
      'tandems_statistics_mentee_reason',
      'tandems_statistics',
      'users_statistics_started',
      'users_statistics',
    ])
      await db.schema.dropIndex(index).execute()
    await db.schema.dropTable('pool_snapshots').execute()
    for (const column of [
      'mentee_first_started_at',
      'mentee_proposed_at',
      'mentee_matched_at',
      'mentor_proposed_at',
      'mentor_matched_at',
      'mentee_questionnaire_complete',
      'mentor_questionnaire_complete',
    ])
      await db.schema.alterTable('users').dropColumn(column).execute()
  },
}

/** The version and time of each accepted document per person (docs/privacy.md, Consents). */
const consents: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('consents')
      .addColumn('user_id', t.integer, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('document', t.text, (c) => c.notNull())
      .addColumn('version', t.text, (c) => c.notNull())
      .addColumn('accepted_at', t.integer, (c) => c.notNull())
      .addPrimaryKeyConstraint('consents_pk', ['user_id', 'document'])
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('consents').execute()
  },
}

/**
 * The statistics' count of mentors paused for silence (docs/admin.md) reads its tandems in mentor
 * order, so the database counts the different mentors as it goes instead of sorting them in a
 * temporary tree: the index of 0010 had the mentor last.
 */
const statisticsSilenceIndex: Migration = {
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

/**
 * Several instances share a cohort run (decision 0021): the instance computing it writes its phase,
 * fraction and a heartbeat to the run's row, any instance answers the progress from there, and a
 * run whose heartbeat stopped is failed after a timeout. `owner` names the instance (host and data
 * folder) so that its own restart fails its runs at once.
 */
const cohortRunProgress: Migration = {
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

/**
 * A person's prepared download (decision 0021): its state and, once ready, the archive, so that
 * any instance answers the poll and hands it out; deleted when fetched, replaced or an hour old.
 */
const personalDataDownloads: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('personal_data_downloads')
      .addColumn('user_id', t.integer, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('job', t.text, (c) => c.notNull())
      .addColumn('started_at', t.integer, (c) => c.notNull())
      .addColumn('state', t.text, (c) => c.notNull())
      .addColumn('progress', t.integer, (c) => c.notNull().defaultTo(0))
      .addColumn('archive', t.blob)
      .execute()
    await db.schema.createIndex('personal_data_downloads_started').on('personal_data_downloads').column('started_at').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('personal_data_downloads').execute()
  },
}

/**
 * New tandems' ids on PostgreSQL come from a sequence, taken when a command writes them, so that
 * commands of several instances never wait for one another to number theirs (decision 0022). It
 * starts after the highest id there is. SQLite numbers them inside its one writing transaction and
 * needs none.
 */
const tandemIdSequence: Migration = {
  async up(db: Kysely<unknown>) {
    if (portable(db).dialect !== 'postgres') return
    await sql`create sequence tandem_ids as bigint`.execute(db)
    await sql`select setval('tandem_ids', coalesce((select max(id) from tandems), 0) + 1, false)`.execute(db)
  },
  async down(db: Kysely<unknown>) {
    if (portable(db).dialect === 'postgres') await sql`drop sequence if exists tandem_ids`.execute(db)
  },
}

/**
 * PostgreSQL only: the check that lets a conditional write go out without waiting for its answer
 * (`Database.sendChanging`). It answers the count of rows a write changed when that is the count
 * the write expected, and otherwise fails the statement — and with it the transaction — with
 * SQLSTATE TDM01 (dialect.ts). SQLite counts the rows where it runs, in the same process.
 */
const changedRowsCheck: Migration = {
  async up(db: Kysely<unknown>) {
    if (portable(db).dialect !== 'postgres') return
    await sql`
      create function tandem_changed_rows(changed bigint, expected bigint) returns bigint language plpgsql as $$
      begin
        if changed is distinct from expected then
          raise exception 'a conditional write changed % of % rows', changed, expected using errcode = 'TDM01';
        end if;
        return changed;
      end
      $$`.execute(db)
  },
  async down(db: Kysely<unknown>) {
    if (portable(db).dialect === 'postgres') await sql`drop function if exists tandem_changed_rows(bigint, bigint)`.execute(db)
  },
}

/**
 * A mentor's places (docs/matching.md#places): `mentor_capacity` (1 to 5, default 1) on the user, and in
 * place of the unique index that allowed one live tandem per mentor, a trigger that refuses a
 * tandem taking a place (inserted live, or made live) when the mentor's live tandems already fill
 * the capacity. On PostgreSQL the trigger locks the mentor's row first, so two transactions
 * taking a place of one mentor decide one after the other, each on what the other committed
 * (SQLSTATE TDM02); SQLite's one writing transaction needs no lock (RAISE: SQLITE_CONSTRAINT_TRIGGER).
 * Lowering a capacity changes no tandem. The live tandems of a mentor stay indexed for the count.
 */
const mentorCapacity: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .alterTable('users')
      .addColumn('mentor_capacity', t.integer, (c) => c.notNull().defaultTo(1))
      .execute()
    await sql`drop index tandems_one_live_per_mentor`.execute(db)
    await sql`create index tandems_live_by_mentor on tandems (mentor_id) where state in ('ACTIVE', 'MATCHED')`.execute(db)
    if (t.dialect === 'postgres') {
      await sql`
        create function tandem_mentor_capacity() returns trigger language plpgsql as $$
        declare
          places integer;
          taken bigint;
        begin
          if new.state not in ('ACTIVE', 'MATCHED') then return new; end if;
          if tg_op = 'UPDATE' and old.state in ('ACTIVE', 'MATCHED') and old.mentor_id = new.mentor_id then return new; end if;
          select mentor_capacity into places from users where id = new.mentor_id for update;
          select count(*) into taken from tandems
            where mentor_id = new.mentor_id and state in ('ACTIVE', 'MATCHED') and id <> new.id;
          if taken >= places then
            raise exception 'mentor % has no free place (% of % taken)', new.mentor_id, taken, places using errcode = 'TDM02';
          end if;
          return new;
        end
        $$`.execute(db)
      await sql`
        create trigger tandems_mentor_capacity before insert or update of state, mentor_id on tandems
        for each row execute function tandem_mentor_capacity()`.execute(db)
    } else {
      const refuse = (when: string) => `
        when new.state in ('ACTIVE', 'MATCHED')${when}
        begin
          select raise(abort, 'mentor has no free place')
          where (select count(*) from tandems where mentor_id = new.mentor_id and state in ('ACTIVE', 'MATCHED') and id <> new.id)
            >= (select mentor_capacity from users where id = new.mentor_id);
        end`
      await sql.raw(`create trigger tandems_mentor_capacity_insert before insert on tandems ${refuse('')}`).execute(db)
      await sql
        .raw(
          `create trigger tandems_mentor_capacity_update before update of state, mentor_id on tandems ${refuse(
            " and (old.state not in ('ACTIVE', 'MATCHED') or old.mentor_id <> new.mentor_id)",
          )}`,
        )
        .execute(db)
    }
  },
  async down(db: Kysely<unknown>) {
    if (portable(db).dialect === 'postgres') {
      await sql`drop trigger if exists tandems_mentor_capacity on tandems`.execute(db)
      await sql`drop function if exists tandem_mentor_capacity()`.execute(db)
    } else {
      await sql`drop trigger if exists tandems_mentor_capacity_insert`.execute(db)
      await sql`drop trigger if exists tandems_mentor_capacity_update`.execute(db)
    }
    await sql`drop index tandems_live_by_mentor`.execute(db)
    await sql`create unique index tandems_one_live_per_mentor on tandems (mentor_id) where state in ('ACTIVE', 'MATCHED')`.execute(db)
    await db.schema.alterTable('users').dropColumn('mentor_capacity').execute()
  },
}

/**
 * How a MATCHED team was ended (docs/mentorship.md#ending-a-team): when, by whom (Mentee, Mentor,
 * Admin), the reason, the text of "other", "do not pair us again" and whether the mentor was paused.
 * Null for every tandem that was not ended this way.
 */
const tandemEnding: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema.alterTable('tandems').addColumn('ended_at', t.integer).execute()
    await db.schema.alterTable('tandems').addColumn('ended_by', t.text).execute()
    await db.schema.alterTable('tandems').addColumn('end_reason', t.text).execute()
    await db.schema.alterTable('tandems').addColumn('end_other_text', t.text).execute()
    await db.schema.alterTable('tandems').addColumn('end_do_not_pair_again', t.integer).execute()
    await db.schema.alterTable('tandems').addColumn('end_mentor_paused', t.integer).execute()
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['end_mentor_paused', 'end_do_not_pair_again', 'end_other_text', 'end_reason', 'ended_by', 'ended_at'])
      await db.schema.alterTable('tandems').dropColumn(column).execute()
  },
}

/**
 * The questionnaire's published versions (never changed once written; the body is the version's
 * QuestionnaireDraft as JSON) and the one draft being edited, with its revision (a save names the
 * revision it edited). Version 1 is the seed's questionnaire, written by the server at start when
 * no version exists (`QuestionnaireVersionsRepository.seed`), on today's databases as on new ones.
 */
const questionnaireVersions: Migration = {
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

/**
 * The waitlist (docs/matching.md#waitlist): a mentee's choice to turn it off (on by default), and
 * the durable trigger a command that opened a place writes in its own transaction, so that a
 * restart between the command and the waitlist's runs loses nothing. How long a mentee waits is the
 * start of the run that found nobody (`mentee_last_started_at` while `mentee_no_match`).
 */
const waitlist: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .alterTable('users')
      .addColumn('mentee_waitlist_off', t.integer, (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema
      .createTable('places_changed')
      .addColumn('id', t.integer, t.generatedKey)
      .addColumn('created_at', t.integer, (c) => c.notNull())
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('places_changed').execute()
    await db.schema.alterTable('users').dropColumn('mentee_waitlist_off').execute()
  },
}

/**
 * A matched team's check-in timeline (docs/mentorship.md#check-ins): the timeline's start and end
 * (who ended it: Mentee, Mentor, Admin, ProgramYear), one row per question sent to one side
 * (tandem, side, occasion unique; the answer as the core's JSON), and the one-time links of the
 * mails, of which only a SHA-256 hash of the token is kept.
 */
const mentorshipCheckIns: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('mentorship_timelines')
      .addColumn('tandem_id', t.integer, (c) => c.primaryKey())
      .addColumn('matched_at', t.integer, (c) => c.notNull())
      .addColumn('ended_at', t.integer)
      .addColumn('ended_by', t.text)
      .addColumn('closed', t.integer, (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema.createIndex('mentorship_timelines_open').on('mentorship_timelines').columns(['closed', 'ended_at']).execute()
    await db.schema
      .createTable('mentorship_checkins')
      .addColumn('tandem_id', t.integer, (c) => c.notNull())
      .addColumn('side', t.text, (c) => c.notNull())
      .addColumn('occasion', t.text, (c) => c.notNull())
      .addColumn('asked_at', t.integer, (c) => c.notNull())
      .addColumn('reminded_at', t.integer)
      .addColumn('answered_at', t.integer)
      .addColumn('answer', t.text)
      .addColumn('superseded_at', t.integer)
      .addPrimaryKeyConstraint('mentorship_checkins_pk', ['tandem_id', 'side', 'occasion'])
      .execute()
    await db.schema
      .createTable('mentorship_checkin_links')
      .addColumn('token_hash', t.text, (c) => c.primaryKey())
      .addColumn('tandem_id', t.integer, (c) => c.notNull())
      .addColumn('side', t.text, (c) => c.notNull())
      .addColumn('occasion', t.text, (c) => c.notNull())
      .addColumn('user_id', t.integer, (c) => c.notNull())
      .addColumn('expires_at', t.integer, (c) => c.notNull())
      .addColumn('used_at', t.integer)
      .execute()
    await db.schema.createIndex('mentorship_checkin_links_user').on('mentorship_checkin_links').column('user_id').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('mentorship_checkin_links').execute()
    await db.schema.dropTable('mentorship_checkins').execute()
    await db.schema.dropTable('mentorship_timelines').execute()
  },
}

/**
 * The waitlist's triggers name the mentor whose place opened (docs/matching.md#waitlist): the round
 * then ranks the waiting mentees against those mentors only, instead of every mentee against the
 * whole pool. A row without a mentor (written before this migration) asks for the full round.
 */
const placesChangedMentors: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('places_changed').addColumn('mentor_id', portable(db).integer).execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('places_changed').dropColumn('mentor_id').execute()
  },
}

/**
 * The statistics' outcomes (docs/admin.md#outcomes) read each matched team's program year and ending:
 * this covering index holds them by tandem id, so a scan of the teams of one program year reads it
 * instead of the tandem rows (decision 0017). It does not lead with the program year, which would lure
 * the other tandem figures' program-year filter away from their grouping indexes into a sort.
 */
const statisticsOutcomesIndex: Migration = {
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

/**
 * The waitlist mail's one-time "stop" links (docs/matching.md#waitlist, decision 0031): the mentee
 * the mail went to, when the link runs out and when it was used; of the token only a SHA-256 hash
 * is kept, as for the check-in links, so a copy of the database turns nobody's waitlist off.
 */
const waitlistStopLinks: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('waitlist_stop_links')
      .addColumn('token_hash', t.text, (c) => c.primaryKey())
      .addColumn('user_id', t.integer, (c) => c.notNull())
      .addColumn('expires_at', t.integer, (c) => c.notNull())
      .addColumn('used_at', t.integer)
      .execute()
    await db.schema.createIndex('waitlist_stop_links_user').on('waitlist_stop_links').column('user_id').execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('waitlist_stop_links').execute()
  },
}

/**
 * Each team's outcome figures on its timeline row (core teamOutcomeFigures: the first "yes, we have
 * met", the answered pulses and closing surveys per score), so that the statistics sum one row per
 * team: counting them from the answers' JSON cost about 0.8 s per page over 40,000 teams
 * (`npm run bench -- statistics`). The answers already given are counted here.
 */
const teamOutcomeFiguresMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema.alterTable('mentorship_timelines').addColumn('met_at', t.integer).execute()
    for (const column of OUTCOME_FIGURE_COUNTS)
      await db.schema
        .alterTable('mentorship_timelines')
        .addColumn(column, t.integer, (c) => c.notNull().defaultTo(0))
        .execute()
    const answered = await sql<{ tandem_id: number; answered_at: number; answer: string }>`
      select tandem_id, answered_at, answer from mentorship_checkins where answer is not null order by tandem_id`.execute(db)
    const byTeam = new Map<number, { answer: CheckInAnswer; answeredAt: number }[]>()
    for (const row of answered.rows) {
      const answer = CheckInAnswer.decode(JSON.parse(row.answer))
      if (isLeft(answer)) throw new Error(`the check-in answer of team ${row.tandem_id} does not decode`)
      const team = Number(row.tandem_id)
      byTeam.set(team, [...(byTeam.get(team) ?? []), { answer: answer.right, answeredAt: Number(row.answered_at) }])
    }
    for (const [tandemId, checkIns] of byTeam) {
      await (db as unknown as Kysely<Pick<Schema, 'mentorship_timelines'>>)
        .updateTable('mentorship_timelines')
        .set(outcomeColumnsOf(teamOutcomeFigures(checkIns)))
        .where('tandem_id', '=', tandemId)
        .execute()
    }
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['met_at', ...OUTCOME_FIGURE_COUNTS])
      await db.schema.alterTable('mentorship_timelines').dropColumn(column).execute()
  },
}

/**
 * Which side of a check-in timeline left (docs/mentorship.md#check-ins): a person who deleted their
 * account is asked nothing more, while the partner's closing survey is still reminded of after 5
 * days. Before, an erasure closed the whole timeline and the partner's reminder never came.
 */
const timelineLeftSides: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .alterTable('mentorship_timelines')
      .addColumn('mentee_left', t.integer, (c) => c.notNull().defaultTo(0))
      .execute()
    await db.schema
      .alterTable('mentorship_timelines')
      .addColumn('mentor_left', t.integer, (c) => c.notNull().defaultTo(0))
      .execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('mentorship_timelines').dropColumn('mentor_left').execute()
    await db.schema.alterTable('mentorship_timelines').dropColumn('mentee_left').execute()
  },
}

/**
 * The questionnaire impact previews (docs/admin.md, "Impact preview"), so that every instance answers
 * one's progress and result and can cancel it: the draft's revision, the state, the share done, the
 * figures once done (aggregates only), why it failed, who started it and when, the instance
 * computing it and its latest write (a preview whose instance went quiet is failed, as a cohort run).
 */
const questionnairePreviews: Migration = {
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

/**
 * A questionnaire draft's revision never restarts (docs/admin.md, "Questionnaire versions"): a publish
 * no longer deletes the draft row but leaves the published version's copy at the next revision,
 * marked as such, so that a save made before the publish finds its revision gone. A database whose
 * draft a publish removed starts again at revision 0 once, as before.
 */
const questionnaireDraftRevisions: Migration = {
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

/**
 * A run under way keeps its start apart (`mentee_run_started_at`, docs/matching.md#waitlist): the
 * mentee's "no match" and last start stay what they were until the run ends with proposals or with
 * none, so an interrupted or refused run leaves a waiting mentee waiting since when they did. A run
 * PENDING when this migrates started at its `mentee_last_started_at`.
 */
const menteeRunStartedAt: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('mentee_run_started_at', portable(db).integer).execute()
    await sql`update users set mentee_run_started_at = mentee_last_started_at where mentee_status = 'PENDING'`.execute(db)
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('mentee_run_started_at').execute()
  },
}

/**
 * Meetings of matched teams and their logged sessions (docs/mentorship.md#meetings): a meeting's
 * state, sequence (the calendar file's SEQUENCE), slots as JSON, its reminder's time (the core's
 * `meetingReminderAt`, null when none is due) and when it went out; sessions, which outlive an
 * erased side's notes; per person the time zone and the calendar feed's token hash.
 */
const meetings: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema
      .createTable('meetings')
      .addColumn('id', t.integer, t.generatedKey)
      .addColumn('tandem_id', t.integer, (c) => c.notNull())
      .addColumn('state', t.text, (c) => c.notNull())
      .addColumn('sequence', t.integer, (c) => c.notNull())
      .addColumn('proposed_by', t.text, (c) => c.notNull())
      .addColumn('slots', t.text, (c) => c.notNull())
      .addColumn('mode', t.text, (c) => c.notNull())
      .addColumn('link', t.text)
      .addColumn('place', t.text)
      .addColumn('agenda', t.text, (c) => c.notNull())
      .addColumn('note', t.text)
      .addColumn('time_zone', t.text, (c) => c.notNull())
      .addColumn('created_at', t.integer, (c) => c.notNull())
      .addColumn('updated_at', t.integer, (c) => c.notNull())
      .addColumn('answered_by', t.text)
      .addColumn('starts_at', t.integer)
      .addColumn('reminder_at', t.integer)
      .addColumn('reminded_at', t.integer)
      .execute()
    await db.schema.createIndex('meetings_tandem').on('meetings').columns(['tandem_id', 'created_at']).execute()
    await db.schema.createIndex('meetings_reminder').on('meetings').columns(['reminded_at', 'reminder_at']).execute()
    await db.schema
      .createTable('meeting_sessions')
      .addColumn('id', t.integer, t.generatedKey)
      .addColumn('tandem_id', t.integer, (c) => c.notNull())
      .addColumn('meeting_id', t.integer)
      .addColumn('started_at', t.integer, (c) => c.notNull())
      .addColumn('minutes', t.integer, (c) => c.notNull())
      .addColumn('logged_by', t.text, (c) => c.notNull())
      .addColumn('logged_by_user', t.integer)
      .addColumn('note', t.text)
      .addColumn('logged_at', t.integer, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('meeting_sessions_tandem').on('meeting_sessions').columns(['tandem_id', 'started_at']).execute()
    // One session per meeting, however many "yes" answers race.
    await db.schema.createIndex('meeting_sessions_meeting').on('meeting_sessions').column('meeting_id').unique().execute()
    await db.schema
      .createTable('meeting_people')
      .addColumn('user_id', t.integer, (c) => c.primaryKey())
      .addColumn('time_zone', t.text)
      .addColumn('feed_token_hash', t.text)
      .addColumn('feed_created_at', t.integer)
      .execute()
    await db.schema.createIndex('meeting_people_feed').on('meeting_people').column('feed_token_hash').unique().execute()
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('meeting_people').execute()
    await db.schema.dropTable('meeting_sessions').execute()
    await db.schema.dropTable('meetings').execute()
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
  '0008-cohort-drafts': cohortDrafts,
  '0009-audit-records': auditRecords,
  '0010-statistics-indexes': statisticsIndexes,
  '0011-consents': consents,
  '0013-statistics-silence-index': statisticsSilenceIndex,
  '0014-cohort-run-progress': cohortRunProgress,
  '0015-personal-data-downloads': personalDataDownloads,
  '0016-tandem-id-sequence': tandemIdSequence,
  '0017-changed-rows-check': changedRowsCheck,
  '0018-mentor-capacity': mentorCapacity,
  '0019-tandem-ending': tandemEnding,
  '0020-questionnaire-versions': questionnaireVersions,
  '0021-waitlist': waitlist,
  '0022-mentorship-checkins': mentorshipCheckIns,
  '0023-places-changed-mentors': placesChangedMentors,
  '0024-statistics-outcomes-index': statisticsOutcomesIndex,
  '0025-waitlist-stop-links': waitlistStopLinks,
  '0026-team-outcome-figures': teamOutcomeFiguresMigration,
  '0027-timeline-left-sides': timelineLeftSides,
  '0028-questionnaire-previews': questionnairePreviews,
  '0029-questionnaire-draft-revisions': questionnaireDraftRevisions,
  '0030-mentee-run-started-at': menteeRunStartedAt,
  '0031-meetings': meetings,
}

const provider: MigrationProvider = { getMigrations: async () => ({ ...MIGRATIONS }) }

/** Applies every pending migration; throws when one fails, since the server cannot run without them. */
export const migrateToLatest = async (db: Kysely<unknown>): Promise<readonly string[]> => {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest()
  if (error !== undefined) throw error instanceof Error ? error : new Error('a migration failed', { cause: error })
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}
