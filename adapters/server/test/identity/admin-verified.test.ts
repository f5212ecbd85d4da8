// ADMIN_EMAILS grants Admin only on a confirmed address: an unconfirmed token naming an admin
// address gets 403 on admin routes, through the real HTTP stack with test-signed and real tokens.
import { SignJWT } from 'jose'
import { API_AUDIENCE } from '@tandem/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGN_UP, signIn, signUp } from '../../../identity/test/support/harness.js'
import { confirmationLinkIn, emlMails } from '../support/admin-verified.support.js'
import { ADMIN_EMAIL, ISSUER, startHarness, type Harness } from '../support/harness.js'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/demo.seed.js'
import { signUpBody, startRealServer, type RealServer } from '../support/identity.harness.js'

const adminRoute = '/api/Admin/GetAllUsers'

describe('ADMIN_EMAILS with test-signed tokens', () => {
  let t: Harness
  beforeAll(async () => {
    t = await startHarness()
  })
  afterAll(async () => t.close())

  const tokenWith = (subject: string, claims: Record<string, unknown>) =>
    new SignJWT({ email: ADMIN_EMAIL, given_name: 'Mallory', family_name: 'Mask', locale: 'en', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(ISSUER)
      .setAudience(API_AUDIENCE)
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(t.privateKey)

  const get = async (token: string, path = adminRoute) => fetch(`${t.base}${path}`, { headers: { authorization: `Bearer ${token}` } })

  it('refuses admin routes (403) to an admin address whose token says email_verified false, "false" or nothing', async () => {
    for (const [i, claims] of [{ email_verified: false }, { email_verified: 'false' }, {}, { email_verified: 1 }].entries()) {
      expect((await get(await tokenWith(`sub-unverified-${i}`, claims))).status).toBe(403)
    }
  })

  it('grants admin routes (200) to the same address when the token says email_verified true', async () => {
    expect((await get(await tokenWith('sub-verified', { email_verified: true }))).status).toBe(200)
    expect((await get(await tokenWith('sub-verified-string', { email_verified: 'true' }))).status).toBe(200)
  })
})

// Its own harness: admin calls make the administrator's record (the audit trail names them), so
// after the calls above the admin address would no longer be free for this holder to sign up with.
describe('ADMIN_EMAILS with test-signed tokens, the address not yet used by an administrator', () => {
  let t: Harness
  beforeAll(async () => {
    t = await startHarness()
  })
  afterAll(async () => t.close())

  const tokenWith = (subject: string, claims: Record<string, unknown>) =>
    new SignJWT({ email: ADMIN_EMAIL, given_name: 'Mallory', family_name: 'Mask', locale: 'en', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(ISSUER)
      .setAudience(API_AUDIENCE)
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(t.privateKey)

  const get = async (token: string, path = adminRoute) => fetch(`${t.base}${path}`, { headers: { authorization: `Bearer ${token}` } })

  it('treats the unconfirmed holder as a plain signed-in user: own details answer, admin routes stay closed even after sign-up stored a role', async () => {
    const token = await tokenWith('sub-unconfirmed-holder', { email_verified: false })
    const signUpReply = await fetch(`${t.base}/api/account/signup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(signUpBody(ADMIN_EMAIL, 'Mentee')),
    })
    expect(signUpReply.status).toBe(200)
    expect((await get(token, `/api/Account/GetUserDetails?emailId=${encodeURIComponent(ADMIN_EMAIL)}`)).status).toBe(200)
    expect((await get(token)).status).toBe(403)
    expect((await get(token, '/api/Admin/GetClusters')).status).toBe(403)
  })
})

describe('ADMIN_EMAILS with the embedded provider (the reported takeover)', () => {
  let r: RealServer
  const boss = 'boss@example.org'
  beforeAll(async () => {
    r = await startRealServer({ ADMIN_EMAILS: boss })
  })
  afterAll(async () => r.close())

  it('an admin address signed up at the provider is no admin until the mailed link is opened; then it is', async () => {
    const unconfirmed = await signUp(r.endpoint, { ...SIGN_UP, email: boss })
    expect((await r.api(unconfirmed.access_token, 'GET', adminRoute)).status).toBe(403)
    expect((await r.api(unconfirmed.access_token, 'POST', '/api/Account/signin', { Email: boss, Role: null })).status).not.toBe(200)

    const link = confirmationLinkIn(emlMails(r.dir), boss)
    expect(link).toBeDefined()
    const opened = await fetch(link as string)
    expect(opened.status).toBe(200)

    const confirmed = await signIn(r.endpoint, boss, SIGN_UP.password)
    expect((await r.api(confirmed.access_token, 'GET', adminRoute)).status).toBe(200)
    // The earlier token keeps its word (email_verified false) until it expires.
    expect((await r.api(unconfirmed.access_token, 'GET', adminRoute)).status).toBe(403)
  })
})

describe('the demo (npm run demo)', () => {
  it('counts the seeded demo accounts as confirmed, so the demo administrator is one', async () => {
    const demo = await startRealServer({ TANDEM_DEMO: '1' })
    try {
      const tokens = await signIn(demo.endpoint, DEMO_ACCOUNTS.admin, DEMO_PASSWORD)
      expect((await demo.api(tokens.access_token, 'GET', adminRoute)).status).toBe(200)
      expect((await demo.server.identityProvider?.accounts.findByEmail(DEMO_ACCOUNTS.mentee))?.emailVerifiedAt).not.toBeNull()
    } finally {
      await demo.close()
    }
  })
})
