import { type Kysely, type Migration, sql } from 'kysely'
import { portable } from '../dialect.js'

/**
 * The program statistics (docs/admin.md): the facts they need that were not stored, kept on the user
 * row so the page's figures come from one covering-index scan of users and one of tandems (decision
 * 0017): a mentee's first start of matching, whether each side's saved questionnaire was complete,
 * when each side was first proposed and first matched; and a daily record of the pool. Rows from
 * before get the best value known: the last start as the first, the earliest tandem as the first
 * proposal, the earliest mentor acceptance as the first match, questionnaires as incomplete until
 * saved again, no pool history before the first record.
 */
export const migration: Migration = {
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
