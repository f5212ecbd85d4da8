// Registration through the real embedded provider of the real server: the code flow over HTTP with
// screen_hint=signup, then POST /api/account/signup. Who the user is comes from the token only.
import { EMBEDDED_PROVIDER_ISSUER } from '@tandem/core'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SIGN_UP, signIn, signUp } from '../../../identity/test/support/harness.js'
import { confirmAddress, emlMails } from '../support/admin-verified.support.js'
import { query } from '../support/database.under-test.js'
import { claimsOf, signUpBody, startRealServer, type RealServer } from '../support/identity.harness.js'

const ADMIN = 'grace@example.org'
let t: RealServer

beforeAll(async () => {
  t = await startRealServer({ ADMIN_EMAILS: ADMIN })
})
afterAll(async () => {
  await t.close()
})

type View = {
  email: string
  firstName: string
  lastName: string
  gender: string
  dateOfBirth: string | null
  defaultLanguage: number
  userRole: { name: string }[]
}

const register = (email: string, extra: Record<string, string> = {}) => signUp(t.endpoint, { ...SIGN_UP, email, ...extra })

describe('sign-up creates the user with the role of the entry point, from the verified token', () => {
  for (const role of ['Mentee', 'Mentor'] as const) {
    it(`register-as-${role.toLowerCase()}: the role is ${role}; names, e-mail, birth date and gender come from the token, not the body`, async () => {
      const email = `new.${role.toLowerCase()}@example.org`
      const tokens = await register(email)
      const forged = { FirstName: 'Mallory', LastName: 'Forged', DOB: '2001-01-01', Gender: 'Male', Language: 'de' }
      const reply = await t.api<View>(tokens.access_token, 'POST', '/api/account/signup', signUpBody(email, role, forged))
      expect(reply.status).toBe(200)
      expect(reply.body.value).toMatchObject({
        email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        gender: 'Female',
        dateOfBirth: '1990-12-10',
        userRole: [{ name: role }],
      })
      const stored = await t.server.ctx.users.byEmail(email)
      // Kept under the stable issuer, not the token's URL one (`${t.base}/oidc`): PUBLIC_URL may move.
      expect(claimsOf(tokens)['iss']).toBe(`${t.base}/oidc`)
      expect(stored).toMatchObject({
        issuer: EMBEDDED_PROVIDER_ISSUER,
        subject: claimsOf(tokens)['sub'],
        firstName: 'Ada',
        lastName: 'Lovelace',
        language: 'en',
        roles: [role],
      })
      // The stored user answers to the same token afterwards.
      const details = await t.api<View>(tokens.access_token, 'GET', `/api/Account/GetUserDetails?emailId=${encodeURIComponent(email)}`)
      expect(details.status).toBe(200)
      expect(details.body.value.userRole).toEqual([{ name: role }])
    })
  }

  it('nobody becomes Admin through sign-up: Role Admin is refused with 400 and no user is created', async () => {
    const email = 'would.be.admin@example.org'
    const tokens = await register(email)
    const reply = await t.api(tokens.access_token, 'POST', '/api/account/signup', signUpBody(email, 'Admin'))
    expect(reply.status).toBe(400)
    expect(reply.body.isSuccess).toBe(false)
    expect(await t.server.ctx.users.byEmail(email)).toBeUndefined()
    const details = await t.api(tokens.access_token, 'GET', `/api/Account/GetUserDetails?emailId=${encodeURIComponent(email)}`)
    expect(details.status).toBe(404)
  })

  it("a body naming an administrator e-mail other than the token's is refused and grants nothing", async () => {
    const email = 'sneaky@example.org'
    const tokens = await register(email)
    const reply = await t.api(tokens.access_token, 'POST', '/api/account/signup', signUpBody(ADMIN, 'Mentee'))
    expect(reply.status).toBe(403)
    expect(await t.server.ctx.users.byEmail(ADMIN)).toBeUndefined()
    expect(await t.server.ctx.users.byEmail(email)).toBeUndefined()
    expect((await t.api(tokens.access_token, 'GET', '/api/Admin/GetAllUsers')).status).toBe(403)
  })

  it('Admin only through ADMIN_EMAILS: that account signing up as mentee is an administrator', async () => {
    await register(ADMIN)
    // ADMIN_EMAILS counts only on a confirmed address: the admin opens the mailed link first.
    const tokens = await confirmAddress(t.endpoint, () => emlMails(t.dir), ADMIN)
    const reply = await t.api<View>(tokens.access_token, 'POST', '/api/account/signup', signUpBody(ADMIN, 'Mentee'))
    expect(reply.status).toBe(200)
    expect(reply.body.value.userRole.map((r) => r.name)).toContain('Admin')
    expect((await t.api(tokens.access_token, 'GET', '/api/Admin/GetAllUsers')).status).toBe(200)
  })

  it('sign-in refreshes names and e-mail from the token (the provider owns them)', async () => {
    const email = 'changes.name@example.org'
    const first = await register(email)
    expect((await t.api(first.access_token, 'POST', '/api/account/signup', signUpBody(email, 'Mentor'))).status).toBe(200)
    // The account changes at the provider (as an administrator of an identity provider would change it).
    const renamed = 'renamed@example.org'
    await query(
      t.server,
      sql`update identity_accounts set given_name = ${'Augusta'}, family_name = ${'King'}, email = ${renamed} where email = ${email}`,
    )
    const tokens = await signIn(t.endpoint, renamed, SIGN_UP.password)
    expect(claimsOf(tokens)['sub']).toBe(claimsOf(first)['sub'])
    // The browser names the address of its new token (as the web app does); the account is found by
    // issuer and subject and follows the provider's address at once.
    const reply = await t.api<View>(tokens.access_token, 'POST', '/api/Account/signin', { Email: renamed, Role: null })
    expect(reply.status).toBe(200)
    expect(reply.body.value).toMatchObject({ email: renamed, firstName: 'Augusta', lastName: 'King' })
    expect(await t.server.ctx.users.byEmail(email)).toBeUndefined()
    expect(await t.server.ctx.users.byEmail(renamed)).toMatchObject({ firstName: 'Augusta', lastName: 'King', roles: ['Mentor'] })
    expect((await t.api(tokens.access_token, 'GET', `/api/Account/GetUserDetails?emailId=${encodeURIComponent(renamed)}`)).status).toBe(200)
    // The old address names nobody the token may act for any more.
    expect((await t.api(tokens.access_token, 'GET', `/api/Account/GetUserDetails?emailId=${encodeURIComponent(email)}`)).status).toBe(403)
  })

  it('a new address at the provider that another user already holds is not taken over', async () => {
    const mine = 'holder.one@example.org'
    const theirs = 'holder.two@example.org'
    const one = await register(mine)
    const two = await register(theirs)
    expect((await t.api(one.access_token, 'POST', '/api/account/signup', signUpBody(mine, 'Mentee'))).status).toBe(200)
    expect((await t.api(two.access_token, 'POST', '/api/account/signup', signUpBody(theirs, 'Mentee'))).status).toBe(200)
    // The provider's accounts swap addresses behind our back (two steps: e-mails are unique there too).
    const moveAccount = (from: string, to: string) => query(t.server, sql`update identity_accounts set email = ${to} where email = ${from}`)
    await moveAccount(theirs, 'parked@example.org')
    await moveAccount(mine, theirs)
    const tokens = await signIn(t.endpoint, theirs, SIGN_UP.password)
    expect(claimsOf(tokens)['sub']).toBe(claimsOf(one)['sub'])
    // Our record of the other user keeps the address: the token may not act on it.
    expect((await t.api(tokens.access_token, 'GET', `/api/Account/GetUserDetails?emailId=${encodeURIComponent(theirs)}`)).status).toBe(403)
    expect((await t.api(tokens.access_token, 'POST', '/api/Account/signin', { Email: mine, Role: null })).status).toBe(200)
    expect((await t.server.ctx.users.byEmail(theirs))?.subject).toBe(claimsOf(two)['sub'])
    expect((await t.server.ctx.users.byEmail(mine))?.subject).toBe(claimsOf(one)['sub'])
  })

  it('a token without a sign-up gets 404 at sign-in, and no token or a bad one gets 401', async () => {
    const email = 'not.yet@example.org'
    const tokens = await register(email)
    expect((await t.api(tokens.access_token, 'POST', '/api/Account/signin', { Email: email, Role: 'Mentee' })).status).toBe(404)
    expect((await t.api(null, 'POST', '/api/Account/signin', { Email: email, Role: 'Mentee' })).status).toBe(401)
    const [header, payload, signature = ''] = tokens.access_token.split('.')
    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`
    expect((await t.api(flipped, 'POST', '/api/Account/signin', { Email: email, Role: 'Mentee' })).status).toBe(401)
  })
})
