// A deleted person stays deleted: after DeleteUserFromIdp, every token issued before the deletion
// is refused with 401 AccountDeleted (so sign-up cannot bring the person back), the embedded
// provider's account, sessions and refresh tokens are gone, and a later sign-up with the same
// address starts a new, empty account. Over real HTTP with the real embedded provider, and with an
// external provider (a second, separate provider instance).
import { aMentorAnswers } from '@tandem/fixtures'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  SIGN_UP,
  signIn,
  signUp,
  startHarness,
  startAuthorization,
  submit,
  type Harness,
  type Tokens,
  refreshTokens,
} from '../../../identity/test/support/harness.js'
import { confirmAddress, emlMails } from '../support/admin-verified.support.js'
import { query } from '../support/database.under-test.js'
import { toWire } from '../support/harness.js'
import { claimsOf, signUpBody, startRealServer, type RealServer } from '../support/identity.harness.js'

type View = { email: string; userRole: { name: string }[]; userStatuses: { role: string; userStatus: string }[] }

const details = (t: RealServer, tokens: Tokens, email: string) =>
  t.api<View>(tokens.access_token, 'GET', `/api/Account/GetUserDetails?emailId=${encodeURIComponent(email)}`)
const listedEmails = async (t: RealServer, admin: Tokens): Promise<string[]> =>
  (await t.api<{ email: string }[]>(admin.access_token, 'GET', '/api/Admin/GetAllUsers')).body.value.map((u) => u.email)
const deleteUser = (t: RealServer, admin: Tokens, email: string) =>
  t.api<boolean>(admin.access_token, 'GET', `/api/Account/DeleteUserFromIdp?emailId=${encodeURIComponent(email)}&deletefromDB=true`)
/** A published mentor with answers, so that "empty" afterwards means something. */
const publishedMentor = async (t: RealServer, tokens: Tokens, email: string): Promise<void> => {
  expect((await t.api(tokens.access_token, 'POST', '/api/account/signup', signUpBody(email, 'Mentor'))).status).toBe(200)
  expect(
    (
      await t.api(tokens.access_token, 'POST', '/api/Questionnaire/CreateAnswer', {
        email,
        roleName: 'Mentor',
        isSavePublish: false,
        userSelectedAnswerSaveModel: toWire('Mentor', aMentorAnswers()),
      })
    ).status,
  ).toBe(200)
}
const savedAnswers = async (t: RealServer, tokens: Tokens, email: string): Promise<number> => {
  const reply = await t.api<{ questionAnswerModel: { userSelectedAnswers: unknown[] }[] }>(
    tokens.access_token,
    'GET',
    `/api/Questionnaire/GetQuestionAnswerPairs?language=en&role=Mentor&emailId=${encodeURIComponent(email)}`,
  )
  expect(reply.status).toBe(200)
  return reply.body.value.questionAnswerModel.filter((q) => q.userSelectedAnswers.length > 0).length
}

describe('with the embedded provider', () => {
  const ADMIN = 'root@example.org'
  const email = 'gone.for.good@example.org'
  let t: RealServer
  let admin: Tokens
  beforeAll(async () => {
    t = await startRealServer({ ADMIN_EMAILS: ADMIN })
    await signUp(t.endpoint, { ...SIGN_UP, email: ADMIN })
    admin = await confirmAddress(t.endpoint, () => emlMails(t.dir), ADMIN)
    expect((await t.api(admin.access_token, 'POST', '/api/account/signup', signUpBody(ADMIN, 'Mentee'))).status).toBe(200)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('refuses the old tokens, revokes what the provider issued, and lets the address start a new, empty account', async () => {
    const old = await signUp(t.endpoint, { ...SIGN_UP, email, given_name: 'Gina', family_name: 'Gone' })
    await publishedMentor(t, old, email)
    expect(await savedAnswers(t, old, email)).toBeGreaterThan(0)
    expect(await listedEmails(t, admin)).toContain(email)

    expect((await deleteUser(t, admin, email)).status).toBe(200)

    // The still unexpired access token: refused with its own code on every call, sign-up included.
    const read = await details(t, old, email)
    expect([read.status, read.body.errorMessage]).toEqual([401, 'AccountDeleted'])
    const again = await t.api(old.access_token, 'POST', '/api/account/signup', signUpBody(email, 'Mentor'))
    expect([again.status, again.body.errorMessage]).toEqual([401, 'AccountDeleted'])
    const signin = await t.api(old.access_token, 'POST', '/api/Account/signin', { Email: email, Role: 'Mentor' })
    expect([signin.status, signin.body.errorMessage]).toEqual([401, 'AccountDeleted'])
    // Nobody was registered again: not in our table, not in the admin's list.
    expect(await t.server.ctx.users.byEmail(email)).toBeUndefined()
    expect(await listedEmails(t, admin)).not.toContain(email)

    // The refresh token no longer refreshes, and the provider account is gone (the password fails).
    const refreshed = await refreshTokens(t.base, old.refresh_token)
    expect(refreshed.status).toBe(400)
    expect(((await refreshed.json()) as { error: string }).error).toBe('invalid_grant')
    expect(await t.server.identityProvider?.accounts.findByEmail(email)).toBeUndefined()
    const flow = await startAuthorization(t.endpoint)
    const attempt = await submit(flow, { email, password: SIGN_UP.password })
    expect(attempt.status).toBe(400)
    await expect(signIn(t.endpoint, email, SIGN_UP.password)).rejects.toThrow()
    // Only a keyed hash and the time stay: no row names the address or the subject.
    const stored = await query<{ subject_hash: string; deleted_at: number }>(
      t.server,
      sql`select subject_hash, deleted_at from deleted_subjects`,
    )
    expect(stored).toHaveLength(1)
    expect(stored[0]?.subject_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(stored)).not.toContain(String(claimsOf(old)['sub']))

    // A new sign-up with the same address: a new subject, a new and empty account.
    const fresh = await signUp(t.endpoint, { ...SIGN_UP, email, given_name: 'Gina', family_name: 'Gone' })
    expect(claimsOf(fresh)['sub']).not.toBe(claimsOf(old)['sub'])
    const signup = await t.api<View>(fresh.access_token, 'POST', '/api/account/signup', signUpBody(email, 'Mentor'))
    expect(signup.status).toBe(200)
    expect(signup.body.value.userStatuses).toEqual([expect.objectContaining({ role: 'Mentor', userStatus: 'NEW' })])
    expect(await savedAnswers(t, fresh, email)).toBe(0)
    expect(await listedEmails(t, admin)).toContain(email)
    // The old token stays refused although the address is in use again.
    expect((await details(t, old, email)).status).toBe(401)
  })
})

describe('with an external provider', () => {
  const ADMIN = 'ext.root@example.org'
  const email = 'external.gone@example.org'
  let idp: Harness
  let t: RealServer
  let admin: Tokens
  beforeAll(async () => {
    idp = await startHarness()
    t = await startRealServer({
      OIDC_ISSUER: `${idp.baseUrl}/oidc`,
      OIDC_CLIENT_ID: 'tandem-web',
      OIDC_AUDIENCE: 'tandem-api',
      ADMIN_EMAILS: ADMIN,
    })
    await signUp(idp, { ...SIGN_UP, email: ADMIN })
    admin = await confirmAddress(idp, () => idp.mailbox.delivered.map((m) => m.raw), ADMIN)
    expect((await t.api(admin.access_token, 'POST', '/api/account/signup', signUpBody(ADMIN, 'Mentee'))).status).toBe(200)
  })
  afterAll(async () => {
    await t?.close()
    await idp?.close()
  })

  it('refuses every token issued before the deletion; a token issued after it signs up afresh, empty', async () => {
    const old = await signUp(idp, { ...SIGN_UP, email })
    await publishedMentor(t, old, email)
    // A second token of the same session, issued before the deletion too.
    const alsoOld = await signIn(idp, email, SIGN_UP.password)
    expect((await deleteUser(t, admin, email)).status).toBe(200)
    const deletions = await query<{ deleted_at: number }>(t.server, sql`select deleted_at from deleted_subjects`)
    expect(deletions).toHaveLength(1)
    const deletedAt = deletions[0]?.deleted_at ?? 0

    for (const tokens of [old, alsoOld]) {
      const read = await details(t, tokens, email)
      expect([read.status, read.body.errorMessage]).toEqual([401, 'AccountDeleted'])
      const again = await t.api(tokens.access_token, 'POST', '/api/account/signup', signUpBody(email, 'Mentor'))
      expect([again.status, again.body.errorMessage]).toEqual([401, 'AccountDeleted'])
    }
    expect(await t.server.ctx.users.byEmail(email)).toBeUndefined()
    expect(await listedEmails(t, admin)).not.toContain(email)

    // The provider is not ours: the same subject signs in there again. Tokens carry whole seconds,
    // so the new one is issued in a second after the deletion's.
    await new Promise((resolve) => setTimeout(resolve, Math.floor(deletedAt / 1000) * 1000 + 1000 - Date.now() + 20))
    const later = await signIn(idp, email, SIGN_UP.password)
    expect(claimsOf(later)['sub']).toBe(claimsOf(old)['sub'])
    const signup = await t.api<View>(later.access_token, 'POST', '/api/account/signup', signUpBody(email, 'Mentor'))
    expect(signup.status).toBe(200)
    expect(signup.body.value.userStatuses).toEqual([expect.objectContaining({ role: 'Mentor', userStatus: 'NEW' })])
    expect(await savedAnswers(t, later, email)).toBe(0)
    expect((await details(t, old, email)).status).toBe(401)
  })
})
