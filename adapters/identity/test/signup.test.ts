// Sign-up through the provider's pages: each field's rule, languages, duplicates, CSRF and the
// absence of any way to become Admin by signing up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeJwt } from 'jose'
import { alertText, formAction } from './support/http.client.js'
import { SIGN_UP, signUp, startAuthorization, startHarness, submit, type Harness } from './support/harness.js'
import { DATABASES } from './support/databases.js'

describe.each(DATABASES)('on %s', (database) => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness({ database })
  })
  afterAll(async () => h.close())

  const countAccounts = async (): Promise<number> =>
    Number(
      (
        await h.db
          .selectFrom('identity_accounts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  describe('sign-up page', () => {
    it('opens the sign-up form first when screen_hint=signup, with every field labelled', async () => {
      const flow = await startAuthorization(h, { screen_hint: 'signup' })
      for (const id of ['given_name', 'family_name', 'birthdate', 'gender', 'email', 'password', 'terms', 'privacy']) {
        expect(flow.page).toContain(`<label for="${id}">`)
        expect(flow.page).toContain(`id="${id}"`)
      }
      expect(flow.page).toContain(`href="${h.baseUrl}/terms-and-conditions"`)
      expect(flow.page).toContain(`href="${h.baseUrl}/data-privacy-policy"`)
    })

    it('opens the sign-in form without screen_hint', async () => {
      const flow = await startAuthorization(h)
      expect(flow.page).toContain('<h1>Sign in</h1>')
      expect(flow.page).not.toContain('id="given_name"')
    })

    it('speaks German when ui_locales=de, and the account keeps German as its language', async () => {
      const flow = await startAuthorization(h, { screen_hint: 'signup', ui_locales: 'de' })
      expect(flow.page).toContain('<html lang="de">')
      expect(flow.page).toContain('<h1>Konto erstellen</h1>')
      const tokens = await signUp(h, { ...SIGN_UP, email: 'grete@example.org' }, { ui_locales: 'de' })
      expect(decodeJwt(tokens.access_token).locale).toBe('de')
    })

    it('names every broken rule with a clear message and creates nothing', async () => {
      const before = await countAccounts()
      const flow = await startAuthorization(h, { screen_hint: 'signup' })
      const reply = await submit(flow, {
        given_name: '',
        family_name: 'X',
        birthdate: '2999-01-01',
        gender: 'Robot',
        email: 'no-at-sign',
        password: 'short1',
      })
      expect(reply.status).toBe(400)
      const alert = alertText(reply.body)
      expect(alert).toContain('This field is required.')
      expect(alert).toContain('Enter a real date of birth in the past')
      expect(alert).toContain('Choose one of the options.')
      expect(alert).toContain('Enter a valid e-mail address')
      expect(alert).toContain('at least 10 characters with letters and digits')
      expect(alert).toContain('Please accept the terms and conditions.')
      expect(alert).toContain('Please accept the data privacy policy.')
      expect(reply.body).toContain(
        'id="email" name="email" type="email" autocomplete="email" required value="no-at-sign" aria-invalid="true" aria-describedby="email-error"',
      )
      expect(await countAccounts()).toBe(before)
    })

    it('refuses a password of 10 letters without digits but accepts a 16-character passphrase', async () => {
      const flow = await startAuthorization(h, { screen_hint: 'signup' })
      const weak = await submit(flow, { ...SIGN_UP, email: 'weak@example.org', password: 'abcdefghij' })
      expect(weak.status).toBe(400)
      expect(alertText(weak.body)).toContain('The password needs at least 10 characters')
      const tokens = await signUp(h, { ...SIGN_UP, email: 'phrase@example.org', password: 'correct horse battery' })
      expect(decodeJwt(tokens.access_token).email).toBe('phrase@example.org')
    })

    it('refuses a second account for the same e-mail in another case', async () => {
      await signUp(h, { ...SIGN_UP, email: 'twice@example.org' })
      const before = await countAccounts()
      const flow = await startAuthorization(h, { screen_hint: 'signup' })
      const reply = await submit(flow, { ...SIGN_UP, email: 'TWICE@Example.org' })
      expect(reply.status).toBe(400)
      expect(alertText(reply.body)).toContain('cannot be used for a new account')
      expect(await countAccounts()).toBe(before)
    })

    it('refuses a form without the CSRF field (403) and creates nothing', async () => {
      const before = await countAccounts()
      const flow = await startAuthorization(h, { screen_hint: 'signup' })
      const reply = await flow.browser.post(formAction(flow.page), { ...SIGN_UP, email: 'csrf@example.org', csrf: 'forged' })
      expect(reply.status).toBe(403)
      expect(await countAccounts()).toBe(before)
    })

    it('cannot make anyone Admin: a role field is ignored and tokens carry no role', async () => {
      const tokens = await signUp(h, { ...SIGN_UP, email: 'mallory@example.org', role: 'Admin', roles: 'Admin' })
      const claims = decodeJwt(tokens.access_token)
      expect(Object.keys(claims).filter((k) => /role/i.test(k))).toEqual([])
      const identity = await h.provider.verifier(tokens.access_token)
      expect(identity === null ? [] : Object.keys(identity)).toEqual([
        'issuer',
        'subject',
        'email',
        'emailVerified',
        'givenName',
        'familyName',
        'birthdate',
        'gender',
        'locale',
        'issuedAt',
      ])
    })

    it('records the acceptance of terms and privacy policy with timestamps', async () => {
      h.clock.now = Date.UTC(2026, 0, 15, 9, 30)
      await signUp(h, { ...SIGN_UP, email: 'accepts@example.org' })
      const account = await h.provider.accounts.findByEmail('accepts@example.org')
      expect(account).toMatchObject({ termsAcceptedAt: Date.UTC(2026, 0, 15, 9, 30), privacyAcceptedAt: Date.UTC(2026, 0, 15, 9, 30) })
      h.clock.now = Date.now()
    })
  })
})
