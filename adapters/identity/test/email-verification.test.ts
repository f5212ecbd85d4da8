// Address confirmation of the embedded provider: sign-up mails a single-use link (real SMTP), the
// link confirms the address, reused or expired links are refused, and tokens' email_verified follows.
import Database from 'better-sqlite3'
import { decodeJwt } from 'jose'
import { Kysely, SqliteDialect } from 'kysely'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DAY } from '@tandem/core'
import { createIdentitySchema, DEFAULT_CLAIM_MAPPING, identityFromClaims } from '../src/index.js'
import { Browser, alertText, hiddenField } from './support/http.client.js'
import { resetLinkIn, type Delivered } from './support/mailbox.js'
import { SIGN_UP, signIn, signUp, startAuthorization, startHarness, submit, type Harness } from './support/harness.js'
import { DATABASES } from './support/databases.js'

describe.each(DATABASES)('on %s', (database) => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness({ database })
  })
  afterAll(async () => h.close())

  const decodeMail = (mail: Delivered): string =>
    mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))

  const mailsTo = (email: string): Delivered[] => h.mailbox.delivered.filter((m) => m.to === email)

  /** The confirmation link of the newest confirmation mail to this address. */
  const verifyLinkFor = async (email: string): Promise<string> => {
    for (let i = 0; i < 200; i++) {
      const links = mailsTo(email)
        .map(decodeMail)
        .map((raw) => /https?:\/\/\S+\/oidc\/verify-email\?token=[\w-]+&lang=(en|de)/.exec(raw)?.[0])
        .filter((l) => l !== undefined)
      const last = links.at(-1)
      if (last !== undefined) return last
      await new Promise((r) => setTimeout(r, 25))
    }
    throw new Error(`no confirmation mail to ${email}`)
  }

  const verifiedClaimOf = async (email: string, password: string = SIGN_UP.password) => {
    const tokens = await signIn(h, email, password)
    return {
      access: decodeJwt(tokens.access_token)['email_verified'],
      id: decodeJwt(tokens.id_token)['email_verified'],
      identity: (await h.provider.verifier(tokens.access_token))?.emailVerified,
    }
  }

  describe('address confirmation after sign-up', () => {
    it('mails a confirmation link to the new address at sign-up; until it is opened tokens say email_verified false', async () => {
      const email = 'confirm-me@example.org'
      const tokens = await signUp(h, { ...SIGN_UP, email })
      expect(decodeJwt(tokens.access_token)['email_verified']).toBe(false)
      expect((await h.provider.verifier(tokens.access_token))?.emailVerified).toBe(false)
      const link = await verifyLinkFor(email)
      expect(new URL(link).origin).toBe(new URL(h.baseUrl).origin)
      const mail = decodeMail(mailsTo(email)[0] as Delivered)
      expect(mail).toContain('Confirm your e-mail address for Tandem')
      expect(mail).toContain('within 24 hours')
      expect((await h.provider.accounts.findByEmail(email))?.emailVerifiedAt).toBeNull()
    })

    it('confirms the address with the mailed link: the account is marked and new access and ID tokens say email_verified true', async () => {
      const email = 'opens-link@example.org'
      await signUp(h, { ...SIGN_UP, email })
      const page = await fetch(await verifyLinkFor(email))
      expect(page.status).toBe(200)
      expect(page.headers.get('referrer-policy')).toBe('no-referrer')
      expect(await page.text()).toContain('your e-mail address is confirmed')
      expect((await h.provider.accounts.findByEmail(email))?.emailVerifiedAt).toBe(h.clock.now)
      expect(await verifiedClaimOf(email)).toEqual({ access: true, id: true, identity: true })
    })

    it('refuses a link the second time and changes nothing', async () => {
      const email = 'twice@example.org'
      await signUp(h, { ...SIGN_UP, email })
      const link = await verifyLinkFor(email)
      expect((await fetch(link)).status).toBe(200)
      const confirmedAt = (await h.provider.accounts.findByEmail(email))?.emailVerifiedAt
      h.clock.now += 1000
      const again = await fetch(link)
      expect(again.status).toBe(400)
      expect(alertText(await again.text())).toContain('invalid, has expired or was already used')
      expect((await h.provider.accounts.findByEmail(email))?.emailVerifiedAt).toBe(confirmedAt)
    })

    it('refuses a link after 24 hours; the address stays unconfirmed', async () => {
      const email = 'too-late@example.org'
      await signUp(h, { ...SIGN_UP, email })
      const link = await verifyLinkFor(email)
      h.clock.now += DAY + 1
      const late = await fetch(link)
      expect(late.status).toBe(400)
      expect((await h.provider.accounts.findByEmail(email))?.emailVerifiedAt).toBeNull()
      expect(await verifiedClaimOf(email)).toEqual({ access: false, id: false, identity: false })
    })

    it('refuses unknown and missing tokens, in German too', async () => {
      const unknown = await fetch(`${h.baseUrl}/oidc/verify-email?token=not-a-token&lang=de`)
      expect(unknown.status).toBe(400)
      expect(alertText(await unknown.text())).toContain('Bestätigungslink ist ungültig')
      expect((await fetch(`${h.baseUrl}/oidc/verify-email`)).status).toBe(400)
    })

    it('writes the mail and the link in the language chosen at sign-up', async () => {
      const email = 'deutsch@example.org'
      await signUp(h, { ...SIGN_UP, email }, { ui_locales: 'de' })
      expect(await verifyLinkFor(email)).toMatch(/&lang=de$/)
      expect(decodeMail(mailsTo(email)[0] as Delivered)).toContain('innerhalb von 24 Stunden')
    })

    it('tells on the sign-up page that a confirmation mail follows (en and de)', async () => {
      const browser = new Browser(h.baseUrl)
      for (const [lang, phrase] of [
        ['en', 'we send you an e-mail to confirm your address'],
        ['de', 'E-Mail, um Ihre Adresse zu bestätigen'],
      ] as const) {
        const flow = await startAuthorization(h, { screen_hint: 'signup', ui_locales: lang }, browser)
        expect(flow.page).toContain(phrase)
      }
    })

    it('does not accept a password-reset token as a confirmation link, nor a confirmation token for a reset', async () => {
      const email = 'purposes@example.org'
      await signUp(h, { ...SIGN_UP, email })
      const verifyLink = await verifyLinkFor(email)
      const browser = new Browser(h.baseUrl)
      const form = await browser.get('/oidc/forgot?lang=en')
      await submit({ browser, verifier: '', state: '', page: form.body, pageUrl: '' }, { email })
      let resetMail: Delivered | undefined
      for (let i = 0; i < 200 && resetMail === undefined; i++) {
        resetMail = mailsTo(email).find((m) => decodeMail(m).includes('/oidc/reset?token='))
        if (resetMail === undefined) await new Promise((r) => setTimeout(r, 25))
      }
      const resetToken = new URL(resetLinkIn(resetMail as Delivered)).searchParams.get('token') ?? ''
      const verifyToken = new URL(verifyLink).searchParams.get('token') ?? ''
      expect((await fetch(`${h.baseUrl}/oidc/verify-email?token=${resetToken}`)).status).toBe(400)
      expect((await fetch(`${h.baseUrl}/oidc/reset?token=${verifyToken}`)).status).toBe(400)
      expect((await h.provider.accounts.findByEmail(email))?.emailVerifiedAt).toBeNull()
    })

    it('takes a completed password reset through the mailed link as proof of the address', async () => {
      const email = 'proved-by-reset@example.org'
      await signUp(h, { ...SIGN_UP, email })
      const browser = new Browser(h.baseUrl)
      const form = await browser.get('/oidc/forgot?lang=en')
      const before = mailsTo(email).length
      await submit({ browser, verifier: '', state: '', page: form.body, pageUrl: '' }, { email })
      for (let i = 0; i < 200 && mailsTo(email).length === before; i++) await new Promise((r) => setTimeout(r, 25))
      const link = resetLinkIn(mailsTo(email)[before] as Delivered)
      const resetPage = await browser.get(link)
      // Opening the reset page is not yet proof: only the completed reset is.
      expect((await h.provider.accounts.findByEmail(email))?.emailVerifiedAt).toBeNull()
      const done = await submit(
        { browser, verifier: '', state: '', page: resetPage.body, pageUrl: '' },
        { token: hiddenField(resetPage.body, 'token'), password: 'proven-owner-2026', password_repeat: 'proven-owner-2026' },
      )
      expect(done.status).toBe(200)
      expect((await h.provider.accounts.findByEmail(email))?.emailVerifiedAt).not.toBeNull()
      expect(await verifiedClaimOf(email, 'proven-owner-2026')).toEqual({ access: true, id: true, identity: true })
    })
  })
})

describe('email_verified claim mapping', () => {
  const claims = (extra: Record<string, unknown>) => ({ sub: 's', email: 'x@example.org', ...extra })

  it('counts only the boolean true or the string "true" as confirmed; absent, false and other values are not', () => {
    const verified = (extra: Record<string, unknown>) =>
      identityFromClaims('https://issuer', claims(extra), DEFAULT_CLAIM_MAPPING)?.emailVerified
    expect([true, 'true', false, 'false', 1, 'yes', 'TRUE ', null].map((v) => verified({ email_verified: v }))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ])
    expect(verified({})).toBe(false)
  })
})

describe('schema step', () => {
  it('adds the confirmation columns to a data folder of an earlier version, once, keeping its accounts unconfirmed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-identity-schema-'))
    const db = new Database(join(dir, 'old.db'))
    try {
      db.exec(`CREATE TABLE identity_accounts (id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE COLLATE NOCASE, password_hash TEXT NOT NULL,
        given_name TEXT NOT NULL, family_name TEXT NOT NULL, birthdate TEXT, gender TEXT NOT NULL, locale TEXT NOT NULL,
        terms_accepted_at INTEGER NOT NULL, privacy_accepted_at INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
        CREATE TABLE identity_password_resets (token_hash TEXT PRIMARY KEY, account_id TEXT NOT NULL, expires_at INTEGER NOT NULL, used_at INTEGER);
        INSERT INTO identity_accounts VALUES ('a1', 'old@example.org', 'h', 'O', 'L', NULL, 'NA', 'en', 1, 1, 1, 1);
        INSERT INTO identity_password_resets VALUES ('t1', 'a1', 99, NULL);`)
      const kysely = new Kysely({ dialect: new SqliteDialect({ database: db }) })
      await createIdentitySchema(kysely)
      await createIdentitySchema(kysely)
      expect(db.prepare('SELECT email_verified_at FROM identity_accounts').all()).toEqual([{ email_verified_at: null }])
      expect(db.prepare('SELECT purpose FROM identity_password_resets').all()).toEqual([{ purpose: 'reset' }])
    } finally {
      db.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
