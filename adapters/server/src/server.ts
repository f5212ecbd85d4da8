// The composition root: opens the database, picks the identity provider, wires services, mail and
// the Express app. `createServer` does no listening and starts no timers; main.ts does.
import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { createApp, type Services, type VerifyToken } from '@tandem/http'
import { createEmbeddedProvider, createTokenVerifier, type EmbeddedProvider } from '@tandem/identity'
import {
  createDeliveryWorker,
  emlTransport,
  eraseEmlFiles,
  outboxMessageId,
  smtpTransport,
  timeZoneOf,
  type DeliveryWorker,
  type MailTransport,
  type OrganisationInfo,
} from '@tandem/mail'
import {
  createAnswersRepository,
  createAuditRecords,
  createQuestionnaireVersionsRepository,
  createWaitlistRepository,
  createMentorshipRepository,
  createMeetingsRepository,
  createRetentionRepository,
  createClustersRepository,
  createCohortRepository,
  createQuestionnairePreviewRepository,
  createPersonalDataDownloads,
  createDeletedSubjects,
  createErasureRepository,
  createExportQueries,
  createStatisticsQueries,
  createListQueries,
  createOutboxRepository,
  createUsersRepository,
  createWorldStore,
  createAttemptLimiter,
  createSchedulerLeases,
  createSharedAttemptLimiter,
  createSharedSchedulerLeases,
  openDatabase,
  openPostgresDatabase,
  type AttemptLimiter,
  type AttemptRules,
  type Database,
  type SchedulerLeases,
  type SqliteDatabase,
} from '@tandem/store'
import {
  calendarYearOf,
  CURRENT_CONSENT_VERSIONS,
  DAY,
  draftOfQuestionnaire,
  EMBEDDED_PROVIDER_ISSUER,
  type ConsentVersions,
} from '@tandem/core'
import type express from 'express'
import { isLeft } from 'fp-ts/lib/Either.js'
import type { Logger } from 'pino'
import { adminNotificationMailer } from './admin-notification.mailer.js'
import { DEMO_ACCOUNTS, seedDemo } from './demo.seed.js'
import { reminderMailer } from './reminders.mailer.js'
import {
  notifyUser,
  serveWaitlist,
  sweepDeadlines,
  sweepReminders,
  sweepRetention,
  type RetentionSweepResult,
  type WaitlistRound,
} from '@tandem/application'
import { removeMailFilesExcept, retentionNoticeMailer } from './retention.mail.js'
import { systemClock, type Clock } from './clock.js'
import type { Config } from './config.js'
import { DATABASE_FILE, MAIL_FOLDER } from './data-folder.js'
import { acquireServerLock } from './data-folder.lock.js'
import { mailFailureWithoutPersonalData, sweepCheckIns, sweepMeetingReminders, withoutPersonalData } from '@tandem/application'
import { createLogger } from './logger.js'
import { fixtureMasterData } from './master-data.js'
import { mailNotifier } from './notifier.js'
import { checkInMailer } from './checkin-mails.js'
import { calendarFeedWriter, meetingMailer } from './meeting-mails.js'
import { resetMailWiring } from './reset-mail.js'
import type { PreviewRunner } from '@tandem/application'
import { createCohortRunner, QUIET_MS as COHORT_QUIET_MS, type CohortRunner } from './cohort/cohort.runner.js'
import { createPreviewRunner } from './questionnaire-preview/preview.runner.js'
import {
  clearInterruptedRuns,
  failInterruptedPreviews,
  createActiveQuestionnaire,
  createMentorPoolCache,
  createServices,
  type MasterData,
  type ServiceContext,
} from '@tandem/application'

export type ServerOverrides = {
  readonly clock?: Clock
  /** Replaces the identity provider's verifier (tests sign their own tokens). */
  readonly verifyToken?: VerifyToken
  readonly logger?: Logger
  readonly transport?: MailTransport
  /** Other budgets for the sign-in limits (tests use small ones). */
  readonly attemptRules?: Partial<AttemptRules>
  /** Other versions of the privacy policy and terms than the core's (tests of a new version). */
  readonly consentVersions?: ConsentVersions
  /** Wraps the cohort runner this server makes (screen tests hold a run's computation to show it running). */
  readonly cohortRunner?: (made: CohortRunner) => CohortRunner
  /** Wraps the questionnaire preview runner (screen tests hold a preview to show its progress). */
  readonly previewRunner?: (made: PreviewRunner) => PreviewRunner
}

export type TandemServer = {
  readonly app: express.Express
  readonly ctx: ServiceContext
  /** What the routes call (the Services port), as wired here. */
  readonly services: Services
  /** The SQLite file in DATA_DIR, or PostgreSQL when DATABASE_URL names one. */
  readonly db: Database
  readonly logger: Logger
  /** Applies every passed deadline; answers how many tandems expired. */
  readonly sweep: () => Promise<number>
  /** Records today's pool (available mentors, waiting mentees) for the statistics' pool balance. */
  readonly snapshotPool: () => Promise<void>
  /** Writes due reminders to the outbox; answers how many. */
  readonly sweepReminders: () => Promise<number>
  /** Sends the due check-in questions and reminders of matched and ended teams; answers how many mails. */
  readonly sweepCheckIns: () => Promise<number>
  /** Writes the reminders of meetings a day ahead (once each, whatever the instances); answers how many mails. */
  readonly sweepMeetingReminders: () => Promise<number>
  /** Retention notices, erasures and old mails (docs/privacy.md). */
  readonly sweepRetention: () => Promise<RetentionSweepResult>
  /** One round of mail delivery from the outbox. */
  readonly deliverMail: () => Promise<void>
  /**
   * The waitlist's round (docs/matching.md#waitlist): when a command opened a place, runs matching
   * for the waiting mentees who now have a candidate, longest waiting first; each run writes its mail.
   */
  readonly serveWaitlist: () => Promise<WaitlistRound>
  /**
   * Clears matching runs left PENDING longer than any run takes, and fails questionnaire previews
   * whose instance stopped writing their progress (an instance stopped mid-run); how many in all.
   */
  readonly sweepInterruptedRuns: () => Promise<number>
  /** The leases under which the periodic tasks run: one instance at a time per task. */
  readonly leases: SchedulerLeases
  /** This instance among all on the database: the holder of its leases and its mail claims. */
  readonly instance: string
  readonly identityProvider: EmbeddedProvider | null
  readonly close: () => Promise<void>
}

const isLoopback = (url: string): boolean => {
  const host = new URL(url).hostname
  return host === 'localhost' || host === '[::1]' || host.startsWith('127.')
}

/** A fresh database gets the default program year: mentees need one to start matching. */
const ensureDefaultCluster = async (ctx: ServiceContext): Promise<void> => {
  if ((await ctx.clusters.list()).length === 0) await ctx.clusters.create(String(calendarYearOf(ctx.clock())), true)
}

/** A server on the SQLite file, whose connection is at hand (tests and benchmarks read it directly). */
export type SqliteServer = TandemServer & { readonly db: SqliteDatabase }

/** The server itself, known to run on the SQLite file; throws when it runs on PostgreSQL. */
export const onSqliteFile = (server: TandemServer): SqliteServer => {
  const { db } = server
  if (db.raw === null) throw new Error('this server runs on PostgreSQL, not on a SQLite file')
  return { ...server, db: { ...db, raw: db.raw } }
}

/** The name of the error createServer throws while a restore holds the data folder. */
export const DATA_FOLDER_BUSY = 'DataFolderBusy'

export const createServer = async (config: Config, overrides: ServerOverrides = {}): Promise<TandemServer> => {
  mkdirSync(config.dataDir, { recursive: true })
  // Held while serving: a restore refuses to swap the files under a live server.
  const lock = acquireServerLock(config.dataDir)
  if (isLeft(lock)) throw Object.assign(new Error(lock.left), { name: DATA_FOLDER_BUSY })
  try {
    return await serve(config, overrides, lock.right)
  } catch (err) {
    lock.right()
    throw err
  }
}

/**
 * On PostgreSQL the sign-in counters and the scheduler leases run on the pool directly, each an
 * atomic upsert (decision 0018), not as store transactions: a store transaction that writes bumps
 * the revision every instance's caches are keyed by, and a sign-in attempt or a lease renewal
 * changes nothing those caches hold. On the SQLite file they stay on the store's one connection
 * (two connections of one process would wait on each other's write lock, decision 0018).
 */
const attemptLimiterOf = (db: Database, clock: Clock, rules: Partial<AttemptRules> | undefined): Promise<AttemptLimiter> =>
  db.dialect === 'postgres' ? createSharedAttemptLimiter(db.kysely, clock, rules) : createAttemptLimiter(db, clock, rules)

const leasesOf = (db: Database): SchedulerLeases =>
  db.dialect === 'postgres' ? createSharedSchedulerLeases(db.kysely) : createSchedulerLeases(db)

/** DATABASE_URL's PostgreSQL, shared by every instance; without it the SQLite file in DATA_DIR. */
const openStore = (config: Config, logger: Logger): Promise<Database> =>
  config.databaseUrl === null
    ? openDatabase(join(config.dataDir, DATABASE_FILE))
    : openPostgresDatabase(config.databaseUrl, {
        preparedStatements: config.preparedStatements,
        // The pool has dropped it and connects again for the next statement: news, not a failure.
        onConnectionLost: (error) => logger.warn({ err: error }, 'PostgreSQL ended an idle connection'),
      })

const serve = async (config: Config, overrides: ServerOverrides, releaseLock: () => void): Promise<TandemServer> => {
  const logger = overrides.logger ?? createLogger(config.logLevel)
  const db = await openStore(config, logger)
  try {
    return await wire(config, overrides, releaseLock, db, logger)
  } catch (err) {
    // A start that fails half-way leaves no pool behind (PostgreSQL) nor the file open.
    await db.close().catch(() => undefined)
    throw err
  }
}

const wire = async (
  config: Config,
  overrides: ServerOverrides,
  releaseLock: () => void,
  db: Database,
  logger: Logger,
): Promise<TandemServer> => {
  const clock = overrides.clock ?? systemClock
  const org: OrganisationInfo = {
    name: config.organisation.name,
    email: config.organisation.email,
    phone: config.organisation.phone,
    publicUrl: config.publicUrl,
  }
  // A mail server's refusal quotes the recipient ("550 <someone@…> unknown"): the log keeps none.
  const scrubbed = (fields: object): object =>
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' && k !== 'messageId' ? withoutPersonalData(v) : v]))
  const mailLog = {
    info: (f: object, m: string) => logger.info(scrubbed(f), m),
    warn: (f: object, m: string) => logger.warn(scrubbed(f), m),
    error: (f: object, m: string) => logger.error(scrubbed(f), m),
  }
  const transport =
    overrides.transport ??
    (config.smtpUrl !== null
      ? smtpTransport(config.smtpUrl, { from: config.mailFrom, pool: true })
      : emlTransport(join(config.dataDir, MAIL_FOLDER), { from: config.mailFrom, log: mailLog }))

  const users = createUsersRepository(db)
  // One limiter for the identity pages and the API, counting in the database with every other process.
  const limitAttempt = await attemptLimiterOf(db, clock, overrides.attemptRules)
  const store = createWorldStore(db, mailNotifier(org))

  let provider: EmbeddedProvider | null = null
  let verifyToken: VerifyToken
  if (overrides.verifyToken !== undefined) verifyToken = overrides.verifyToken
  else if (config.oidc !== null) {
    verifyToken = createTokenVerifier({
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      claimMapping: config.oidc.claimMapping,
      ...(config.oidc.jwksUri === undefined ? {} : { jwksUri: config.oidc.jwksUri }),
    })
  } else {
    provider = await createEmbeddedProvider({
      // The identity tables are reached through the store's Kysely (one statement per operation): on
      // SQLite its statements take their turn with the store's transactions (decision 0019), on
      // PostgreSQL it is the pool every instance shares (decision 0020).
      db: db.kysely,
      publicUrl: config.publicUrl,
      dataDir: config.dataDir,
      limitAttempt,
      redirectUris: [`${config.publicUrl}/`],
      postLogoutRedirectUris: [`${config.publicUrl}/`],
      ...resetMailWiring(transport, org),
      // the confirmation and reset mails go out at once, not through the outbox: their failures are logged here
      onMailError: (error) => logger.error(mailFailureWithoutPersonalData(error), 'identity mail not sent'),
      legalUrls: { terms: `${config.publicUrl}/terms-and-conditions`, privacy: `${config.publicUrl}/data-privacy-policy` },
    })
    // Tokens name the URL issuer; users are kept under the stable one, so PUBLIC_URL may change.
    const embeddedVerifier = provider.verifier
    verifyToken = async (token) => {
      const identity = await embeddedVerifier(token)
      return identity === null ? null : { ...identity, issuer: EMBEDDED_PROVIDER_ISSUER }
    }
  }
  const accounts = provider?.accounts ?? null

  const outbox = createOutboxRepository(db)
  const answers = createAnswersRepository(db)
  const lists = createListQueries(db)
  // The seed's questionnaire is version 1 of an installation that has none (new, or older than versions).
  const questionnaireVersions = createQuestionnaireVersionsRepository(db)
  const seed = fixtureMasterData()
  await questionnaireVersions.seed({
    version: 1,
    publishedBy: null,
    publishedAt: clock(),
    draft: draftOfQuestionnaire(seed.questionnaire, seed.profileQuestions, config.matching.threshold),
  })
  const published = await questionnaireVersions.versions()
  const [first] = published
  const latest = published[published.length - 1]
  if (first === undefined || latest === undefined) throw new Error('no questionnaire version after seeding version 1')
  const activeQuestionnaire = createActiveQuestionnaire(questionnaireVersions, latest, first)
  // Getters: the services read the published version in use at each call.
  const master: MasterData = {
    ...seed,
    get questionnaire() {
      return activeQuestionnaire.questionnaire()
    },
    get requiredQuestionnaire() {
      return activeQuestionnaire.requiredQuestionnaire()
    },
    get profileQuestions() {
      return activeQuestionnaire.profileQuestions()
    },
  }
  const matching = {
    get threshold() {
      return activeQuestionnaire.threshold()
    },
    limit: config.matching.limit,
  }
  const made = createCohortRunner({ dataDir: config.dataDir })
  const cohortRunner = overrides.cohortRunner?.(made) ?? made
  const madePreviews = createPreviewRunner({ dataDir: config.dataDir })
  const previewRunner = overrides.previewRunner?.(madePreviews) ?? madePreviews
  const ctx: ServiceContext = {
    cohorts: createCohortRepository(db),
    cohortRunner,
    previewRunner,
    previews: createQuestionnairePreviewRepository(db),
    inOneTransaction: db.transaction,
    questionnaireVersions,
    waitlist: createWaitlistRepository(db),
    activeQuestionnaire,
    downloads: createPersonalDataDownloads(db),
    mentorship: createMentorshipRepository(db),
    checkInMails: checkInMailer(org),
    meetings: createMeetingsRepository(db),
    meetingMails: meetingMailer(org),
    calendarFeed: calendarFeedWriter(org),
    users,
    store,
    clock,
    logger,
    outbox,
    answers,
    lists,
    master,
    deletedSubjects: createDeletedSubjects(db),
    clusters: createClustersRepository(db),
    erasure: createErasureRepository(db),
    exports: createExportQueries(db),
    audit: createAuditRecords(db),
    retention: createRetentionRepository(db),
    retentionMonths: config.retentionMonths,
    consentVersions: overrides.consentVersions ?? CURRENT_CONSENT_VERSIONS,
    statistics: createStatisticsQueries(db),
    generation: db.generation,
    // One packed pool per server, shared by every matching run it serves.
    mentorPool: createMentorPoolCache({
      get questionnaire() {
        return activeQuestionnaire.questionnaire()
      },
      answers,
      lists,
      matching,
    }),
    adminEmails: config.adminEmails,
    matching,
    publicUrl: config.publicUrl,
    timeZone: timeZoneOf(org),
    eraseMailFiles: (outboxIds, address) =>
      eraseEmlFiles(join(config.dataDir, MAIL_FOLDER), { messageIds: outboxIds.map((id) => outboxMessageId(org, id)), address }),
    deleteIdentity: async (issuer, subject) => {
      const account = await accounts?.findBySubject(subject)
      if (provider !== null && accounts !== null && issuer === EMBEDDED_PROVIDER_ISSUER && account !== undefined)
        await accounts.deleteAccount(account.email)
    },
    identityAccounts: async () => {
      if (config.oidc !== null && overrides.verifyToken === undefined) return null
      return accounts === null
        ? []
        : (await accounts.listAccounts()).map((a) => ({
            issuer: EMBEDDED_PROVIDER_ISSUER,
            subject: a.subject,
            email: a.email,
            givenName: a.givenName,
            familyName: a.familyName,
            birthdate: a.birthdate,
            gender: a.gender,
            locale: a.locale,
          }))
    },
  }
  await ensureDefaultCluster(ctx)
  if (config.demo && provider !== null) {
    await seedDemo(ctx, provider)
    // Demo addresses receive no mail; they count as confirmed so the demo admin is an admin.
    for (const email of Object.values(DEMO_ACCOUNTS)) {
      const account = await provider.accounts.findByEmail(email)
      if (account !== undefined) await provider.accounts.confirmEmail(account.subject)
    }
  }
  // On a shared PostgreSQL database another instance may be serving a run right now: only runs older
  // than any run takes are cleared (the sweep clears the rest later). The SQLite file's server
  // clears every one, as it always has.
  const cleared = await clearInterruptedRuns(ctx, db.dialect === 'postgres' ? 'stale' : 'all')
  // A cohort run's worker died with the process that ran it (this instance's previous process, or an
  // instance that went quiet); its draft was never written. Runs other live instances compute go on.
  const interruptedCohortRuns = await ctx.cohorts.failInterrupted(clock(), cohortRunner.owner, clock() - COHORT_QUIET_MS)
  if (interruptedCohortRuns > 0) logger.warn({ runs: interruptedCohortRuns }, 'cohort runs interrupted by the restart')
  // A preview's worker died the same way; the sweep fails those of instances that went quiet later.
  const interruptedPreviews = await failInterruptedPreviews(ctx, true)
  if (interruptedPreviews > 0) logger.warn({ previews: interruptedPreviews }, 'questionnaire previews interrupted by the restart')
  if (cleared > 0) logger.warn({ cleared }, 'cleared matching runs interrupted by a previous stop')

  const appConfig = {
    apiBaseUrl: config.publicUrl,
    oidc:
      config.oidc === null
        ? { authority: `${config.publicUrl}/oidc`, clientId: 'tandem-web', scope: 'openid offline_access profile email' }
        : config.oidc.web,
    organisation: config.organisation,
    retentionMonths: config.retentionMonths,
  }
  const services = createServices(ctx, { notifyUser: notifyUser({ ...ctx, adminNotifications: adminNotificationMailer(org) }) })
  const httpsOnly = config.publicUrl.startsWith('https:')
  if (!httpsOnly && !isLoopback(config.publicUrl)) {
    logger.warn(
      { publicUrl: config.publicUrl },
      'PUBLIC_URL is plain http: passwords and sign-in tokens cross the network unencrypted; serve Tandem over https (for example behind a TLS proxy)',
    )
  }
  const app = createApp({
    httpsOnly,
    services,
    verifyToken,
    adminEmails: config.adminEmails,
    logger,
    appConfig,
    webDist: config.webDist,
    trustProxy: config.trustProxy,
    limitAttempt,
    ...(provider === null
      ? {}
      : {
          mountBeforeParsers: (a: express.Express) => {
            a.use('/oidc', provider.handler)
          },
        }),
  })

  // Host and pid alone may repeat across machines (containers all run as pid 1 under one name).
  const instance = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`
  const worker: DeliveryWorker = createDeliveryWorker({
    outbox,
    transport,
    now: clock,
    org,
    worker: instance,
    log: mailLog,
    leaseMs: config.mailLeaseMs,
  })

  return {
    app,
    ctx,
    services,
    db,
    logger,
    sweep: () => sweepDeadlines(ctx),
    snapshotPool: async () => await ctx.statistics.recordPoolSnapshot(Math.floor(clock() / DAY) * DAY),
    identityProvider: provider,
    sweepReminders: () => sweepReminders({ ...ctx, reminderMails: reminderMailer(org) }),
    sweepCheckIns: () => sweepCheckIns(ctx),
    sweepMeetingReminders: () => sweepMeetingReminders(ctx)(),
    // Mail files live in the data folder only without SMTP (the .eml transport).
    sweepRetention: () =>
      sweepRetention({
        ...ctx,
        retentionNotices: retentionNoticeMailer(org),
        removeMailFilesExcept: config.smtpUrl === null ? removeMailFilesExcept(join(config.dataDir, MAIL_FOLDER)) : null,
      }),
    deliverMail: async () => {
      await worker.runOnce()
    },
    sweepInterruptedRuns: async () => (await clearInterruptedRuns(ctx, 'stale')) + (await failInterruptedPreviews(ctx, false)),
    serveWaitlist: () => serveWaitlist(ctx),
    leases: leasesOf(db),
    instance,
    close: async () => {
      await cohortRunner.close()
      await previewRunner.close()
      await provider?.close()
      await transport.close()
      await db.close()
      releaseLock()
    },
  }
}
