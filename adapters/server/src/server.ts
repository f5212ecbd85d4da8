// The composition root: opens the database and wires the rest, one group per file of wiring/ (mail,
// identity, the questionnaire in use, the services' context, what a start puts right, the HTTP app,
// the periodic tasks). `createServer` does no listening and starts no timers; main.ts does.
import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import type { Services, VerifyToken } from '@tandem/http'
import type { EmbeddedProvider } from '@tandem/identity'
import type { MailTransport } from '@tandem/mail'
import {
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
import type { ConsentVersions } from '@tandem/core'
import type express from 'express'
import { isLeft } from 'fp-ts/lib/Either.js'
import type { Logger } from 'pino'
import type { PreviewRunner, ServiceContext } from '@tandem/application'
import { systemClock, type Clock } from './clock.js'
import type { Config } from './config.js'
import { DATABASE_FILE } from './data-folder.js'
import { acquireServerLock } from './data-folder.lock.js'
import { createLogger } from './logger.js'
import { createCohortRunner, type CohortRunner } from './cohort/cohort.runner.js'
import { createPreviewRunner } from './questionnaire-preview/preview.runner.js'
import { wireApp } from './wiring/app.wiring.js'
import { wireContext } from './wiring/context.wiring.js'
import { wireIdentity } from './wiring/identity.wiring.js'
import { wireMail } from './wiring/mail.wiring.js'
import { wireMasterData } from './wiring/master-data.wiring.js'
import { prepareAtStart } from './wiring/startup.wiring.js'
import { wireTasks, type ServerTasks } from './wiring/tasks.wiring.js'

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

export type TandemServer = ServerTasks & {
  readonly app: express.Express
  readonly ctx: ServiceContext
  /** What the routes call (the Services port), as wired here. */
  readonly services: Services
  /** The SQLite file in DATA_DIR, or PostgreSQL when DATABASE_URL names one. */
  readonly db: Database
  readonly logger: Logger
  /** The leases under which the periodic tasks run: one instance at a time per task. */
  readonly leases: SchedulerLeases
  /** This instance among all on the database: the holder of its leases and its mail claims. */
  readonly instance: string
  readonly identityProvider: EmbeddedProvider | null
  readonly close: () => Promise<void>
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
  const mail = wireMail(config, logger, overrides.transport)
  // One limiter for the identity pages and the API, counting in the database with every other process.
  const limitAttempt = await attemptLimiterOf(db, clock, overrides.attemptRules)
  const identity = await wireIdentity(config, overrides.verifyToken, db, limitAttempt, mail, logger)
  const masterData = await wireMasterData(config, db, clock)
  const made = createCohortRunner({ dataDir: config.dataDir })
  const cohortRunner = overrides.cohortRunner?.(made) ?? made
  const madePreviews = createPreviewRunner({ dataDir: config.dataDir })
  const previewRunner = overrides.previewRunner?.(madePreviews) ?? madePreviews
  const ctx = wireContext(config, db, {
    clock,
    logger,
    org: mail.org,
    consentVersions: overrides.consentVersions,
    identity,
    masterData,
    workers: { cohortRunner, previewRunner },
  })
  await prepareAtStart(config, db, ctx, identity.provider)
  const { services, app } = wireApp(config, ctx, {
    org: mail.org,
    verifyToken: identity.verifyToken,
    provider: identity.provider,
    limitAttempt,
    logger,
  })
  // Host and pid alone may repeat across machines (containers all run as pid 1 under one name).
  const instance = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`
  const provider = identity.provider
  return {
    app,
    ctx,
    services,
    db,
    logger,
    ...wireTasks(config, ctx, mail, instance),
    identityProvider: provider,
    leases: leasesOf(db),
    instance,
    close: async () => {
      await cohortRunner.close()
      await previewRunner.close()
      await provider?.close()
      await mail.transport.close()
      await db.close()
      releaseLock()
    },
  }
}
