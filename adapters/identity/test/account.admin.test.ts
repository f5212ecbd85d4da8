// What the API's account administration and the server rely on: listing and deleting accounts,
// keys (in the database, an earlier key file taken over) and sessions that survive a restart, and the provider behind a TLS-terminating proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeJwt } from 'jose'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  SIGN_UP,
  signIn,
  signUp,
  startAuthorization,
  startHarness,
  submit,
  type Harness,
  type Tokens,
  refreshTokens,
} from './support/harness.js'
import { generateProviderKeys, KEYS_FILE } from '../src/index.js'
import { DATABASES } from './support/databases.js'

describe.each(DATABASES)('on %s', (database) => {
  const refresh = async (h: Harness, token: string): Promise<number> => (await refreshTokens(h.serverUrl, token)).status

  describe('account store', () => {
    let h: Harness
    beforeAll(async () => {
      h = await startHarness({ database })
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
      expect(await h.provider.accounts.findByEmail('leaving@example.org')).toBeUndefined()
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

    const storedKeys = async (h: Harness): Promise<string | undefined> =>
      (await h.db.selectFrom('identity_keys').select('value').executeTakeFirst())?.value as string | undefined

    it('keeps signing keys and cookie keys in the database, made once: a restart verifies old tokens and refreshes', async () => {
      const first = await startHarness({ database, dataDir })
      tokens = await signUp(first, { ...SIGN_UP, email: 'restart@example.org' })
      const keys = await storedKeys(first)
      expect(JSON.parse(keys ?? '{}')).toMatchObject({ jwks: { keys: [{ kty: 'RSA', alg: 'RS256' }] }, cookieKeys: [expect.any(String)] })
      // Nothing another instance would need is left in the data folder.
      expect(existsSync(join(dataDir, KEYS_FILE))).toBe(false)
      await first.close()
      // Same public URL (so the same issuer), new process and port.
      const second = await startHarness({ database, dataDir, publicUrl: first.baseUrl })
      try {
        expect(await storedKeys(second)).toBe(keys)
        // Same keys: the old access token still verifies; grants live in the database: the refresh token works.
        const identity = await second.provider.verifier(tokens.access_token)
        expect(identity?.subject).toBe(decodeJwt(tokens.access_token).sub)
        expect(await refresh(second, tokens.refresh_token ?? '')).toBe(200)
      } finally {
        await second.close()
      }
    })

    it('takes over the key file of an earlier version on the first start, so its tokens stay valid', async () => {
      const folder = mkdtempSync(join(tmpdir(), 'tandem-identity-keyfile-'))
      const fileKeys = generateProviderKeys()
      writeFileSync(join(folder, KEYS_FILE), JSON.stringify(fileKeys), { mode: 0o600 })
      const earlier = await startHarness({ database, dataDir: folder })
      const other = mkdtempSync(join(tmpdir(), 'tandem-identity-keyfile-'))
      try {
        expect(JSON.parse((await storedKeys(earlier)) ?? '{}')).toEqual(fileKeys)
        const issued = await signUp(earlier, { ...SIGN_UP, email: 'keyfile@example.org' })
        expect(decodeJwt(issued.access_token).iss).toBe(`${earlier.baseUrl}/oidc`)
        // Another database that took over the same file knows the same keys: the token verifies there.
        writeFileSync(join(other, KEYS_FILE), JSON.stringify(fileKeys), { mode: 0o600 })
        const later = await startHarness({ database, dataDir: other, publicUrl: earlier.baseUrl })
        try {
          expect((await later.provider.verifier(issued.access_token))?.subject).toBe(decodeJwt(issued.access_token).sub)
          // The database's keys win from then on: a changed file is not read again.
          writeFileSync(join(other, KEYS_FILE), JSON.stringify(generateProviderKeys()), { mode: 0o600 })
        } finally {
          await later.close()
        }
        const again = await startHarness({ database, dataDir: other, publicUrl: earlier.baseUrl })
        try {
          expect((await again.provider.verifier(issued.access_token))?.subject).toBe(decodeJwt(issued.access_token).sub)
        } finally {
          await again.close()
        }
      } finally {
        await earlier.close()
        rmSync(folder, { recursive: true, force: true })
        rmSync(other, { recursive: true, force: true })
      }
    })

    it('marks its cookies Secure when the proxy says the request came over TLS', async () => {
      const h = await startHarness({ database })
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
      const h = await startHarness({ database, prefix: '/tandem' })
      try {
        const discovery = (await (await fetch(`${h.baseUrl}/oidc/.well-known/openid-configuration`)).json()) as Record<string, string>
        expect(discovery['issuer']).toBe(h.baseUrl + '/oidc')
        expect(discovery['authorization_endpoint']).toBe(h.baseUrl + '/oidc/auth')
        const flow = await startAuthorization(h, { screen_hint: 'signup' })
        expect(flow.pageUrl).toMatch(/^\/tandem\/oidc\/interaction\//)
        expect(flow.page).toContain('action="/tandem/oidc/interaction/')
        const tokens = await signUp(h, { ...SIGN_UP, email: 'prefixed@example.org' })
        expect((await h.provider.verifier(tokens.access_token))?.issuer).toBe(`${h.baseUrl}/oidc`)
      } finally {
        await h.close()
      }
    })
  })
})
