// The journey of a fresh install, on the real server with its embedded provider and real SMTP:
// register, sign in, sign out, forget the password, reset it with the link from the delivered mail.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { alertText, Browser, hiddenField } from '../../../identity/test/support/http.client.js'
import {
  codeAfter,
  exchangeCode,
  SIGN_UP,
  signIn,
  signUp,
  startAuthorization,
  submit,
  type Tokens,
  refreshTokens,
} from '../../../identity/test/support/harness.js'
import { resetLinkIn, type Delivered } from '../../../identity/test/support/mailbox.js'
import { signUpBody, startRealServer, type RealServer } from '../support/identity.harness.js'

let t: RealServer
let smtp: SMTPServer
const delivered: Delivered[] = []

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        delivered.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw: Buffer.concat(chunks).toString('utf8') })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  t = await startRealServer({ SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` })
})
afterAll(async () => {
  await t.close()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

const mailFor = async (to: string, count: number): Promise<Delivered> => {
  for (let i = 0; i < 200 && delivered.filter((m) => m.to === to).length < count; i++) await new Promise((r) => setTimeout(r, 25))
  const mail = delivered.filter((m) => m.to === to)[count - 1]
  if (mail === undefined) throw new Error(`no mail ${count} for ${to}`)
  return mail
}

const forgot = async (email: string) => {
  const browser = new Browser(t.base)
  const form = await browser.get('/oidc/forgot?lang=en')
  return browser.post('/oidc/forgot?lang=en', { csrf: hiddenField(form.body, 'csrf'), email })
}

const reset = async (link: string, password: string) => {
  const browser = new Browser(t.base)
  const form = await browser.get(link)
  if (form.status !== 200) return form
  return browser.post(new URL(link).pathname + new URL(link).search, {
    csrf: hiddenField(form.body, 'csrf'),
    token: hiddenField(form.body, 'token'),
    password,
    password_repeat: password,
  })
}

/** The sign-in page's answer to these credentials (status and alert text), without finishing the flow. */
const tryPassword = async (email: string, password: string) => {
  const flow = await startAuthorization(t.endpoint)
  const reply = await submit(flow, { email, password })
  return { status: reply.status, alert: alertText(reply.body) }
}

describe('a new user on a fresh server', () => {
  const email = 'journey@example.org'
  let first: Tokens

  it('registers as mentee through the sign-up page and the sign-up call', async () => {
    first = await signUp(t.endpoint, { ...SIGN_UP, email })
    const reply = await t.api<{ userRole: { name: string }[] }>(
      first.access_token,
      'POST',
      '/api/account/signup',
      signUpBody(email, 'Mentee'),
    )
    expect(reply.status).toBe(200)
    expect(reply.body.value.userRole).toEqual([{ name: 'Mentee' }])
  })

  it('signs out through end_session: the refresh token ends, the next authorization asks for the password', async () => {
    const flow = await startAuthorization(t.endpoint)
    const session = (await (
      await exchangeCode(t.endpoint, flow, await codeAfter(t.endpoint, flow, await submit(flow, { email, password: SIGN_UP.password })))
    ).json()) as Tokens
    expect((await t.api(session.access_token, 'POST', '/api/Account/signin', { Email: email, Role: null })).status).toBe(200)
    const query = new URLSearchParams({
      id_token_hint: session.id_token,
      post_logout_redirect_uri: t.endpoint.redirectUri,
      client_id: 'tandem-web',
    })
    const confirm = await flow.browser.get(`/oidc/session/end?${query.toString()}`)
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)?.[1] ?? ''
    expect((await flow.browser.post('/oidc/session/end/confirm', { xsrf, logout: 'yes' })).location).toBe(t.endpoint.redirectUri)
    const refreshed = await refreshTokens(t.base, session.refresh_token)
    expect(refreshed.status).toBe(400)
    expect((await startAuthorization(t.endpoint, {}, flow.browser)).page).toContain('name="password"')
  })

  it('resets a forgotten password with the link from the delivered mail; the link works once; the old password then fails like an unknown e-mail', async () => {
    const unknown = await forgot('nobody@example.org')
    const known = await forgot(email)
    expect(known.status).toBe(unknown.status)
    expect(alertText(known.body)).toBe(alertText(unknown.body))
    // Mail 1 is the address confirmation sent at sign-up; mail 2 the reset link.
    const link = resetLinkIn(await mailFor(email, 2))
    expect(link.startsWith(`${t.base}/oidc/reset?token=`)).toBe(true)
    expect((await reset(link, 'fresh-password-2026')).status).toBe(200)
    expect((await reset(link, 'second-try-password-1')).status).not.toBe(200)
    const old = await tryPassword(email, SIGN_UP.password)
    const stranger = await tryPassword('stranger@example.org', SIGN_UP.password)
    expect(old.status).toBe(400)
    expect(old).toEqual(stranger)
    const tokens = await signIn(t.endpoint, email, 'fresh-password-2026')
    expect(
      (await t.api<{ email: string }>(tokens.access_token, 'POST', '/api/Account/signin', { Email: email, Role: null })).body.value.email,
    ).toBe(email)
    expect(delivered.some((m) => m.to === 'nobody@example.org')).toBe(false)
  })
})
