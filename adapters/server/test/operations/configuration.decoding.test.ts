// Every environment variable is decoded at start: a value outside what the variable allows stops
// the start with a message naming the variable, the value and what is allowed.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isLeft, isRight } from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { decodeConfig, loadConfig } from '../../src/config.js'

/** The problems for this environment (empty when it is accepted). */
const problems = (env: Record<string, string>): readonly string[] => {
  const decoded = decodeConfig(env, '/srv/tandem')
  return isLeft(decoded) ? decoded.left : []
}

const refuses = (name: string, value: string, allowed: string): void => {
  expect(problems({ [name]: value })).toEqual([`${name} is ${JSON.stringify(value)}; allowed: ${allowed}`])
}

describe('configuration decoding', () => {
  it('takes the defaults for every variable when none is set', () => {
    const config = loadConfig({}, '/srv/tandem')
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/tandem/data',
      publicUrl: 'http://localhost:3000',
      adminEmails: [],
      matching: { threshold: 30, limit: 3 },
      sweepIntervalMs: 60_000,
      mailIntervalMs: 10_000,
      mailLeaseMs: 600_000,
      databaseUrl: null,
      preparedStatements: true,
      smtpUrl: null,
      mailFrom: 'Tandem <no-reply@localhost>',
      webDist: '/srv/tandem/web/dist',
      logLevel: 'info',
      oidc: null,
      trustProxy: 'loopback',
      organisation: {
        name: 'Tandem Mentoring',
        email: 'info@example.org',
        phone: '+49 30 0000000',
        website: 'https://example.org',
        social: [],
      },
      demo: false,
      retentionMonths: 12,
    })
  })

  it('RETENTION_MONTHS: an integer from 1 to 120 months', () => {
    refuses('RETENTION_MONTHS', '0', 'an integer from 1 to 120 (months)')
    refuses('RETENTION_MONTHS', 'a year', 'an integer from 1 to 120 (months)')
    expect(loadConfig({ RETENTION_MONTHS: '24' }).retentionMonths).toBe(24)
  })

  it('PORT: an integer from 0 to 65535', () => {
    refuses('PORT', '99999', 'an integer from 0 to 65535 (0: any free port)')
    refuses('PORT', '80.5', 'an integer from 0 to 65535 (0: any free port)')
    refuses('PORT', 'http', 'an integer from 0 to 65535 (0: any free port)')
    expect(loadConfig({ PORT: '0' }).port).toBe(0)
    expect(loadConfig({ PORT: '8080' })).toMatchObject({ port: 8080, publicUrl: 'http://localhost:8080' })
  })

  it('HOST: an IP address or a host name', () => {
    refuses('HOST', 'my host', 'an IP address or a host name')
    expect(loadConfig({ HOST: '::1' }).host).toBe('::1')
    expect(loadConfig({ HOST: 'tandem.internal' }).host).toBe('tandem.internal')
  })

  it('DATA_DIR and WEB_DIST: paths, relative ones to the working folder', () => {
    expect(loadConfig({ DATA_DIR: 'var/tandem', WEB_DIST: '/opt/web' }, '/srv/tandem')).toMatchObject({
      dataDir: '/srv/tandem/var/tandem',
      webDist: '/opt/web',
    })
  })

  it('PUBLIC_URL: an http(s) URL without query or fragment', () => {
    const allowed = 'an http:// or https:// URL without query or fragment (e.g. https://tandem.example.org) (or unset)'
    refuses('PUBLIC_URL', 'tandem.example.org', allowed)
    refuses('PUBLIC_URL', 'ftp://tandem.example.org', allowed)
    refuses('PUBLIC_URL', 'https://tandem.example.org/?a=1', allowed)
    expect(loadConfig({ PUBLIC_URL: 'https://tandem.example.org/app/' }).publicUrl).toBe('https://tandem.example.org/app')
  })

  it('ADMIN_EMAILS: e-mail addresses separated by commas, not semicolons', () => {
    refuses('ADMIN_EMAILS', 'ada@example.org;bob@example.org', 'e-mail addresses separated by commas')
    refuses('ADMIN_EMAILS', 'ada@example.org, admin', 'e-mail addresses separated by commas')
    expect(loadConfig({ ADMIN_EMAILS: 'ada@example.org, bob@example.org,' }).adminEmails).toEqual(['ada@example.org', 'bob@example.org'])
    expect(loadConfig({ ADMIN_EMAILS: 'ada@example.org', TANDEM_DEMO: '1' }).adminEmails).toEqual([
      'ada@example.org',
      'demo.admin@example.org',
    ])
  })

  it('MATCHING_THRESHOLD: a percentage; MATCHING_PROPOSALS: 1 to 20 per run', () => {
    refuses('MATCHING_THRESHOLD', '250', 'an integer from 0 to 100 (percent)')
    refuses('MATCHING_THRESHOLD', '-5', 'an integer from 0 to 100 (percent)')
    refuses('MATCHING_PROPOSALS', '0', 'an integer from 1 to 20')
    refuses('MATCHING_PROPOSALS', '2.5', 'an integer from 1 to 20')
    expect(loadConfig({ MATCHING_THRESHOLD: '0', MATCHING_PROPOSALS: '20' }).matching).toEqual({ threshold: 0, limit: 20 })
    expect(loadConfig({ MATCHING_THRESHOLD: '100', MATCHING_PROPOSALS: '1' }).matching).toEqual({ threshold: 100, limit: 1 })
  })

  it('SWEEP_INTERVAL_MS and MAIL_INTERVAL_MS: 10 ms to one day (longer timers would fire at once)', () => {
    refuses('SWEEP_INTERVAL_MS', '5', 'an integer from 10 to 86400000 milliseconds')
    refuses('MAIL_INTERVAL_MS', '3000000000', 'an integer from 10 to 86400000 milliseconds')
    expect(loadConfig({ SWEEP_INTERVAL_MS: '100', MAIL_INTERVAL_MS: '86400000' })).toMatchObject({
      sweepIntervalMs: 100,
      mailIntervalMs: 86_400_000,
    })
  })

  it('SWEEP_LEASE_MS: one second to one day, a minute by default', () => {
    refuses('SWEEP_LEASE_MS', '999', 'an integer from 1000 to 86400000 milliseconds')
    expect(loadConfig({}).sweepLeaseMs).toBe(60_000)
    expect(loadConfig({ SWEEP_LEASE_MS: '3000' }).sweepLeaseMs).toBe(3000)
  })

  it('MAIL_LEASE_MS: 100 ms to one day', () => {
    refuses('MAIL_LEASE_MS', '50', 'an integer from 100 to 86400000 milliseconds')
    refuses('MAIL_LEASE_MS', 'ten minutes', 'an integer from 100 to 86400000 milliseconds')
    expect(loadConfig({ MAIL_LEASE_MS: '1500' }).mailLeaseMs).toBe(1500)
  })

  it('SMTP_URL: an smtp(s) URL; a refused one is shown without its password', () => {
    refuses('SMTP_URL', 'mail.example.org:587', 'an smtp:// or smtps:// URL with a host (smtp://user:pass@host:587) (or unset)')
    expect(problems({ SMTP_URL: 'https://user:secret@mail.example.org' })).toEqual([
      'SMTP_URL is "https://user:***@mail.example.org"; allowed: an smtp:// or smtps:// URL with a host (smtp://user:pass@host:587) (or unset)',
    ])
    expect(loadConfig({ SMTP_URL: 'smtps://user:secret@mail.example.org:465' }).smtpUrl).toBe('smtps://user:secret@mail.example.org:465')
  })

  it('DATABASE_URL: a postgres(ql) URL; a refused one is shown without its password', () => {
    const allowed = 'a postgres:// or postgresql:// URL with a host (postgres://user:password@host:5432/tandem) (or unset)'
    refuses('DATABASE_URL', 'db.example.org:5432/tandem', allowed)
    refuses('DATABASE_URL', 'postgres:///tandem', allowed)
    expect(problems({ DATABASE_URL: 'mysql://tandem:secret@db.example.org/tandem' })).toEqual([
      `DATABASE_URL is "mysql://tandem:***@db.example.org/tandem"; allowed: ${allowed}`,
    ])
    expect(loadConfig({ DATABASE_URL: 'postgres://tandem:secret@db.example.org:5432/tandem' }).databaseUrl).toBe(
      'postgres://tandem:secret@db.example.org:5432/tandem',
    )
    expect(loadConfig({ DATABASE_URL: 'postgresql://db.example.org/tandem' }).databaseUrl).toBe('postgresql://db.example.org/tandem')
    expect(loadConfig({ DATABASE_URL: ' ' }).databaseUrl).toBeNull()
  })

  it('DATABASE_PREPARED_STATEMENTS: 1 (the default) or 0 for a pooler in transaction mode', () => {
    refuses('DATABASE_PREPARED_STATEMENTS', 'off', 'one of 0, 1')
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: '0' }).preparedStatements).toBe(false)
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: '1' }).preparedStatements).toBe(true)
  })

  it('MAIL_FROM: an address or Name <address>', () => {
    refuses('MAIL_FROM', 'Tandem', 'an e-mail address or Name <address>')
    refuses('MAIL_FROM', 'Tandem <nobody>', 'an e-mail address or Name <address>')
    expect(loadConfig({ MAIL_FROM: 'Mentoring <mentoring@example.org>' }).mailFrom).toBe('Mentoring <mentoring@example.org>')
    expect(loadConfig({ MAIL_FROM: 'mentoring@example.org' }).mailFrom).toBe('mentoring@example.org')
  })

  it('LOG_LEVEL: one of the pino levels', () => {
    refuses('LOG_LEVEL', 'verbose', 'one of fatal, error, warn, info, debug, trace, silent')
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug')
  })

  it('TRUST_PROXY: addresses, subnets or the names Express knows', () => {
    refuses('TRUST_PROXY', '2', 'proxy addresses, subnets (10.0.0.0/8) or loopback, linklocal, uniquelocal, separated by commas')
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8')
  })

  it('ORG_*: any name and phone, an e-mail address, an http(s) website, label=url social links', () => {
    refuses('ORG_EMAIL', 'info(at)example.org', 'an e-mail address')
    refuses('ORG_WEBSITE', 'example.org', 'an http:// or https:// URL')
    refuses('ORG_SOCIAL', 'Mastodon', 'comma-separated label=http(s)-url pairs (Mastodon=https://…,LinkedIn=https://…)')
    expect(
      loadConfig({ ORG_NAME: 'Mentoring e.V.', ORG_PHONE: '+49 89 1', ORG_SOCIAL: 'Mastodon=https://social.example/@m' }).organisation,
    ).toMatchObject({
      name: 'Mentoring e.V.',
      phone: '+49 89 1',
      social: [{ name: 'Mastodon', url: 'https://social.example/@m' }],
    })
  })

  it('TANDEM_DEMO: 0 or 1', () => {
    refuses('TANDEM_DEMO', 'yes', 'one of 0, 1')
    expect(loadConfig({ TANDEM_DEMO: '1' }).demo).toBe(true)
  })

  it('names every refused variable at once, with the identity provider problems', () => {
    expect(problems({ PORT: '99999', MATCHING_THRESHOLD: '250', OIDC_ISSUER: 'https://kc.example.org/realms/t' })).toEqual([
      'PORT is "99999"; allowed: an integer from 0 to 65535 (0: any free port)',
      'MATCHING_THRESHOLD is "250"; allowed: an integer from 0 to 100 (percent)',
      expect.stringMatching(/^identity provider configuration \(OIDC_\*\): OIDC_CLIENT_ID is required/),
    ])
    expect(isRight(decodeConfig({ PORT: ' 8080 ' }))).toBe(true)
  })
})

describe('a start with a refused value', () => {
  it('npm start stops at once, naming the variable, the value and what is allowed, with a non-zero exit code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-config-'))
    try {
      const start = join(import.meta.dirname, '..', '..', '..', '..', 'scripts', 'start.mjs')
      const child = spawn(process.execPath, [start], {
        env: {
          ...process.env,
          DATA_DIR: dir,
          WEB_DIST: join(dir, 'no-web'),
          PORT: '99999',
          ADMIN_EMAILS: 'ada@example.org;bob@example.org',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let err = ''
      child.stderr.on('data', (c: Buffer) => {
        err += c.toString()
      })
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
      expect(code).toBe(1)
      expect(err).toContain('Tandem cannot start: the configuration is refused:')
      expect(err).toContain('PORT is "99999"; allowed: an integer from 0 to 65535')
      expect(err).toContain('ADMIN_EMAILS is "ada@example.org;bob@example.org"; allowed: e-mail addresses separated by commas')
      expect(err).not.toContain('    at ')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
