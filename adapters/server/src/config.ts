// Server configuration from the environment, with defaults that let `npm start` run on a fresh
// clone: port 3000, data in ./data, the embedded identity provider, .eml files instead of SMTP.
import { isIP } from 'node:net'
import { resolve } from 'node:path'
import { DEFAULT_MATCHING_OPTIONS, MINUTE } from '@tandem/core'
import { dataDirFrom } from './data-folder.js'
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
    readonly name: string; readonly email: string; readonly phone: string; readonly website: string
    /** Social network pages for the web app's footer (ORG_SOCIAL). */
    readonly social: readonly { readonly name: string; readonly url: string }[]
  }
  /** Load the demo population into a fresh database (npm run demo). */
  readonly demo: boolean
}

const number = (value: string | undefined, fallback: number, what: string): number => {
  if (value === undefined || value.trim() === '') return fallback
  const n = Number(value)
  if (!Number.isFinite(n) || n < 0) throw new Error(`${what} must be a non-negative number, got ${JSON.stringify(value)}`)
  return n
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal']

/**
 * TRUST_PROXY: comma-separated addresses, subnets (CIDR) or the names loopback, linklocal,
 * uniquelocal, as Express's `trust proxy` takes them. Checked here because Express would only
 * fail at the first request. `true` and hop counts are refused: they let any client pick its address.
 */
/** ORG_SOCIAL: comma-separated `label=url` pairs; a pair without a label or an http(s) URL stops the start. */
const socialLinks = (value: string | undefined): { name: string; url: string }[] =>
  text(value, '').split(',').map((pair) => pair.trim()).filter((pair) => pair !== '').map((pair) => {
    const at = pair.indexOf('=')
    const name = at < 0 ? '' : pair.slice(0, at).trim()
    const url = at < 0 ? '' : pair.slice(at + 1).trim()
    if (name === '' || !/^https?:\/\/\S+$/.test(url)) throw new Error(`ORG_SOCIAL: '${pair}' is not label=http(s)-url`)
    return { name, url }
  })

const trustProxy = (value: string | undefined): string => {
  const setting = value === undefined || value.trim() === '' ? 'loopback' : value.trim()
  const bad = setting.split(',').map((s) => s.trim()).filter((item) => {
    if (PROXY_NAMES.includes(item)) return false
    const [address = '', prefix, ...rest] = item.split('/')
    if (rest.length > 0 || isIP(address) === 0) return true
    if (prefix === undefined) return false
    return !(/^\d{1,3}$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128)) && isIP(prefix) === 0
  })
  if (bad.length > 0) {
    throw new Error(`TRUST_PROXY must list proxy addresses, subnets (10.0.0.0/8) or ${PROXY_NAMES.join(', ')}; not understood: ${bad.map((b) => JSON.stringify(b)).join(', ')}`)
  }
  return setting
}

const text = (value: string | undefined, fallback: string): string => (value === undefined || value.trim() === '' ? fallback : value.trim())

export const loadConfig = (env: Readonly<Record<string, string | undefined>>, cwd = process.cwd()): Config => {
  const port = number(env['PORT'], 3000, 'PORT')
  const publicUrl = text(env['PUBLIC_URL'], `http://localhost:${port}`).replace(/\/+$/, '')
  const external = createExternalProviderConfig(env)
  // Refuse to start half-configured: a wrong issuer or mapping would only show as 401s or empty names.
  if (isLeft(external)) throw new Error(`identity provider configuration (OIDC_*): ${external.left.join('; ')}`)
  return {
    port,
    host: text(env['HOST'], '0.0.0.0'),
    dataDir: dataDirFrom(env, cwd),
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
    mailLeaseMs: number(env['MAIL_LEASE_MS'], 10 * MINUTE, 'MAIL_LEASE_MS'),
    smtpUrl: env['SMTP_URL'] === undefined || env['SMTP_URL'] === '' ? null : env['SMTP_URL'],
    mailFrom: text(env['MAIL_FROM'], 'Tandem <no-reply@localhost>'),
    webDist: resolve(cwd, text(env['WEB_DIST'], 'web/dist')),
    logLevel: text(env['LOG_LEVEL'], 'info'),
    oidc: external.right,
    trustProxy: trustProxy(env['TRUST_PROXY']),
    organisation: {
      name: text(env['ORG_NAME'], 'Tandem Mentoring'),
      email: text(env['ORG_EMAIL'], 'info@example.org'),
      phone: text(env['ORG_PHONE'], '+49 30 0000000'),
      website: text(env['ORG_WEBSITE'], 'https://example.org'),
      social: socialLinks(env['ORG_SOCIAL']),
    },
    demo: env['TANDEM_DEMO'] === '1',
  }
}
