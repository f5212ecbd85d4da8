// Everything the services may use: the repositories, the world store, the clock, the master data and
// the configuration. Built once by the server; each use case names the members it uses
// (`Pick<ServiceContext, …>` in its parameter type), so its needs read from its signature.
import type {
  Bilingual,
  Gender,
  ConsentVersions,
  DeclineReason,
  DomainError,
  Language,
  ProfileQuestion,
  Questionnaire,
  UserId,
} from '@tandem/core'
import type {
  AuditRecords,
  RetentionRepository,
  AnswersRepository,
  ClustersRepository,
  CohortRepository,
  PersonalDataDownloads,
  MentorshipRepository,
  CheckInMailer,
  CalendarFeedWriter,
  MeetingMailer,
  MeetingsRepository,
  DeletedSubjects,
  ErasureRepository,
  ExportQueries,
  ListQueries,
  OutboxRepository,
  StatisticsQueries,
  QuestionnaireVersionsRepository,
  QuestionnairePreviewRepository,
  WaitlistRepository,
  UserRecord,
  UsersRepository,
  WorldStore,
} from './ports/store/index.js'
import { left, right, type Either } from 'fp-ts/lib/Either.js'
import type { Clock } from './ports/clock.port.js'
import type { CohortRunner } from './ports/cohort-runner.port.js'
import type { PreviewRunner } from './ports/preview-runner.port.js'
import type { MentorPoolCache } from './matching/mentor-pool.cache.js'
import type { ActiveQuestionnaire } from './questionnaire/questionnaire.active.js'

export type MasterData = {
  /** The published version in use: what is asked and scored. */
  readonly questionnaire: Questionnaire
  /** The questions completeness requires (ActiveQuestionnaire.requiredQuestionnaire). */
  readonly requiredQuestionnaire: Questionnaire
  readonly profileQuestions: readonly ProfileQuestion[]
  readonly countries: readonly { readonly countryCodeId: number; readonly name: Bilingual }[]
  readonly federalStates: readonly { readonly stateOriginalId: number; readonly name: Bilingual }[]
  readonly languages: readonly { readonly languageId: number; readonly name: Bilingual }[]
  readonly declineReasons: readonly DeclineReason[]
}

export type Logger = {
  readonly info: (obj: object, msg?: string) => void
  readonly warn: (obj: object, msg?: string) => void
  readonly error: (obj: object, msg?: string) => void
}

/**
 * What the services may use. No raw database: every read and write goes through a repository or
 * the world store, so a second store (PostgreSQL) needs no change here. Only the composition
 * (createServices) takes it whole; a use case takes the `Pick` of the ports it uses, and a port it
 * starts to use is added to that `Pick` (and, when new, here, where the server must then give it).
 */
export type ServiceContext = {
  readonly users: UsersRepository
  readonly answers: AnswersRepository
  readonly clusters: ClustersRepository
  readonly lists: ListQueries
  readonly outbox: OutboxRepository
  readonly erasure: ErasureRepository
  /** Keyed hashes of deleted accounts: tokens issued before a deletion are refused. */
  readonly deletedSubjects: DeletedSubjects
  readonly exports: ExportQueries
  /** The administrators' audit trail (audit/audit.ts writes it). */
  readonly audit: AuditRecords
  readonly retention: RetentionRepository
  /** The versions of the privacy policy and the terms in force (the core's, unless a test names others). */
  readonly consentVersions: ConsentVersions
  /** RETENTION_MONTHS. */
  readonly retentionMonths: number
  /** The aggregations of the administrators' program statistics. */
  readonly statistics: StatisticsQueries
  readonly store: WorldStore
  /**
   * Runs `work` as one unit: every store write it makes (the world store's commands nest inside)
   * commits together, or none does when it throws.
   */
  readonly inOneTransaction: <T>(work: () => Promise<T>) => Promise<T>
  /** Changes whenever anything was committed (any process): the key of the services' read caches. */
  readonly generation: () => Promise<string>
  /** The packed mentor pool of the matching runs, one per server (built by the composition root). */
  readonly mentorPool: MentorPoolCache
  /** Whole-cohort runs and their drafts, and the worker threads that compute them. */
  readonly cohorts: CohortRepository
  readonly cohortRunner: CohortRunner
  /** The worker threads that compute questionnaire drafts' impact previews. */
  readonly previewRunner: PreviewRunner
  /** The impact previews' progress and results, read by every instance. */
  readonly previews: QuestionnairePreviewRepository
  /** The questionnaire's published versions and its draft. */
  readonly questionnaireVersions: QuestionnaireVersionsRepository
  /** The waitlist's opt-out flags and places-changed triggers (docs/matching.md#waitlist). */
  readonly waitlist: WaitlistRepository
  /**
   * The published version in use (master.questionnaire, master.profileQuestions and
   * matching.threshold read it): switched by a publish, read again after another process's commits.
   */
  readonly activeQuestionnaire: ActiveQuestionnaire
  /** Prepared personal-data downloads, shared by every instance (decision 0021). */
  readonly downloads: PersonalDataDownloads
  /** The check-in timelines of matched teams (docs/mentorship.md#check-ins). */
  readonly mentorship: MentorshipRepository
  /** Renders a check-in mail for the outbox. */
  readonly checkInMails: CheckInMailer
  /** Meetings, sessions and per-person meeting settings (docs/mentorship.md#meetings). */
  readonly meetings: MeetingsRepository
  /** Renders a meeting mail with its calendar file for the outbox. */
  readonly meetingMails: MeetingMailer
  /** Writes a person's calendar feed. */
  readonly calendarFeed: CalendarFeedWriter
  readonly clock: Clock
  readonly master: MasterData
  readonly logger: Logger
  readonly adminEmails: readonly string[]
  readonly matching: { readonly threshold: number; readonly limit: number }
  readonly publicUrl: string
  /** The organisation's time zone, as the mails show dates (exports write wall-clock times in it). */
  readonly timeZone: string
  /** Removes the delivered `.eml` files of the named outbox rows and every one naming the address. */
  readonly eraseMailFiles: (outboxIds: readonly number[], address: string) => Promise<void>
  /** Removes the account at the identity provider when it is ours; a no-op for external providers. */
  readonly deleteIdentity: (issuer: string, subject: string) => Promise<void>
  /**
   * Accounts of the embedded identity provider, for SyncDBFromIdp; null with an external provider,
   * whose accounts we cannot list (its claims refresh our users at each sign-in instead).
   */
  readonly identityAccounts: () => Promise<readonly IdentityAccount[] | null>
}

/** What the provider holds about an account: the fields SyncDBFromIdp copies into our user. */
export type IdentityAccount = {
  readonly issuer: string
  readonly subject: string
  readonly email: string
  readonly givenName: string
  readonly familyName: string
  readonly birthdate: string | null
  readonly gender: Gender
  readonly locale: Language
}

export const textIn = (text: Bilingual, language: Language): string => text[language]

/** The user an e-mail names, or NotFound. */
export const userByEmail = async (ctx: Pick<ServiceContext, 'users'>, email: string): Promise<Either<DomainError, UserRecord>> => {
  const user = await ctx.users.byEmail(email)
  return user === undefined ? left({ _tag: 'NotFound', entity: 'User' }) : right(user)
}

export const userById = async (ctx: Pick<ServiceContext, 'users'>, id: UserId | null): Promise<Either<DomainError, UserRecord>> => {
  const user = id === null ? undefined : await ctx.users.byId(id)
  return user === undefined ? left({ _tag: 'NotFound', entity: 'User' }) : right(user)
}
