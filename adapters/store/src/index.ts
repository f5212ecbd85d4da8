// @tandem/store: Tandem's storage through Kysely, on one SQLite file (WAL, the default) or on a
// PostgreSQL database shared by several instances. portable/ holds what both databases share (the
// Database port, the schema, the one list of migrations, row codecs), sqlite/ and postgres/ each
// database's connection, transactions and tools, repositories/ the writes and the world store that
// runs every domain command as one conditional transaction, queries/ the read models (lists,
// exports, statistics), coordination/ what several instances share (sign-in limits, leases).
export { type Database, type SqliteDatabase } from './portable/database.js'
export { openDatabase } from './sqlite/database.sqlite.js'
export { openPostgresDatabase, type PostgresDatabaseOptions } from './postgres/database.postgres.js'
export { migrateToLatest, MIGRATIONS } from './portable/migrations/index.js'
export type { Schema } from './portable/schema.js'
export { createWorldStore, type WorldStore, type Slice, type Contact, type Notifier } from './repositories/world.repository.js'
export {
  createUsersRepository,
  type UsersRepository,
  type UserRecord,
  type NewUser,
  type ProfileFields,
  type Gender,
} from './repositories/users.repository.js'
export { createAnswersRepository, type AnswersRepository, type Candidate } from './repositories/answers.repository.js'
export { createErasureRepository, type Erased, type ErasureRepository, type ErasureRules } from './repositories/erasure.repository.js'
export { createClustersRepository, type ClustersRepository } from './repositories/clusters.repository.js'
export {
  createListQueries,
  type ListQueries,
  type UserListRow,
  type TandemListRow,
  type TandemListFilter,
} from './queries/lists.queries.js'
export {
  createOutboxRepository,
  insertOutboxRow,
  type OutboxRepository,
  type StoredOutboxMessage,
  type NewOutboxRow,
  type OutboxStatus,
} from './repositories/outbox.repository.js'
export {
  createExportQueries,
  type ExportQueries,
  type ExportUserRow,
  type ExportUserFilter,
  type ExportTandemRow,
  type ExportProposal,
  type ExportTeamMember,
} from './queries/export.queries.js'
export { createSchedulerLeases, type SchedulerLeases, type LeaseHolding } from './coordination/scheduler.leases.js'
export { createSharedSchedulerLeases, type SharedSchedulerLeases } from './coordination/scheduler.leases.kysely.js'
export { backupDatabase, checkDatabase, type DatabaseCheck } from './sqlite/backup.js'
export { createDeletedSubjects, type DeletedSubjects } from './repositories/deleted.subjects.js'
export {
  createAttemptLimiter,
  addressKey,
  accountKey,
  DEFAULT_ATTEMPT_RULES,
  type AttemptLimiter,
  type AttemptAction,
  type Attempt,
  type AttemptRules,
  type LimitDecision,
  type LimitRule,
} from './coordination/attempt.limits.js'
export { createSharedAttemptLimiter } from './coordination/attempt.limits.kysely.js'
export { dialectOf, portable, type DialectName, type PortableSchema } from './portable/dialect.js'
export { openPostgresKysely, type PostgresOptions } from './postgres/postgres.js'
export {
  createCohortRepository,
  type CohortRepository,
  type CohortRunRecord,
  type CohortDraftRow,
  type DraftReason,
  type DraftOutcome,
  type PublishStep,
  type DraftSection,
  type DraftSummary,
  type DraftPerson,
} from './repositories/cohort.repository.js'
export {
  createAuditRecords,
  type AuditRecords,
  type AuditRecord,
  type AuditEntry,
  type AuditFilter,
  type AuditPage,
} from './repositories/audit.records.js'
export {
  createQuestionnaireVersionsRepository,
  type QuestionnaireVersionsRepository,
  type StoredQuestionnaireDraft,
} from './repositories/questionnaire-versions.repository.js'
export {
  createQuestionnairePreviewRepository,
  PREVIEW_INTERRUPTED,
  type QuestionnairePreviewRepository,
  type StoredPreview,
} from './repositories/questionnaire-previews.repository.js'
export { createMeetingsRepository, type MeetingsRepository } from './repositories/meetings.repository.js'
export { createWaitlistRepository, type WaitlistRepository } from './repositories/waitlist.repository.js'
export {
  createMentorshipRepository,
  occasionOfKey,
  type MentorshipRepository,
  type CheckInLink,
} from './repositories/mentorship.repository.js'
export { createRetentionRepository, type RetentionRepository, type RetentionPerson } from './repositories/retention.repository.js'
export {
  createStatisticsQueries,
  type StatisticsQueries,
  type StatisticsRange,
  type StatisticsCounts,
  type KeyedCount,
} from './queries/statistics.queries.js'
export { copyIntoPostgres, checkTargetEmpty, postgresTables, type CopiedTable, type CopyFailure } from './postgres/copy.js'
export {
  createPersonalDataDownloads,
  type PersonalDataDownloads,
  type DownloadState,
  type DownloadStatus,
} from './repositories/personal-data.downloads.js'
