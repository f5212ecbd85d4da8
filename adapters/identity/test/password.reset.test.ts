// Forgot and reset password: the same answer whether or not the address exists, a link delivered by
// real SMTP, valid one hour, usable once, and sign-in with the new password afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, alertText, hiddenField } from './support/http.client.js'
import { resetLinkIn } from './support/mailbox.js'
import { SIGN_UP, signIn, signUp, startAuthorization, startHarness, submit, type Harness } from './support/harness.js'
import { DATABASES } from './support/databases.js'

describe.each(DATABASES)('on %s', (database) => {
  let h: Harness
  beforeAll(async () => {
    // This file asks for many links for one address; the forgot limit itself is tested in errors.test.ts.
    h = await startHarness({ database })
    await signUp(h, { ...SIGN_UP, email: 'reset@example.org' })
    await signUp(h, { ...SIGN_UP, email: 'de-reset@example.org' }, { ui_locales: 'de' })
  })
  afterAll(async () => h.close())

  const askForLink = async (email: string, browser = new Browser(h.baseUrl)) => {
    const form = await browser.get('/oidc/forgot?lang=en')
    return submit({ browser, verifier: '', state: '', page: form.body, pageUrl: '' }, { email })
  }

  const resetWith = async (link: string, password: string, repeat = password) => {
    const browser = new Browser(h.baseUrl)
    const form = await browser.get(link)
    if (form.status !== 200) return form
    return submit(
      { browser, verifier: '', state: '', page: form.body, pageUrl: '' },
      { token: hiddenField(form.body, 'token'), password, password_repeat: repeat },
    )
  }

  describe('forgot and reset password', () => {
    it('links to the forgot-password page from the sign-in page', async () => {
      const flow = await startAuthorization(h)
      expect(flow.page).toContain('href="/oidc/forgot?lang=en"')
    })

    it('answers the same for a known and an unknown address, and mails only the known one', async () => {
      const sentBefore = h.mailbox.delivered.length
      const known = await askForLink('reset@example.org')
      const unknown = await askForLink('nobody@example.org')
      expect(known.status).toBe(200)
      expect(unknown.status).toBe(known.status)
      expect(unknown.body).toBe(known.body)
      // A link asked for after the unknown address: once its mail is in, a mail for the unknown one
      // would have been sent before it (each mail leaves as its request is answered).
      await askForLink('de-reset@example.org')
      await h.mailbox.waitFor(sentBefore + 2)
      expect(h.mailbox.delivered.slice(sentBefore).map((mail) => mail.to)).toEqual(['reset@example.org', 'de-reset@example.org'])
    })

    it('resets the password with the mailed link; the old password stops working, the new one works', async () => {
      const sentBefore = h.mailbox.delivered.length
      await askForLink('reset@example.org')
      const link = resetLinkIn(await h.mailbox.waitFor(sentBefore + 1))
      const done = await resetWith(link, 'brand-new-secret-42')
      expect(done.status).toBe(200)
      expect(done.body).toContain('Your password has been changed.')
      const tokens = await signIn(h, 'reset@example.org', 'brand-new-secret-42')
      expect(tokens.access_token).toBeTypeOf('string')
      const flow = await startAuthorization(h)
      expect((await submit(flow, { email: 'reset@example.org', password: SIGN_UP.password })).status).toBe(400)
    })

    it('serves the reset page unframeable, uncached and without Referer, so the token stays private', async () => {
      const sentBefore = h.mailbox.delivered.length
      await askForLink('reset@example.org')
      const link = resetLinkIn(await h.mailbox.waitFor(sentBefore + 1))
      const response = await fetch(link)
      expect(response.status).toBe(200)
      expect(response.headers.get('referrer-policy')).toBe('no-referrer')
      expect(response.headers.get('x-frame-options')).toBe('DENY')
      expect(response.headers.get('cache-control')).toBe('no-store')
    })

    it('refuses a link the second time it is used', async () => {
      const sentBefore = h.mailbox.delivered.length
      await askForLink('reset@example.org')
      const link = resetLinkIn(await h.mailbox.waitFor(sentBefore + 1))
      expect((await resetWith(link, 'first-use-secret-1')).status).toBe(200)
      const reused = await resetWith(link, 'second-use-secret-2')
      expect(reused.status).toBe(400)
      expect(alertText(reused.body)).toContain('invalid, has expired or was already used')
      expect((await signIn(h, 'reset@example.org', 'first-use-secret-1')).access_token).toBeTypeOf('string')
    })

    it('refuses a link after one hour', async () => {
      const sentBefore = h.mailbox.delivered.length
      await askForLink('reset@example.org')
      const link = resetLinkIn(await h.mailbox.waitFor(sentBefore + 1))
      expect((await new Browser(h.baseUrl).get(link)).status).toBe(200)
      h.clock.now += 60 * 60_000 + 1
      try {
        const expired = await resetWith(link, 'too-late-secret-3')
        expect(expired.status).toBe(400)
        expect(alertText(expired.body)).toContain('has expired')
      } finally {
        h.clock.now = Date.now()
      }
    })

    it('refuses a weak new password and keeps the link usable', async () => {
      const sentBefore = h.mailbox.delivered.length
      await askForLink('reset@example.org')
      const link = resetLinkIn(await h.mailbox.waitFor(sentBefore + 1))
      const weak = await resetWith(link, 'short')
      expect(weak.status).toBe(400)
      expect(alertText(weak.body)).toContain('at least 10 characters')
      const differ = await resetWith(link, 'long-enough-secret-4', 'long-enough-secret-5')
      expect(alertText(differ.body)).toContain('The two passwords differ.')
      expect((await resetWith(link, 'long-enough-secret-4')).status).toBe(200)
    })

    it('writes the mail in the account language', async () => {
      const sentBefore = h.mailbox.delivered.length
      await askForLink('de-reset@example.org')
      const mail = await h.mailbox.waitFor(sentBefore + 1)
      expect(resetLinkIn(mail)).toContain('lang=de')
      expect(mail.raw).toMatch(/Subject: .*Tandem/)
      expect(mail.raw.replace(/=\r?\n/g, '')).toContain('Hallo Ada')
    })
  })
})
