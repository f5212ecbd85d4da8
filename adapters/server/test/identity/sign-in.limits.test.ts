// The sign-in limits over real HTTP on the real server: the embedded provider's pages and the API
// count in the database, per account whatever the address, per address with IPv6 masked to its
// /64, shared by every process serving the data folder, and a refusal (429) says when to return.
// Addresses are set with X-Forwarded-For, which the server believes from loopback (TRUST_PROXY).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { alertText, Browser, formAction, hiddenField, type Reply } from '../../../identity/test/support/http.client.js'
import { SIGN_UP, signUp, startAuthorization, submit, type Flow } from '../../../identity/test/support/harness.js'
import { manualClock } from '../../src/clock.js'
import { startRealServer, type RealServer } from '../support/identity.harness.js'

/** Posts the sign-in form of one interaction again and again, as a script would, from `address`. */
const signInFrom = (flow: Flow, address: string, email: string, password: string): Promise<Reply> =>
  flow.browser.post(formAction(flow.page), { csrf: hiddenField(flow.page, 'csrf'), email, password }, { 'x-forwarded-for': address })
const statusCounts = (statuses: readonly number[]): Record<number, number> =>
  statuses.reduce<Record<number, number>>((counts, s) => ({ ...counts, [s]: (counts[s] ?? 0) + 1 }), {})
const hex = (n: number): string => n.toString(16)

describe('with the default budgets', () => {
  let t: RealServer
  beforeAll(async () => {
    t = await startRealServer()
    await signUp(t.endpoint, { ...SIGN_UP, email: 'target@example.org' })
    await signUp(t.endpoint, { ...SIGN_UP, email: 'everyone@example.org' })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('lets 10 of 100 password attempts on one account through when the address rotates inside one IPv6 /64', async () => {
    const flow = await startAuthorization(t.endpoint)
    const replies: Reply[] = []
    for (let i = 0; i < 100; i++)
      replies.push(
        await signInFrom(
          flow,
          `2001:db8:7:8:${hex(i)}:${hex(3 * i)}:${hex(i + 9)}:${hex(i + 1)}`,
          'target@example.org',
          `wrong-password-${i}`,
        ),
      )
    expect(statusCounts(replies.map((r) => r.status))).toEqual({ 400: 10, 429: 90 })
    const refused = replies.at(-1)
    expect(alertText(refused?.body ?? '')).toContain('Too many attempts')
  })

  it('limits attempts on one account from many addresses, and a refused page carries Retry-After', async () => {
    const flow = await startAuthorization(t.endpoint)
    const replies: Reply[] = []
    for (let i = 0; i < 40; i++) replies.push(await signInFrom(flow, `198.51.100.${i + 1}`, 'Everyone@Example.org', 'wrong-password'))
    // The account's budget (30 a quarter hour) holds whatever the address.
    expect(replies.map((r) => r.status)).toEqual([...Array<number>(30).fill(400), ...Array<number>(10).fill(429)])
    const retryAfter = Number(replies.at(-1)?.headers?.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
  })

  it('leaves ordinary use alone: people signing in from their own addresses get through', async () => {
    for (let i = 0; i < 3; i++) {
      const flow = await startAuthorization(t.endpoint)
      const reply = await flow.browser.post(
        formAction(flow.page),
        { csrf: hiddenField(flow.page, 'csrf'), email: 'ordinary@example.org', password: 'wrong-password' },
        { 'x-forwarded-for': `2001:db8:${hex(i + 100)}::1` },
      )
      expect(reply.status).toBe(400)
    }
    const signedUp = await signUp(t.endpoint, { ...SIGN_UP, email: 'ordinary.new@example.org' })
    expect(signedUp.access_token).not.toBe('')
  })
})

describe('with small budgets (the pages tell the person, and the window passes)', () => {
  let t: RealServer
  const clock = manualClock(Date.now())
  beforeAll(async () => {
    t = await startRealServer(
      {},
      {
        overrides: {
          clock,
          attemptRules: {
            signIn: { addressAndAccount: { points: 3, seconds: 60 } },
            forgot: { addressAndAccount: { points: 2, seconds: 60 } },
          },
        },
      },
    )
  })
  afterAll(async () => {
    await t?.close()
  })

  it('rate-limits sign-in attempts per address and account (429) and says so; once the window passes the right password works', async () => {
    await signUp(t.endpoint, { ...SIGN_UP, email: 'limited@example.org' })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) {
      const flow = await startAuthorization(t.endpoint)
      statuses.push((await submit(flow, { email: 'limited@example.org', password: 'wrong-password-1' })).status)
    }
    expect(statuses).toEqual([400, 400, 400, 429])
    const flow = await startAuthorization(t.endpoint)
    const blocked = await submit(flow, { email: 'limited@example.org', password: SIGN_UP.password })
    expect(blocked.status).toBe(429)
    expect(alertText(blocked.body)).toContain('Too many attempts')
    // The window passes on the server's clock.
    clock.advance(61_000)
    const later = await startAuthorization(t.endpoint)
    expect((await submit(later, { email: 'limited@example.org', password: SIGN_UP.password })).status).toBe(303)
  })

  it('rate-limits forgot-password per address and e-mail (429), in German too', async () => {
    const browser = new Browser(t.base)
    const statuses: number[] = []
    let last = ''
    for (let i = 0; i < 3; i++) {
      const form = await browser.get('/oidc/forgot?lang=de')
      const reply = await submit({ browser, verifier: '', state: '', page: form.body, pageUrl: '' }, { email: 'someone@example.org' })
      statuses.push(reply.status)
      last = reply.body
    }
    expect(statuses).toEqual([200, 200, 429])
    expect(alertText(last)).toContain('Zu viele Versuche')
  })
})

describe('two server processes on one data folder', () => {
  let dir: string
  let a: RealServer
  let b: RealServer
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tandem-shared-limits-'))
    const overrides = { attemptRules: { apiSignIn: { address: { points: 4, seconds: 60 } } } }
    a = await startRealServer({}, { dir, overrides })
    b = await startRealServer({}, { dir, overrides })
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('count the API sign-up calls of one address together, and the refusal is the envelope with Retry-After', async () => {
    const call = (server: RealServer) =>
      fetch(`${server.base}/api/account/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '2001:db8:99:1::5' },
        body: '{}',
      })
    const statuses: number[] = []
    for (const server of [a, b, a, b]) statuses.push((await call(server)).status)
    // Not signed in: refused as such, but counted.
    expect(statuses).toEqual([401, 401, 401, 401])
    // The same /64 on the other instance: over the shared budget.
    const other = await fetch(`${a.base}/api/account/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '2001:db8:99:1:ffff::77' },
      body: '{}',
    })
    expect(other.status).toBe(429)
    expect(Number(other.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await other.json()).toEqual({
      isSuccess: false,
      isFailure: true,
      value: null,
      errorMessage: 'TooManyRequests',
      errorCode: 'TooManyRequests',
    })
    // Another address is not affected.
    const elsewhere = await fetch(`${b.base}/api/account/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.44' },
      body: '{}',
    })
    expect(elsewhere.status).toBe(401)
  })
})
