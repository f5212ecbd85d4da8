// What the API's account administration and the server rely on: listing and deleting accounts,
// keys and sessions that survive a restart, and the provider behind a TLS-terminating proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeJwt } from 'jose'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SIGN_UP, signIn, signUp, startAuthorization, startHarness, submit, type Harness, type Tokens } from './support/harness.js'

const refresh = async (h: Harness, token: string): Promise<number> =>
  (
    await fetch(`${h.serverUrl}/oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: 'tandem-web' }).toString(),
    })
  ).status

describe('account store', () => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness()
  })
  afterAll(async () => h.close())

  it('lists accounts with the claims sync copies, never a password hash', async () => {
    await signUp(h, { ...SIGN_UP, email: 'list-a@example.org', given_name: 'Anna', gender: 'Non-binary' })
    await signUp(h, { ...SIGN_UP, email: 'list-b@example.org', given_name: 'Berta' }, { ui_locales: 'de' })
    const accounts = await h.provider.accounts.listAccounts()
    expect(accounts.map((a) => [a.email, a.givenName, a.gender, a.locale])).toEqual([
      ['list-a@example.org', 'Anna', 'Non-binary', 'en'],
      ['list-b@example.org', 'Berta', 'Female', 'de'],
    ])
    expect(JSON.stringify(accounts)).not.toContain('argon2')
  })

  it('deletes an account with its sessions: no sign-in, no refresh afterwards', async () => {
    const tokens = await signUp(h, { ...SIGN_UP, email: 'leaving@example.org' })
    expect(await refresh(h, tokens.refresh_token ?? '')).toBe(200)
    const again = await signIn(h, 'leaving@example.org', SIGN_UP.password)
    expect(await h.provider.accounts.deleteAccount('LEAVING@example.org')).toBe(true)
    expect(h.provider.accounts.findByEmail('leaving@example.org')).toBeUndefined()
    expect(await refresh(h, again.refresh_token ?? '')).toBe(400)
    const flow = await startAuthorization(h)
    expect((await submit(flow, { email: 'leaving@example.org', password: SIGN_UP.password })).status).toBe(400)
    expect(await h.provider.accounts.deleteAccount('leaving@example.org')).toBe(false)
  })
})

describe('restart and proxy', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tandem-identity-restart-'))
  let tokens: Tokens
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('keeps signing keys and cookie keys in the data folder, readable by the owner only', async () => {
    const first = await startHarness({ dataDir })
    tokens = await signUp(first, { ...SIGN_UP, email: 'restart@example.org' })
    const file = join(dataDir, 'oidc-keys.json')
    const keys = readFileSync(file, 'utf8')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    await first.close()
    // Same public URL (so the same issuer), new process and port.
    const second = await startHarness({ dataDir, publicUrl: first.baseUrl })
    try {
      expect(readFileSync(file, 'utf8')).toBe(keys)
      // Same keys: the old access token still verifies; grants live in SQLite: the refresh token works.
      const identity = await second.provider.verifier(tokens.access_token)
      expect(identity?.subject).toBe(decodeJwt(tokens.access_token).sub)
      expect(await refresh(second, tokens.refresh_token ?? '')).toBe(200)
    } finally {
      await second.close()
    }
  })

  it('marks its cookies Secure when the proxy says the request came over TLS', async () => {
    const h = await startHarness()
    try {
      const query = new URLSearchParams({
        client_id: 'tandem-web',
        response_type: 'code',
        redirect_uri: h.redirectUri,
        scope: 'openid',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
        state: 's',
      })
      const behindProxy = await fetch(`${h.baseUrl}/oidc/auth?${query.toString()}`, {
        redirect: 'manual',
        headers: { 'x-forwarded-proto': 'https' },
      })
      const direct = await fetch(`${h.baseUrl}/oidc/auth?${query.toString()}`, { redirect: 'manual' })
      expect(behindProxy.status).toBe(303)
      expect(behindProxy.headers.getSetCookie().every((c) => /;\s*secure/i.test(c))).toBe(true)
      expect(direct.headers.getSetCookie().some((c) => /;\s*secure/i.test(c))).toBe(false)
    } finally {
      await h.close()
    }
  })

  it('works when a proxy publishes the app under a path prefix', async () => {
    const h = await startHarness({ prefix: '/tandem' })
    try {
      const discovery = (await (await fetch(`${h.baseUrl}/oidc/.well-known/openid-configuration`)).json()) as Record<string, string>
      expect(discovery['issuer']).toBe(h.baseUrl + '/oidc')
      expect(discovery['authorization_endpoint']).toBe(h.baseUrl + '/oidc/auth')
      const flow = await startAuthorization(h, { screen_hint: 'signup' })
      expect(flow.pageUrl).toMatch(/^\/tandem\/oidc\/interaction\//)
      expect(flow.page).toContain('href="/tandem/oidc/assets/tandem.css"')
      const tokens = await signUp(h, { ...SIGN_UP, email: 'prefixed@example.org' })
      expect((await h.provider.verifier(tokens.access_token))?.issuer).toBe(`${h.baseUrl}/oidc`)
    } finally {
      await h.close()
    }
  })
})
