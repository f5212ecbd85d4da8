// No personal data in logs: the main flows, and the embedded identity provider's own flows (sign-up,
// address confirmation, sign-in right and wrong, forgotten password and reset, sign-out, a refused
// mail), run through the real app with its own logger (every level) captured, then the log is
// searched for the people's e-mail addresses and names, for any e-mail address at all, and for tokens.
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
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
import { resetLinkIn } from '../../../identity/test/support/mailbox.js'
import { startTestSmtp } from '../../../mail/test/support/smtp.server.js'
import { createLogger } from '../../src/logger.js'
import { confirmationLinkIn } from '../support/admin-verified.support.js'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'
import { signUpBody, startRealServer } from '../support/identity.harness.js'

let h: Harness
const lines: string[] = []
/** A stream that keeps every log line written to it in `into`. */
const captureInto = (into: string[]) =>
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      into.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((l) => l !== ''),
      )
      done()
    },
  })
const capture = captureInto(lines)

beforeAll(async () => {
  h = await startHarness({ logTo: capture })
})
afterAll(async () => {
  await h.close()
})

const proposals = (p: Person) => h.proposals(p)

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*/gu
const JWT = /eyJ[\w-]{8,}\.[\w-]{8,}\./g

/** What of the people's data the log holds: their texts, any e-mail address, any JWT, the secrets (a JWT by its signature). */
const personalDataIn = (log: string, texts: readonly string[], secrets: readonly string[]): string[] => [
  ...texts.filter((text) => log.toLowerCase().includes(text.toLowerCase())),
  // Message-IDs look like addresses but name an outbox row, not a person.
  ...(log.match(EMAIL) ?? []).filter((address) => !/^tandem-outbox-\d+@/.test(address)),
  ...(log.match(JWT) ?? []),
  ...secrets.filter((secret) => log.includes(secret.split('.')[2] ?? secret)),
]

describe('the server log', () => {
  it('holds no e-mail address, name or token after the main flows', async () => {
    const people: Person[] = []
    const tokens: string[] = []
    const mentor = await h.publishedMentor('Zarathustra')
    const mentee = await h.readyMentee('Quintessa')
    people.push(mentor, mentee, h.admin)
    for (const p of people) tokens.push(await h.tokenFor(p))
    expectOk(await h.call(h.admin, 'POST', '/api/Account/signin', { Email: h.admin.email, Role: null }), 'admin sign-in')
    // Participant flows: matching, the proposal, both sides accepting.
    expectOk(await h.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'run')
    const [proposal] = (await proposals(mentee)).menteeProposal
    if (proposal === undefined) throw new Error('expected a proposal')
    expectOk(
      await h.call(mentee, 'POST', '/api/MatchingTandem/AcceptProposal', {
        email: mentee.email,
        role: 'Mentee',
        pairedUserEmail: mentor.email,
        proposalSaveModel: { proposalId: proposal.proposalId, proposalState: 'ACCEPTED' },
        matchingTandemSaveModel: { matchingTandemId: proposal.matchingTandemId, tandemState: 'ACTIVE' },
      }),
      'mentee accepts',
    )
    expectOk(
      await h.call(mentor, 'POST', '/api/MatchingTandem/AcceptProposal', {
        email: mentor.email,
        role: 'Mentor',
        pairedUserEmail: mentee.email,
        proposalSaveModel: { proposalId: proposal.pairedProposalId, proposalState: 'ACCEPTED' },
        matchingTandemSaveModel: { matchingTandemId: proposal.matchingTandemId, tandemState: 'MATCHED' },
      }),
      'mentor accepts',
    )
    // Refusals and bad input are logged too, where they are logged at all.
    await h.call(mentee, 'POST', '/api/MatchingTandem/GetProposals', { email: mentor.email })
    await h.call(mentee, 'POST', '/api/user/UpdateProfile', { email: mentee.email, city: 42 })
    await h.call(null, 'GET', `/api/Account/GetUserDetails?emailId=${encodeURIComponent(mentee.email)}`, undefined, {
      authorization: `Bearer ${tokens[1]}x`,
    })
    // A browser error report that quotes the person (what a failing screen might send).
    await h.call(mentee, 'POST', '/api/Logger/LogError', {
      ErrorMessage: `Profile of ${mentee.firstName} ${mentee.lastName} <${mentee.email}> failed; token ${tokens[1]}`,
    })
    // Administrator flows: user information, lists, a message, the export, mail delivery, deletion.
    expectOk(await h.call(h.admin, 'GET', `/api/Admin/GetUserDetail?email=${encodeURIComponent(mentee.email)}&language=en`), 'detail')
    expectOk(await h.call(h.admin, 'GET', '/api/Admin/GetAllUsers'), 'all users')
    expectOk(
      await h.call(h.admin, 'POST', '/api/Notification/NotifyUser', {
        email: mentor.email,
        notificationType: 'ADMIN_MESSAGE',
        matchingTandemId: null,
        subject: `Hello ${mentor.firstName}`,
        body: `Dear ${mentor.firstName} ${mentor.lastName}, please write to ${mentee.email}.`,
      }),
      'notify',
    )
    await h.server.deliverMail()
    const exportPath =
      '/api/Admin/ExportMatchingTandemData?includeUserAccountInformation=true&includeMatchingTandemInformation=true&includeProposalInformation=true&tandemDateRange=30'
    expect((await h.call(h.admin, 'GET', exportPath)).status).toBe(200)
    await h.server.sweep()
    await h.server.sweepReminders()
    await h.server.sweepRetention()
    expectOk(
      await h.call(h.admin, 'GET', `/api/Account/DeleteUserFromIdp?emailId=${encodeURIComponent(mentee.email)}&deletefromDB=true`),
      'delete',
    )

    const log = lines.join('\n')
    expect(lines.length).toBeGreaterThan(3)
    const found = personalDataIn(
      log,
      people.flatMap((p) => [p.email, p.firstName, p.lastName]),
      tokens,
    )
    if (found.length > 0) process.stderr.write(`${log}\n`)
    expect(found).toEqual([])
  })
})

describe('the server log with SMTP', () => {
  it('a mail server refusing an address does not bring the address into the log', async () => {
    const smtp = await startTestSmtp()
    const smtpLines: string[] = []
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        smtpLines.push(chunk.toString('utf8'))
        done()
      },
    })
    const harness = await startHarness({ env: { SMTP_URL: smtp.url }, logTo: sink })
    try {
      const ben = harness.person('Benedikta')
      expectOk(await harness.signUp(ben, 'Mentor'), 'sign-up')
      smtp.refuse = (address) => (address === ben.email ? 550 : null)
      smtp.refusalText = (address) => `5.1.1 <${address}>: Recipient address rejected: User unknown`
      expectOk(
        await harness.call(harness.admin, 'POST', '/api/Notification/NotifyUser', {
          email: ben.email,
          notificationType: 'ADMIN_MESSAGE',
          matchingTandemId: null,
          subject: 'Hello',
          body: 'See you soon.',
        }),
        'notify',
      )
      await harness.server.deliverMail()
      expect((await harness.server.ctx.outbox.all()).map((m) => m.status)).toEqual(['failed'])
      const log = smtpLines.join('')
      expect(log).toContain('not deliverable')
      expect([log.includes(ben.email), log.includes(ben.firstName)]).toEqual([false, false])
    } finally {
      await harness.close()
      await smtp.stop()
    }
  })
})

describe('the server log through the embedded identity provider', () => {
  it('holds no e-mail address, name, password or token after sign-up, confirmation, sign-in, reset, sign-out and a refused mail', async () => {
    const smtp = await startTestSmtp()
    const log: string[] = []
    // Libraries that write to the console end up in the same log in production (standard streams).
    const consoleLines: string[] = []
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        consoleLines.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack ?? ''}` : JSON.stringify(a))).join(' '))
      }),
    )
    const t = await startRealServer({ SMTP_URL: smtp.url }, { overrides: { logger: createLogger('trace', captureInto(log)) } })
    try {
      const leonore = { email: 'leonore.lichtenberg@example.org', given: 'Leonore', family: 'Lichtenberg', password: 'secret-garden-1881' }
      const refused = { email: 'rupert.refused@example.org', given: 'Rupert', family: 'Refusedmann', password: 'bouncing-mail-1999' }
      const secrets: string[] = []
      const keep = (tokens: Tokens): Tokens => {
        secrets.push(tokens.access_token, tokens.id_token, tokens.refresh_token ?? '')
        return tokens
      }
      const rawMailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email)).map((m) => m.raw.toString('utf8'))
      const waitFor = async (what: string, done: () => boolean) => {
        for (let i = 0; i < 400 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 25))
        if (!done()) throw new Error(`waited in vain for ${what}`)
      }

      // Sign-up through the provider's pages, then the app's sign-up call.
      const first = keep(
        await signUp(t.endpoint, {
          ...SIGN_UP,
          email: leonore.email,
          given_name: leonore.given,
          family_name: leonore.family,
          password: leonore.password,
        }),
      )
      expectOk(
        await t.api(
          first.access_token,
          'POST',
          '/api/account/signup',
          signUpBody(leonore.email, 'Mentee', { FirstName: leonore.given, LastName: leonore.family }),
        ),
        'sign-up',
      )
      // The address confirmation: the mailed link, then the same link again (refused) and a made-up one.
      await waitFor('the confirmation mail', () => confirmationLinkIn(rawMailsTo(leonore.email), leonore.email) !== undefined)
      const confirmation = confirmationLinkIn(rawMailsTo(leonore.email), leonore.email) ?? ''
      secrets.push(new URL(confirmation).searchParams.get('token') ?? '')
      expect((await fetch(confirmation)).status).toBe(200)
      expect((await fetch(confirmation)).status).toBe(400)
      expect((await fetch(`${t.base}/oidc/verify-email?token=made-up-${leonore.email}&lang=en`)).status).toBe(400)

      // Sign-in: right, wrong password, unknown address; the app's sign-in call; a refresh.
      const second = keep(await signIn(t.endpoint, leonore.email, leonore.password))
      expectOk(await t.api(second.access_token, 'POST', '/api/Account/signin', { Email: leonore.email, Role: null }), 'sign-in')
      const wrong = await submit(await startAuthorization(t.endpoint), { email: leonore.email, password: `${leonore.password}x` })
      expect([wrong.status, alertText(wrong.body)]).toEqual([400, expect.any(String)])
      const unknown = await submit(await startAuthorization(t.endpoint), { email: 'nobody.known@example.org', password: leonore.password })
      expect(unknown.status).toBe(400)
      const refreshed = await refreshTokens(t.base, second.refresh_token)
      expect(refreshed.status).toBe(200)
      keep((await refreshed.json()) as Tokens)

      // Forgotten password: asked for a known and an unknown address; the mailed link resets once.
      const forgot = async (email: string) => {
        const browser = new Browser(t.base)
        const form = await browser.get('/oidc/forgot?lang=en')
        return browser.post('/oidc/forgot?lang=en', { csrf: hiddenField(form.body, 'csrf'), email })
      }
      expect((await forgot(leonore.email)).status).toBe(200)
      expect((await forgot('nobody.known@example.org')).status).toBe(200)
      await waitFor('the reset mail', () => rawMailsTo(leonore.email).some((raw) => raw.includes('/oidc/reset')))
      const resetMail = rawMailsTo(leonore.email).find((raw) => raw.includes('/oidc/reset')) ?? ''
      const link = resetLinkIn({ to: leonore.email, raw: resetMail })
      secrets.push(new URL(link).searchParams.get('token') ?? '')
      const reset = async (password: string) => {
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
      expect((await reset('renewed-garden-1882')).status).toBe(200)
      expect((await reset('renewed-garden-1883')).status).not.toBe(200)

      // Sign-out through end_session with the new password's session.
      const flow = await startAuthorization(t.endpoint)
      const third = keep(
        (await (
          await exchangeCode(
            t.endpoint,
            flow,
            await codeAfter(t.endpoint, flow, await submit(flow, { email: leonore.email, password: 'renewed-garden-1882' })),
          )
        ).json()) as Tokens,
      )
      const query = new URLSearchParams({
        id_token_hint: third.id_token,
        post_logout_redirect_uri: t.endpoint.redirectUri,
        client_id: 'tandem-web',
      })
      const confirm = await flow.browser.get(`/oidc/session/end?${query.toString()}`)
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)?.[1] ?? ''
      expect((await flow.browser.post('/oidc/session/end/confirm', { xsrf, logout: 'yes' })).location).toBe(t.endpoint.redirectUri)

      // A mail server refusing the provider's mails (confirmation, reset) and quoting the address.
      smtp.refuse = (address) => (address === refused.email ? 550 : null)
      smtp.refusalText = (address) => `5.1.1 <${address}>: Recipient address rejected: User unknown`
      keep(
        await signUp(t.endpoint, {
          ...SIGN_UP,
          email: refused.email,
          given_name: refused.given,
          family_name: refused.family,
          password: refused.password,
        }),
      )
      expect((await forgot(refused.email)).status).toBe(200)
      await waitFor('both refused mails in the log', () => log.filter((line) => line.includes('"level":50')).length >= 2)

      const text = [...log, ...consoleLines].join('\n')
      expect(log.length).toBeGreaterThan(0)
      const found = personalDataIn(
        text,
        [leonore.email, leonore.given, leonore.family, leonore.password, refused.email, refused.given, refused.family, refused.password],
        secrets.filter((s) => s !== ''),
      )
      if (found.length > 0) process.stderr.write(`${text}\n`)
      expect(found).toEqual([])
    } finally {
      for (const spy of spies) spy.mockRestore()
      await t.close()
      await smtp.stop()
    }
  })
})
