// Server configuration from the environment, with defaults that let `npm start` run on a fresh
// clone: port 3000, data in ./data, the embedded identity provider, .eml files instead of SMTP.
import { resolve } from 'node:path'
import { DEFAULT_MATCHING_OPTIONS, MINUTE } from '@tandem/core'
import { createExternalProviderConfig, type ExternalProviderConfig } from '@tandem/identity'
import { isLeft } from 'fp-ts/lib/Either.js'

export type Config = {
  readonly port: number
  readonly host: string
  readonly dataDir: string
  readonly publicUrl: string
  readonly adminEmails: readonly string[]
  readonly matching: { readonly threshold: number; readonly limit: number }
  readonly sweepIntervalMs: number
  readonly mailIntervalMs: number
  readonly smtpUrl: string | null
  readonly mailFrom: string
  readonly webDist: string
  readonly logLevel: string
  /** The external provider (OIDC_* variables), checked by the identity adapter; null: embedded. */
  readonly oidc: ExternalProviderConfig | null
  /** Express `trust proxy`: 'loopback' by default; set TRUST_PROXY when a proxy terminates TLS. */
  readonly trustProxy: string
  readonly organisation: { readonly name: string; readonly email: string; readonly phone: string; readonly website: string }
  /** Load the demo population into a fresh database (npm run demo). */
  readonly demo: boolean
}

const number = (value: string | undefined, fallback: number, what: string): number => {
  if (value === undefined || value.trim() === '') return fallback
  const n = Number(value)
  if (!Number.isFinite(n) || n < 0) throw new Error(`${what} must be a non-negative number, got ${JSON.stringify(value)}`)
  return n
}

const text = (value: string | undefined, fallback: string): string => (value === undefined || value.trim() === '' ? fallback : value.trim())

export const loadConfig = (env: Readonly<Record<string, string | undefined>>, cwd = process.cwd()): Config => {
  const port = number(env['PORT'], 3000, 'PORT')
  const publicUrl = text(env['PUBLIC_URL'], `http://localhost:${port}`).replace(/\/+$/, '')
  const external = createExternalProviderConfig(env)
  if (isLeft(external)) throw new Error(`identity provider configuration: ${external.left.join('; ')}`)
  return {
    port,
    host: text(env['HOST'], '0.0.0.0'),
    dataDir: resolve(cwd, text(env['DATA_DIR'], './data')),
    publicUrl,
    adminEmails: [
      ...text(env['ADMIN_EMAILS'], '').split(',').map((e) => e.trim()).filter((e) => e !== ''),
      ...(env['TANDEM_DEMO'] === '1' ? ['demo.admin@example.org'] : []),
    ],
    matching: {
      threshold: number(env['MATCHING_THRESHOLD'], DEFAULT_MATCHING_OPTIONS.threshold, 'MATCHING_THRESHOLD'),
      limit: number(env['MATCHING_PROPOSALS'], DEFAULT_MATCHING_OPTIONS.limit, 'MATCHING_PROPOSALS'),
    },
    sweepIntervalMs: number(env['SWEEP_INTERVAL_MS'], MINUTE, 'SWEEP_INTERVAL_MS'),
    mailIntervalMs: number(env['MAIL_INTERVAL_MS'], 10_000, 'MAIL_INTERVAL_MS'),
    smtpUrl: env['SMTP_URL'] === undefined || env['SMTP_URL'] === '' ? null : env['SMTP_URL'],
    mailFrom: text(env['MAIL_FROM'], 'Tandem <no-reply@localhost>'),
    webDist: resolve(cwd, text(env['WEB_DIST'], 'web/dist')),
    logLevel: text(env['LOG_LEVEL'], 'info'),
    oidc: external.right,
    trustProxy: text(env['TRUST_PROXY'], 'loopback'),
    organisation: {
      name: text(env['ORG_NAME'], 'Tandem Mentoring'),
      email: text(env['ORG_EMAIL'], 'info@example.org'),
      phone: text(env['ORG_PHONE'], '+49 30 0000000'),
      website: text(env['ORG_WEBSITE'], 'https://example.org'),
    },
    demo: env['TANDEM_DEMO'] === '1',
  }
}
