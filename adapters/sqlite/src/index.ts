// @tandem/sqlite: Tandem's storage on one SQLite file (WAL) through Kysely: migrations, repositories
// and the world store that runs every domain command as one conditional transaction.
export { openDatabase, type Database, type SqliteDatabase } from './database.js'
export { openPostgresDatabase, type PostgresDatabaseOptions } from './database.postgres.js'
export { migrateToLatest, MIGRATIONS } from './migrations.js'
export type { Schema } from './schema.js'
export { createWorldStore, type WorldStore, type Slice, type Contact, type Notifier } from './world.repository.js'
export {
  createUsersRepository,
  type UsersRepository,
  type UserRecord,
  type NewUser,
  type ProfileFields,
  type Gender,
} from './users.repository.js'
export { createAnswersRepository, type AnswersRepository, type Candidate } from './answers.repository.js'
export { createErasureRepository, type Erased, type ErasureRepository, type ErasureRules } from './erasure.repository.js'
export { createClustersRepository, type ClustersRepository } from './clusters.repository.js'
export { createListQueries, type ListQueries, type UserListRow, type TandemListRow, type TandemListFilter } from './lists.queries.js'
export {
  createOutboxRepository,
  insertOutboxRow,
  type OutboxRepository,
  type StoredOutboxMessage,
  type NewOutboxRow,
  type OutboxStatus,
} from './outbox.repository.js'
export {
  createExportQueries,
  type ExportQueries,
  type ExportUserRow,
  type ExportUserFilter,
  type ExportTandemRow,
  type ExportProposal,
  type ExportTeamMember,
} from './export.queries.js'
export { createSchedulerLeases, type SchedulerLeases, type LeaseHolding } from './scheduler.leases.js'
export { createSharedSchedulerLeases, type SharedSchedulerLeases } from './scheduler.leases.shared.js'
export { backupDatabase, checkDatabase, type DatabaseCheck } from './backup.js'
export { createDeletedSubjects, type DeletedSubjects } from './deleted.subjects.js'
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
} from './attempt.limits.js'
export { createSharedAttemptLimiter } from './attempt.limits.shared.js'
export { dialectOf, portable, type DialectName, type PortableSchema } from './dialect.js'
export { openPostgresKysely, type PostgresOptions } from './postgres.js'
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
} from './cohort.repository.js'
export {
  createAuditRecords,
  type AuditRecords,
  type AuditRecord,
  type AuditEntry,
  type AuditFilter,
  type AuditPage,
} from './audit.records.js'
export { createRetentionRepository, type RetentionRepository, type RetentionPerson } from './retention.repository.js'
export {
  createStatisticsQueries,
  type StatisticsQueries,
  type StatisticsRange,
  type StatisticsCounts,
  type KeyedCount,
} from './statistics.queries.js'
export { copyIntoPostgres, checkTargetEmpty, postgresTables, type CopiedTable, type CopyFailure } from './copy.js'
export {
  createPersonalDataDownloads,
  type PersonalDataDownloads,
  type DownloadState,
  type DownloadStatus,
} from './personal-data.downloads.js'
