// Server configuration from the environment, with defaults that let `npm start` run on a fresh
// clone: port 3000, data in ./data, the embedded identity provider, .eml files instead of SMTP.
import { resolve } from 'node:path'
import { DAY, DEFAULT_MATCHING_OPTIONS, DEFAULT_RETENTION_MONTHS, MINUTE } from '@tandem/core'
import { createExternalProviderConfig, type ExternalProviderConfig } from '@tandem/identity'
import * as E from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import {
  emailAddress,
  emailList,
  host,
  httpUrl,
  integerIn,
  mailbox,
  nonEmptyText,
  oneOf,
  optional,
  postgresUrl,
  publicUrl,
  shownValue,
  smtpUrl,
  socialLinks,
  trustProxy,
  withDefault,
} from './config.codec.js'
import { dataDirFrom } from './data-folder.js'

export type Config = {
  readonly port: number
  readonly host: string
  readonly dataDir: string
  /**
   * PostgreSQL's URL (DATABASE_URL), shared by every instance; null: the SQLite file in DATA_DIR.
   * DATA_DIR stays each instance's own folder either way (the .eml mails, the lock).
   */
  readonly databaseUrl: string | null
  /**
   * Whether PostgreSQL keeps the statements prepared per connection (DATABASE_PREPARED_STATEMENTS;
   * on by default). Off for a connection pooler in transaction mode that keeps none.
   */
  readonly preparedStatements: boolean
  readonly publicUrl: string
  readonly adminEmails: readonly string[]
  readonly matching: { readonly threshold: number; readonly limit: number }
  readonly sweepIntervalMs: number
  /** The shortest lease a sweep takes; after a crash another instance sweeps once it ran out. */
  readonly sweepLeaseMs: number
  readonly mailIntervalMs: number
  /** How long a delivery round holds its messages; an interrupted message is sent again after it. */
  readonly mailLeaseMs: number
  readonly smtpUrl: string | null
  readonly mailFrom: string
  readonly webDist: string
  readonly logLevel: string
  /** The external provider (OIDC_* variables), checked by the identity adapter; null: embedded. */
  readonly oidc: ExternalProviderConfig | null
  /** Express `trust proxy`: 'loopback' by default; TRUST_PROXY names the proxies that terminate TLS. */
  readonly trustProxy: string
  readonly organisation: {
    readonly name: string
    readonly email: string
    readonly phone: string
    readonly website: string
    /** Social network pages for the web app's footer (ORG_SOCIAL). */
    readonly social: readonly { readonly name: string; readonly url: string }[]
  }
  /** Load the demo population into a fresh database (npm run demo). */
  readonly demo: boolean
  /** Months personal data is kept after the last sign-in or the end of the program year (docs/privacy.md). */
  readonly retentionMonths: number
}

/** Every variable, with what it allows and its default. OIDC_* are decoded by the identity adapter. */
const Environment = t.type(
  {
    PORT: withDefault(integerIn(0, 65535, ' (0: any free port)'), '3000'),
    HOST: withDefault(host, '0.0.0.0'),
    DATA_DIR: withDefault(nonEmptyText, './data'),
    DATABASE_URL: optional(postgresUrl),
    DATABASE_PREPARED_STATEMENTS: withDefault(oneOf(['0', '1']), '1'),
    PUBLIC_URL: optional(publicUrl),
    ADMIN_EMAILS: withDefault(emailList, ','),
    MATCHING_THRESHOLD: withDefault(integerIn(0, 100, ' (percent)'), String(DEFAULT_MATCHING_OPTIONS.threshold)),
    MATCHING_PROPOSALS: withDefault(integerIn(1, 20), String(DEFAULT_MATCHING_OPTIONS.limit)),
    // Up to a day: Node runs a timer longer than 24.8 days after 1 ms instead.
    SWEEP_INTERVAL_MS: withDefault(integerIn(10, DAY, ' milliseconds'), String(MINUTE)),
    SWEEP_LEASE_MS: withDefault(integerIn(1000, DAY, ' milliseconds'), String(MINUTE)),
    MAIL_INTERVAL_MS: withDefault(integerIn(10, DAY, ' milliseconds'), '10000'),
    MAIL_LEASE_MS: withDefault(integerIn(100, DAY, ' milliseconds'), String(10 * MINUTE)),
    SMTP_URL: optional(smtpUrl),
    MAIL_FROM: withDefault(mailbox, 'Tandem <no-reply@localhost>'),
    WEB_DIST: withDefault(nonEmptyText, 'web/dist'),
    LOG_LEVEL: withDefault(oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
    TRUST_PROXY: withDefault(trustProxy, 'loopback'),
    ORG_NAME: withDefault(nonEmptyText, 'Tandem Mentoring'),
    ORG_EMAIL: withDefault(emailAddress, 'info@example.org'),
    ORG_PHONE: withDefault(nonEmptyText, '+49 30 0000000'),
    ORG_WEBSITE: withDefault(httpUrl, 'https://example.org'),
    ORG_SOCIAL: withDefault(socialLinks, ','),
    TANDEM_DEMO: withDefault(oneOf(['0', '1']), '0'),
    RETENTION_MONTHS: withDefault(integerIn(1, 120, ' (months)'), String(DEFAULT_RETENTION_MONTHS)),
  },
  'Environment',
)

/** One line per refused variable: its name, the value and what is allowed. */
const describeErrors = (errors: t.Errors): string[] =>
  errors.map((error) => {
    const entry = error.context[1]
    const name = entry?.key ?? '?'
    return `${name} is ${shownValue(name, error.value)}; allowed: ${entry?.type.name ?? 'another value'}`
  })

/** Decodes the environment; answers every problem at once (a start should not fail one variable at a time). */
export const decodeConfig = (
  env: Readonly<Record<string, string | undefined>>,
  cwd = process.cwd(),
): E.Either<readonly string[], Config> => {
  const decoded = Environment.decode(env)
  const external = createExternalProviderConfig(env)
  // Refuse to start half-configured: a wrong issuer or mapping would only show as 401s or empty names.
  const problems = [
    ...(E.isLeft(decoded) ? describeErrors(decoded.left) : []),
    ...(E.isLeft(external) ? [`identity provider configuration (OIDC_*): ${external.left.join('; ')}`] : []),
  ]
  if (E.isLeft(decoded) || E.isLeft(external)) return E.left(problems)
  const v = decoded.right
  return E.right({
    port: v.PORT,
    host: v.HOST,
    dataDir: dataDirFrom(env, cwd),
    databaseUrl: v.DATABASE_URL,
    preparedStatements: v.DATABASE_PREPARED_STATEMENTS === '1',
    publicUrl: v.PUBLIC_URL ?? `http://localhost:${v.PORT}`,
    adminEmails: [...v.ADMIN_EMAILS, ...(v.TANDEM_DEMO === '1' ? ['demo.admin@example.org'] : [])],
    matching: { threshold: v.MATCHING_THRESHOLD, limit: v.MATCHING_PROPOSALS },
    sweepIntervalMs: v.SWEEP_INTERVAL_MS,
    sweepLeaseMs: v.SWEEP_LEASE_MS,
    mailIntervalMs: v.MAIL_INTERVAL_MS,
    mailLeaseMs: v.MAIL_LEASE_MS,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    webDist: resolve(cwd, v.WEB_DIST),
    logLevel: v.LOG_LEVEL,
    oidc: external.right,
    trustProxy: v.TRUST_PROXY,
    organisation: { name: v.ORG_NAME, email: v.ORG_EMAIL, phone: v.ORG_PHONE, website: v.ORG_WEBSITE, social: v.ORG_SOCIAL },
    demo: v.TANDEM_DEMO === '1',
    retentionMonths: v.RETENTION_MONTHS,
  })
}

/** decodeConfig for callers that cannot go on without a configuration (tests, tools): throws the problems. */
export const loadConfig = (env: Readonly<Record<string, string | undefined>>, cwd = process.cwd()): Config => {
  const config = decodeConfig(env, cwd)
  if (E.isLeft(config)) throw new Error(`configuration refused:\n${config.left.join('\n')}`)
  return config.right
}
