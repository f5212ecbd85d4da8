// Starts the real thing for tests: an Express app on a loopback port with the provider at /oidc,
// a SQLite file in a temp folder or a PostgreSQL database, a real SMTP mailbox and a stand-in API
// route guarded by the verifier.
import express from 'express'
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  createEmbeddedProvider,
  type EmbeddedProvider,
  type EmbeddedProviderOptions,
  type IdentityDatabase,
  type TokenVerifier,
} from '../../src/index.js'
import { freshPostgresDatabase, openPostgres, openSqlite, type DatabaseKind } from './databases.js'
import { Browser, hiddenField, formAction } from './http.client.js'
import { startMailbox, type Mailbox } from './mailbox.js'

export type Harness = {
  /** The public URL (issuer base); the same as serverUrl unless publicUrl was given. */
  readonly baseUrl: string
  /** Where the server really listens. */
  readonly serverUrl: string
  readonly redirectUri: string
  readonly provider: EmbeddedProvider
  readonly mailbox: Mailbox
  readonly db: IdentityDatabase
  readonly database: DatabaseKind
  /** The PostgreSQL database's URL (undefined on SQLite), for a second instance on it. */
  readonly databaseUrl: string | undefined
  readonly dataDir: string
  readonly clock: { now: number }
  readonly close: () => Promise<void>
}

export type HarnessOptions = Partial<Pick<EmbeddedProviderOptions, 'limitAttempt' | 'audience'>> & {
  readonly dataDir?: string
  /** SQLite (a file in the data folder) by default. */
  readonly database?: DatabaseKind
  /** A PostgreSQL database to use (another harness's, as a second instance); a fresh one by default. */
  readonly databaseUrl?: string
  /** The public address the provider believes it has (its issuer), e.g. the one of an earlier run. */
  readonly publicUrl?: string
  /** Serves the app under a path prefix, as a proxy publishing it at https://host/prefix would. */
  readonly prefix?: string
  /** The API stand-in's verifier; the provider's own by default. */
  readonly verifier?: (provider: EmbeddedProvider) => TokenVerifier
}

/** PostgreSQL databases by data folder: a harness started again on a folder finds its database again. */
const postgresByFolder = new Map<string, string>()

const postgresFor = async (dataDir: string, given: string | undefined): Promise<string> => {
  const url = given ?? postgresByFolder.get(dataDir) ?? (await freshPostgresDatabase())
  postgresByFolder.set(dataDir, url)
  return url
}

export const startHarness = async (options: HarnessOptions = {}): Promise<Harness> => {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'tandem-identity-'))
  const database = options.databaseUrl === undefined ? (options.database ?? 'sqlite') : 'postgres'
  const databaseUrl = database === 'postgres' ? await postgresFor(dataDir, options.databaseUrl) : undefined
  const opened = databaseUrl === undefined ? openSqlite(join(dataDir, 'tandem.db')) : openPostgres(databaseUrl)
  const db = opened.kysely
  const mailbox = await startMailbox()
  const clock = { now: Date.now() }
  const app = express()
  const outer = express()
  outer.use(options.prefix ?? '/', app)
  // As the server: forwarded headers count from a proxy on this machine only (TRUST_PROXY default).
  outer.set('trust proxy', 'loopback')
  const server: Server = await new Promise((resolve) => {
    const s = outer.listen(0, '127.0.0.1', () => resolve(s))
  })
  const serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${options.prefix ?? ''}`
  const baseUrl = options.publicUrl ?? serverUrl
  const provider = await createEmbeddedProvider({
    db,
    publicUrl: baseUrl,
    dataDir,
    redirectUris: [`${baseUrl}/`],
    postLogoutRedirectUris: [`${baseUrl}/`],
    sendMail: mailbox.sendMail,
    now: () => clock.now,
    // The limiter is the server's (its counters live in the application's database, tested in the
    // server's tests); the pages here are tested for what they do within the limits.
    limitAttempt: options.limitAttempt ?? (async () => ({ allowed: true })),
    ...(options.audience === undefined ? {} : { audience: options.audience }),
  })
  const verify = options.verifier?.(provider) ?? provider.verifier
  app.use('/oidc', provider.handler)
  // The API's body parser comes after the provider, as in the server.
  app.use(express.json())
  app.get('/api/me', async (req, res) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]
    const identity = token === undefined ? null : await verify(token)
    if (identity === null) res.status(401).json({ isSuccess: false })
    else res.json({ isSuccess: true, value: identity })
  })
  return {
    baseUrl,
    serverUrl,
    redirectUri: `${baseUrl}/`,
    provider,
    mailbox,
    db,
    database,
    databaseUrl,
    dataDir,
    clock,
    close: async () => {
      await provider.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      await mailbox.close()
      await opened.close()
      if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** What the code-flow helpers need: the provider's public base (issuer without /oidc) and the app's redirect URI. */
export type Endpoint = Pick<Harness, 'baseUrl' | 'redirectUri'>

export type Tokens = {
  readonly access_token: string
  readonly refresh_token?: string
  readonly id_token: string
  readonly expires_in: number
  readonly scope: string
}

export const pkce = (): { readonly verifier: string; readonly challenge: string } => {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

export type Flow = {
  readonly browser: Browser
  readonly verifier: string
  readonly state: string
  readonly page: string
  readonly pageUrl: string
}

/** Starts the code flow as the web app would (oidc-client-ts): PKCE, state, the app's scopes. */
export const startAuthorization = async (
  h: Endpoint,
  extra: Readonly<Record<string, string>> = {},
  browser = new Browser(h.baseUrl),
): Promise<Flow> => {
  const { verifier, challenge } = pkce()
  const state = randomBytes(8).toString('hex')
  const query = new URLSearchParams({
    client_id: 'tandem-web',
    response_type: 'code',
    redirect_uri: h.redirectUri,
    scope: 'openid offline_access profile email',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    ...extra,
  })
  const reply = await browser.get(`${h.baseUrl}/oidc/auth?${query.toString()}`)
  if (reply.location === undefined) throw new Error(`authorize answered ${reply.status}: ${reply.body.slice(0, 300)}`)
  const page = await browser.get(reply.location)
  return { browser, verifier, state, page: page.body, pageUrl: reply.location }
}

/** Submits the page's form with these fields (the CSRF field is taken from the page). */
export const submit = async (flow: Flow, fields: Readonly<Record<string, string>>, page = flow.page) =>
  flow.browser.post(formAction(page), { csrf: hiddenField(page, 'csrf'), ...fields })

/** Follows the redirects after a finished interaction and returns the code for the app. */
export const codeAfter = async (
  h: Endpoint,
  flow: Flow,
  reply: { status: number; location: string | undefined; body: string; url: string },
): Promise<string> => {
  const last = await flow.browser.follow(reply, h.redirectUri)
  if (last.location === undefined) throw new Error(`no redirect to the app (${last.status}): ${last.body.slice(0, 500)}`)
  const url = new URL(last.location, h.baseUrl)
  if (url.searchParams.get('state') !== flow.state) throw new Error(`state mismatch in ${url.href}`)
  const code = url.searchParams.get('code')
  if (code === null) throw new Error(`no code in ${url.href}`)
  return code
}

export const exchangeCode = async (h: Endpoint, flow: Flow, code: string): Promise<Response> =>
  fetch(`${h.baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: h.redirectUri,
      client_id: 'tandem-web',
      code_verifier: flow.verifier,
    }).toString(),
  })

export const SIGN_UP = {
  given_name: 'Ada',
  family_name: 'Lovelace',
  birthdate: '1990-12-10',
  gender: 'Female',
  email: 'ada@example.org',
  password: 'analytical1engine',
  terms: 'on',
  privacy: 'on',
} as const

/** Sign-up through the whole code flow; returns the tokens. */
export const signUp = async (
  h: Endpoint,
  fields: Readonly<Record<string, string>> = SIGN_UP,
  extra: Readonly<Record<string, string>> = {},
): Promise<Tokens> => {
  const flow = await startAuthorization(h, { screen_hint: 'signup', ...extra })
  const code = await codeAfter(h, flow, await submit(flow, fields))
  const response = await exchangeCode(h, flow, code)
  if (response.status !== 200) throw new Error(`token endpoint answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as Tokens
}

export const signIn = async (h: Endpoint, email: string, password: string): Promise<Tokens> => {
  const flow = await startAuthorization(h)
  const code = await codeAfter(h, flow, await submit(flow, { email, password }))
  const response = await exchangeCode(h, flow, code)
  if (response.status !== 200) throw new Error(`token endpoint answered ${response.status}: ${await response.text()}`)
  return (await response.json()) as Tokens
}

/** Asks the provider at `baseUrl` for new tokens with a refresh token, as the web client does. */
export const refreshTokens = (baseUrl: string, refreshToken: string | undefined): Promise<Response> =>
  fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken ?? '', client_id: 'tandem-web' }).toString(),
  })
