// Several instances of the embedded provider on one PostgreSQL database, as behind a proxy: two
// servers on two ports with one issuer. Whatever one issues (sessions, codes, refresh tokens, keys,
// mailed links) the other honours, and single-use links stay single-use under concurrent use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeJwt } from 'jose'
import { createResetTokens } from '../src/reset.tokens.js'
import { Browser, hiddenField } from './support/http.client.js'
import { resetLinkIn } from './support/mailbox.js'
import { freshPostgresDatabase } from './support/databases.js'
import {
  codeAfter,
  exchangeCode,
  SIGN_UP,
  signIn,
  startAuthorization,
  startHarness,
  submit,
  type Endpoint,
  type Harness,
  type Tokens,
  refreshTokens,
} from './support/harness.js'

let a: Harness
let b: Harness
/** Instance B as the browser reaches it directly; the issuer and the app's redirect URI are A's (the public ones). */
let viaB: Endpoint

beforeAll(async () => {
  a = await startHarness({ database: 'postgres' })
  b = await startHarness({ databaseUrl: a.databaseUrl ?? '', publicUrl: a.baseUrl })
  viaB = { baseUrl: b.serverUrl, redirectUri: a.redirectUri }
})
afterAll(async () => {
  await b.close()
  await a.close()
})

const refreshAt = async (serverUrl: string, token: string): Promise<{ status: number; tokens: Tokens }> => {
  const response = await refreshTokens(serverUrl, token)
  return { status: response.status, tokens: (await response.json()) as Tokens }
}

const jwksAt = async (serverUrl: string): Promise<unknown> => (await fetch(`${serverUrl}/oidc/jwks`)).json()

describe('two provider instances on one PostgreSQL database', () => {
  it('start at the same time on an empty database and end with the same keys', async () => {
    const url = await freshPostgresDatabase()
    const [first, second] = await Promise.all([startHarness({ databaseUrl: url }), startHarness({ databaseUrl: url })])
    try {
      const keys = (await first.db.selectFrom('identity_keys').selectAll().execute()) as unknown[]
      expect(keys).toHaveLength(1)
      expect(await jwksAt(second.serverUrl)).toEqual(await jwksAt(first.serverUrl))
      expect(((await jwksAt(first.serverUrl)) as { keys: unknown[] }).keys).toHaveLength(1)
    } finally {
      await Promise.all([first.close(), second.close()])
    }
  })

  it('publish the same keys, so a token signed by one verifies at the other', async () => {
    expect(await jwksAt(b.serverUrl)).toEqual(await jwksAt(a.serverUrl))
    const tokens = await signIn(a, ...(await signedUp('keys@example.org')))
    expect((await b.provider.verifier(tokens.access_token))?.subject).toBe(decodeJwt(tokens.access_token).sub)
  })

  it('honour a session made through the other: the browser signed in at A gets a code from B without signing in', async () => {
    const flow = await startAuthorization(a, { screen_hint: 'signup' })
    const code = await codeAfter(a, flow, await submit(flow, { ...SIGN_UP, email: 'session@example.org' }))
    expect((await exchangeCode(a, flow, code)).status).toBe(200)

    // The same browser (its cookies signed with the shared cookie keys) at instance B.
    const atB = await startAuthorization(viaB, {}, flow.browser)
    const issued = new URL(atB.pageUrl)
    expect(`${issued.origin}${issued.pathname}`).toBe(a.redirectUri)
    expect(issued.searchParams.get('state')).toBe(atB.state)
    const codeFromB = issued.searchParams.get('code') ?? ''
    const exchanged = await exchangeCode(viaB, atB, codeFromB)
    expect(exchanged.status).toBe(200)
    const tokens = (await exchanged.json()) as Tokens
    expect(decodeJwt(tokens.access_token)).toMatchObject({ iss: `${a.baseUrl}/oidc`, email: 'session@example.org' })

    // A browser without the session is asked to sign in at B: the code above came from the session.
    const stranger = await startAuthorization(viaB, {}, new Browser(b.serverUrl))
    expect(stranger.pageUrl).toContain('/oidc/interaction/')
  })

  it('honour a refresh token issued by the other, in both directions', async () => {
    const tokens = await signIn(a, ...(await signedUp('refresh@example.org')))
    const atB = await refreshAt(b.serverUrl, tokens.refresh_token ?? '')
    expect(atB.status).toBe(200)
    expect((await a.provider.verifier(atB.tokens.access_token))?.email).toBe('refresh@example.org')
    const backAtA = await refreshAt(a.serverUrl, atB.tokens.refresh_token ?? '')
    expect(backAtA.status).toBe(200)
    // An account deleted through one instance is gone for the other: its refresh tokens stop working.
    expect(await b.provider.accounts.deleteAccount('refresh@example.org')).toBe(true)
    expect((await refreshAt(a.serverUrl, backAtA.tokens.refresh_token ?? '')).status).toBe(400)
  })

  it('consume a reset link once when it is used at both instances at the same moment', async () => {
    const email = 'race@example.org'
    await signedUp(email)
    const before = a.mailbox.delivered.length
    const forgot = new Browser(a.baseUrl)
    const form = await forgot.get('/oidc/forgot?lang=en')
    await forgot.post('/oidc/forgot?lang=en', { csrf: hiddenField(form.body, 'csrf'), email })
    const link = resetLinkIn(await a.mailbox.waitFor(before + 1))
    const path = `${new URL(link).pathname}${new URL(link).search}`
    // Each instance shows the form (a browser each), then both are submitted at once.
    const forms = await Promise.all(
      [a.serverUrl, b.serverUrl, a.serverUrl, b.serverUrl].map(async (base, i) => {
        const browser = new Browser(base)
        const page = await browser.get(path)
        expect(page.status).toBe(200)
        return { browser, page, password: `new-secret-number-${i}` }
      }),
    )
    const answers = await Promise.all(
      forms.map(({ browser, page, password }) =>
        browser.post(`${new URL(link).pathname}?lang=en`, {
          csrf: hiddenField(page.body, 'csrf'),
          token: hiddenField(page.body, 'token'),
          password,
          password_repeat: password,
        }),
      ),
    )
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400])
    const winner = forms[answers.findIndex((r) => r.status === 200)]
    expect((await signIn(b, email, winner?.password ?? '')).access_token).toBeTypeOf('string')
  })

  it('redeem a link once among many simultaneous redemptions, and keep one live link when asked at both at once', async () => {
    const account = await a.provider.accounts.findByEmail((await signedUp('tokens@example.org'))[0])
    const subject = account?.subject ?? ''
    const atA = createResetTokens(a.db, Date.now)
    const atB = createResetTokens(b.db, Date.now)
    const token = await atA.issue(subject)
    const redeemed = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? atA : atB).redeem(token)))
    expect(redeemed.filter((r) => r !== null)).toEqual([subject])

    const issued = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? atA : atB).issue(subject)))
    const live = await Promise.all(issued.map((t) => atB.check(t)))
    expect(live.filter((r) => r !== null)).toEqual([subject])
    const rows = await a.db
      .selectFrom('identity_password_resets')
      .select('token_hash')
      .where('account_id', '=', subject)
      .where('purpose', '=', 'reset')
      .where('used_at', 'is', null)
      .execute()
    expect(rows).toHaveLength(1)
  })
})

/** Signs up through instance A's pages; answers the e-mail and password for signIn. */
const signedUp = async (email: string): Promise<[string, string]> => {
  const flow = await startAuthorization(a, { screen_hint: 'signup' })
  await codeAfter(a, flow, await submit(flow, { ...SIGN_UP, email }))
  return [email, SIGN_UP.password]
}
