// The whole Tandem server with its real identity provider for the identity tests: no test-signed
// tokens, a real SQLite file (or PostgreSQL in project server-pg), a real port whose URL is the PUBLIC_URL (so the issuer is real too).
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { createServer, loadConfig, type ServerOverrides, type TandemServer } from '../../src/index.js'
import type { Endpoint, Tokens } from '../../../identity/test/support/harness.js'
import { databaseEnv, releaseDatabase } from './database.under-test.js'
import type { Reply } from './harness.js'

export type RealServer = {
  readonly base: string
  readonly server: TandemServer
  /** Where the code-flow helpers find the embedded provider (meaningless with an external one). */
  readonly endpoint: Endpoint
  readonly dir: string
  readonly api: <T = unknown>(token: string | null, method: 'GET' | 'POST', path: string, body?: unknown) => Promise<Reply<T>>
  readonly close: () => Promise<void>
}

/** `options.dir`: serve this data folder and keep it at close (a restart on other settings, or a second instance). */
export const startRealServer = async (
  env: Readonly<Record<string, string>> = {},
  options: { readonly dir?: string; readonly overrides?: ServerOverrides } = {},
): Promise<RealServer> => {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'tandem-identity-server-'))
  // Listen first: the public URL (and so the issuer) must name the real port before the provider starts.
  const listener = createHttpServer()
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`
  const config = loadConfig({ DATA_DIR: dir, PUBLIC_URL: base, WEB_DIST: join(dir, 'no-web'), ...(await databaseEnv(dir)), ...env })
  const server = await createServer(config, { logger: pino({ level: process.env['TEST_LOG'] ?? 'silent' }), ...options.overrides })
  listener.on('request', server.app)

  const api = async <T = unknown>(token: string | null, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply<T>> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = { raw: text }
    }
    return { status: response.status, body: parsed as Reply<T>['body'] }
  }

  return {
    base,
    server,
    dir,
    api,
    endpoint: { baseUrl: base, redirectUri: `${base}/` },
    close: async () => {
      await new Promise((resolve) => {
        listener.closeAllConnections()
        listener.close(resolve)
      })
      await server.close()
      if (options.dir === undefined) {
        rmSync(dir, { recursive: true, force: true })
        await releaseDatabase(dir)
      }
    },
  }
}

/** The sign-up body the web app sends, from the ID token's claims; tests overwrite fields to forge it. */
export const signUpBody = (email: string, role: string, forged: Readonly<Record<string, unknown>> = {}) => ({
  FirstName: 'Ada',
  LastName: 'Lovelace',
  DOB: '1990-12-10',
  Language: 'en',
  Gender: 'Female',
  Email: email,
  IsAcceptedDataPrivacyPolicy: true,
  IsAcceptedTermsConditions: true,
  Role: role,
  ...forged,
})

/** The payload of a JWT, unverified (tests read the subject the provider gave). */
export const claimsOf = (tokens: Tokens): Record<string, unknown> =>
  JSON.parse(Buffer.from(tokens.access_token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>
