// The same app against an external OpenID Connect provider by configuration alone: a second,
// separate provider instance (its own Express app, port and SQLite file) is the "external" issuer.
// Also: OIDC_* and TRUST_PROXY problems stop the start with a clear message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, hiddenField } from '../../../identity/test/support/http.client.js'
import { SIGN_UP, signIn, signUp, startHarness, type Harness, type Tokens } from '../../../identity/test/support/harness.js'
import { loadConfig } from '../../src/index.js'
import { confirmAddress } from '../support/admin-verified.support.js'
import { claimsOf, signUpBody, startRealServer, type RealServer } from '../support/identity.harness.js'

let idp: Harness
let app: RealServer
let tokens: Tokens
const ADMIN = 'ext.admin@example.org'
const email = 'external.user@example.org'

const externalEnv = (): Record<string, string> => ({
  OIDC_ISSUER: `${idp.baseUrl}/oidc`,
  OIDC_CLIENT_ID: 'tandem-web',
  OIDC_AUDIENCE: 'tandem-api',
  ADMIN_EMAILS: ADMIN,
})

beforeAll(async () => {
  idp = await startHarness()
  app = await startRealServer(externalEnv())
  tokens = await signUp(idp, { ...SIGN_UP, email, given_name: 'Erika', family_name: 'Extern' })
})
afterAll(async () => {
  await app.close()
  await idp.close()
})

type View = { email: string; firstName: string; lastName: string; userRole: { name: string }[] }

describe('with OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE the app uses the external provider', () => {
  it('has no embedded provider: /oidc is absent and the web app is told the external authority', async () => {
    expect(app.server.identityProvider).toBeNull()
    expect((await fetch(`${app.base}/oidc/.well-known/openid-configuration`)).status).toBe(404)
    const config = (await (await fetch(`${app.base}/app-config.json`)).json()) as { oidc: { authority: string; clientId: string } }
    expect(config.oidc).toMatchObject({ authority: `${idp.baseUrl}/oidc`, clientId: 'tandem-web' })
  })

  it('a token from the real code flow at the external issuer signs the user up and reads their details, keyed by that issuer', async () => {
    const signup = await app.api<View>(
      tokens.access_token,
      'POST',
      '/api/account/signup',
      signUpBody(email, 'Mentor', { FirstName: 'Forged' }),
    )
    expect(signup.status).toBe(200)
    expect(signup.body.value).toMatchObject({ email, firstName: 'Erika', lastName: 'Extern', userRole: [{ name: 'Mentor' }] })
    const details = await app.api<View>(tokens.access_token, 'GET', `/api/Account/GetUserDetails?emailId=${encodeURIComponent(email)}`)
    expect(details.status).toBe(200)
    expect(details.body.value.email).toBe(email)
    expect(await app.server.ctx.users.byEmail(email)).toMatchObject({ issuer: `${idp.baseUrl}/oidc`, subject: claimsOf(tokens)['sub'] })
    // Signing in again at the external provider gives a new token that finds the same user.
    const again = await signIn(idp, email, SIGN_UP.password)
    expect((await app.api<View>(again.access_token, 'POST', '/api/Account/signin', { Email: email, Role: null })).body.value.email).toBe(
      email,
    )
  })

  it('tokens the external issuer did not sign for this audience get 401', async () => {
    const [header, payload = '', signature] = tokens.access_token.split('.')
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')}.${signature}`
    expect((await app.api(forged, 'GET', `/api/Account/GetUserDetails?emailId=${encodeURIComponent(email)}`)).status).toBe(401)
    // The same provider with another audience: a valid signature, the wrong API.
    const other = await startRealServer({ ...externalEnv(), OIDC_AUDIENCE: 'another-api' })
    try {
      expect((await other.api(tokens.access_token, 'GET', `/api/Account/GetUserDetails?emailId=${encodeURIComponent(email)}`)).status).toBe(
        401,
      )
    } finally {
      await other.close()
    }
  })

  it('SyncDBFromIdp explains that claims refresh at each sign-in (message key, 409), changing nothing', async () => {
    await signUp(idp, { ...SIGN_UP, email: ADMIN })
    // ADMIN_EMAILS counts only when the issuer vouches for the address (email_verified).
    const admin = await confirmAddress(idp, () => idp.mailbox.delivered.map((m) => m.raw), ADMIN)
    expect((await app.api(admin.access_token, 'POST', '/api/account/signup', signUpBody(ADMIN, 'Mentee'))).status).toBe(200)
    const before = await app.server.ctx.users.all()
    const reply = await app.api(admin.access_token, 'GET', '/api/Admin/SyncDBFromIdp')
    expect(reply.status).toBe(409)
    expect(reply.body).toMatchObject({ isSuccess: false, errorMessage: 'synchronize-external-provider-message' })
    expect(await app.server.ctx.users.all()).toEqual(before)
  })

  it('OIDC_CLAIM_* variables reach the verifier: a mapping naming other claims fills the names from them', async () => {
    const swapped = await startRealServer({ ...externalEnv(), OIDC_CLAIM_GIVEN_NAME: 'family_name', OIDC_CLAIM_FAMILY_NAME: 'given_name' })
    try {
      const reply = await swapped.api<View>(tokens.access_token, 'POST', '/api/account/signup', signUpBody(email, 'Mentee'))
      expect(reply.status).toBe(200)
      expect(reply.body.value).toMatchObject({ firstName: 'Extern', lastName: 'Erika' })
    } finally {
      await swapped.close()
    }
  })
})

describe('configuration problems stop the start with a message naming the variable', () => {
  it('OIDC_ISSUER without client id and audience', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://login.example.org/realms/tandem' })).toThrow(
      /OIDC_CLIENT_ID is required.*OIDC_AUDIENCE is required/,
    )
  })

  it('an unknown claim preset and an issuer that is no URL', () => {
    expect(() =>
      loadConfig({ OIDC_ISSUER: 'login.example.org', OIDC_CLIENT_ID: 'x', OIDC_AUDIENCE: 'y', OIDC_CLAIM_PRESET: 'okta' }),
    ).toThrow(/OIDC_ISSUER must be an http\(s\) URL.*OIDC_CLAIM_PRESET must be one of default, keycloak, entra/)
  })

  it('the keycloak preset and overrides are taken over into the configuration', () => {
    const config = loadConfig({
      OIDC_ISSUER: 'https://kc.example.org/realms/t',
      OIDC_CLIENT_ID: 'web',
      OIDC_AUDIENCE: 'api',
      OIDC_CLAIM_PRESET: 'keycloak',
      OIDC_CLAIM_EMAIL: 'upn, email',
    })
    expect(config.oidc?.claimMapping.email).toEqual(['upn', 'email'])
    expect(config.oidc?.web).toEqual({
      authority: 'https://kc.example.org/realms/t',
      clientId: 'web',
      scope: 'openid offline_access profile email',
    })
  })

  it('TRUST_PROXY takes addresses, subnets and names, and refuses what Express would only fail on later', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback')
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::1' }).trustProxy).toBe('loopback, 10.0.0.0/8, fd00::1')
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY .*"true"/)
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/)
  })
})

describe('TRUST_PROXY decides whose X-Forwarded-For counts (here: the forgot-password rate limit per client)', () => {
  /** Six requests for one address, each claiming another client address; answers the last status. */
  const sixForgotRequests = async (t: RealServer): Promise<number> => {
    const browser = new Browser(t.base)
    const csrf = hiddenField((await browser.get('/oidc/forgot?lang=en')).body, 'csrf')
    let status = 0
    for (let i = 1; i <= 6; i++) {
      status = (await browser.post('/oidc/forgot?lang=en', { csrf, email: 'someone@example.org' }, { 'x-forwarded-for': `203.0.113.${i}` }))
        .status
    }
    return status
  }

  /** The provider's cookies when the request claims to have come over https through a proxy. */
  const cookiesClaimingHttps = async (t: RealServer): Promise<string[]> => {
    const query = new URLSearchParams({
      client_id: 'tandem-web',
      response_type: 'code',
      redirect_uri: t.endpoint.redirectUri,
      scope: 'openid profile email',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      state: 'x',
    })
    const reply = await fetch(`${t.base}/oidc/auth?${query.toString()}`, { redirect: 'manual', headers: { 'x-forwarded-proto': 'https' } })
    return reply.headers.getSetCookie()
  }

  it('by default the loopback proxy is believed: six clients, no limit reached; the provider sees https', async () => {
    const t = await startRealServer()
    try {
      expect(await sixForgotRequests(t)).toBe(200)
      const cookies = await cookiesClaimingHttps(t)
      expect(cookies.length).toBeGreaterThan(0)
      expect(cookies.every((c) => /;\s*secure/i.test(c))).toBe(true)
    } finally {
      await t.close()
    }
  })

  it('with TRUST_PROXY naming another proxy, the headers are ignored: one client, limited after five; the provider sees http', async () => {
    const t = await startRealServer({ TRUST_PROXY: '10.1.2.3' })
    try {
      expect(await sixForgotRequests(t)).toBe(429)
      const cookies = await cookiesClaimingHttps(t)
      expect(cookies.length).toBeGreaterThan(0)
      expect(cookies.some((c) => /;\s*secure/i.test(c))).toBe(false)
    } finally {
      await t.close()
    }
  })
})
