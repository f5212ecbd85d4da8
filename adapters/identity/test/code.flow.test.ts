// The authorization code flow with PKCE driven over HTTP, as the web app and the API use it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeJwt } from 'jose'
import { alertText } from './support/http.client.js'
import {
  codeAfter,
  exchangeCode,
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
import { DATABASES } from './support/databases.js'

describe.each(DATABASES)('on %s', (database) => {
  let h: Harness
  let tokens: Tokens

  beforeAll(async () => {
    h = await startHarness({ database })
    tokens = await signUp(h)
  })
  afterAll(async () => h.close())

  describe('embedded provider: code flow', () => {
    it('publishes discovery under /oidc with the public issuer, PKCE S256 and the token endpoint', async () => {
      const response = await fetch(`${h.baseUrl}/oidc/.well-known/openid-configuration`)
      const document = (await response.json()) as Record<string, unknown>
      expect(document['issuer']).toBe(`${h.baseUrl}/oidc`)
      expect(document['token_endpoint']).toBe(`${h.baseUrl}/oidc/token`)
      expect(document['end_session_endpoint']).toBe(`${h.baseUrl}/oidc/session/end`)
      expect(document['code_challenge_methods_supported']).toEqual(['S256'])
    })

    it('signs a new user up through screen_hint=signup and issues a JWT access token for the API audience', async () => {
      const claims = decodeJwt(tokens.access_token)
      expect(claims.aud).toBe('tandem-api')
      expect(claims.iss).toBe(`${h.baseUrl}/oidc`)
      // Not confirmed yet: the mailed link has not been opened.
      expect(claims).toMatchObject({
        email: 'ada@example.org',
        email_verified: false,
        given_name: 'Ada',
        family_name: 'Lovelace',
        birthdate: '1990-12-10',
        gender: 'Female',
        locale: 'en',
      })
      const identity = await h.provider.verifier(tokens.access_token)
      expect(identity).toEqual({
        issuer: `${h.baseUrl}/oidc`,
        subject: claims.sub,
        email: 'ada@example.org',
        emailVerified: false,
        givenName: 'Ada',
        familyName: 'Lovelace',
        birthdate: '1990-12-10',
        gender: 'Female',
        locale: 'en',
        issuedAt: Number(claims.iat) * 1000,
      })
    })

    it('puts the profile claims into the ID token so the app can greet the user', () => {
      expect(decodeJwt(tokens.id_token)).toMatchObject({
        given_name: 'Ada',
        family_name: 'Lovelace',
        email: 'ada@example.org',
        aud: 'tandem-web',
      })
    })

    it('issues a refresh token for offline_access and renews the access token with it', async () => {
      expect(tokens.refresh_token).toBeTypeOf('string')
      const response = await refreshTokens(h.baseUrl, tokens.refresh_token)
      expect(response.status).toBe(200)
      const renewed = (await response.json()) as Tokens
      expect(renewed.access_token).not.toBe(tokens.access_token)
      expect((await h.provider.verifier(renewed.access_token))?.email).toBe('ada@example.org')
    })

    it('lets the API answer with the token and refuse without one (401)', async () => {
      const ok = await fetch(`${h.baseUrl}/api/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })
      expect(ok.status).toBe(200)
      expect(((await ok.json()) as { value: { email: string } }).value.email).toBe('ada@example.org')
      expect((await fetch(`${h.baseUrl}/api/me`)).status).toBe(401)
      expect((await fetch(`${h.baseUrl}/api/me`, { headers: { authorization: 'Bearer nonsense' } })).status).toBe(401)
    })

    it('signs an existing user in with e-mail and password, the e-mail in any case', async () => {
      const again = await signIn(h, 'ADA@example.org', SIGN_UP.password)
      expect(decodeJwt(again.access_token).sub).toBe(decodeJwt(tokens.access_token).sub)
    })

    it('refuses a code exchange without the PKCE verifier', async () => {
      const flow = await startAuthorization(h)
      const code = await codeAfter(h, flow, await submit(flow, { email: SIGN_UP.email, password: SIGN_UP.password }))
      const response = await exchangeCode(h, { ...flow, verifier: 'x'.repeat(43) }, code)
      expect(response.status).toBe(400)
      expect(((await response.json()) as { error: string }).error).toBe('invalid_grant')
    })

    it('refuses an authorization request without PKCE', async () => {
      const query = new URLSearchParams({
        client_id: 'tandem-web',
        response_type: 'code',
        redirect_uri: h.redirectUri,
        scope: 'openid',
        state: 's',
      })
      const response = await fetch(`${h.baseUrl}/oidc/auth?${query.toString()}`, { redirect: 'manual' })
      expect(new URL(response.headers.get('location') ?? '', h.baseUrl).searchParams.get('error')).toBe('invalid_request')
    })

    it('gives the same answer and status for a wrong password and an unknown e-mail', async () => {
      const first = await startAuthorization(h)
      const wrongPassword = await submit(first, { email: SIGN_UP.email, password: 'not-the-password-1' })
      const second = await startAuthorization(h)
      const unknownEmail = await submit(second, { email: 'nobody@example.org', password: 'not-the-password-1' })
      expect(wrongPassword.status).toBe(400)
      expect(unknownEmail.status).toBe(wrongPassword.status)
      expect(alertText(unknownEmail.body)).toBe(alertText(wrongPassword.body))
      expect(alertText(wrongPassword.body)).toContain('The e-mail address or the password is not correct.')
    })

    it('signs out through end_session and returns to the app', async () => {
      const flow = await startAuthorization(h)
      const code = await codeAfter(h, flow, await submit(flow, { email: SIGN_UP.email, password: SIGN_UP.password }))
      const session = (await (await exchangeCode(h, flow, code)).json()) as Tokens
      const query = new URLSearchParams({
        id_token_hint: session.id_token,
        post_logout_redirect_uri: h.redirectUri,
        client_id: 'tandem-web',
      })
      const confirm = await flow.browser.get(`/oidc/session/end?${query.toString()}`)
      expect(confirm.status).toBe(200)
      expect(confirm.body).toContain('Do you want to sign out of Tandem?')
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)?.[1] ?? ''
      const done = await flow.browser.post('/oidc/session/end/confirm', { xsrf, logout: 'yes' })
      expect(done.location).toBe(h.redirectUri)
      // The session's refresh token ends with it.
      const refreshed = await refreshTokens(h.baseUrl, session.refresh_token)
      expect(refreshed.status).toBe(400)
      // Signed out: the next authorization asks for credentials again.
      const next = await startAuthorization(h, {}, flow.browser)
      expect(next.page).toContain('name="password"')
    })
  })
})
