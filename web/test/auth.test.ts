import { describe, expect, it } from 'vitest'
import { landingAfterSignIn, needsInteraction, providerErrorAction } from '../src/shell/auth.oidc.js'
import { signUpPayload } from '../src/features/account/registration.js'
import { decodeAppConfig } from '../src/state/config.js'
import { SignUpPayload } from '@tandem/core'
import { isRight } from 'fp-ts/lib/Either.js'
import { formatBirthDate, formatDateTime, twoDigits } from '../src/shared/dates.js'

describe('identity-provider error codes (docs/product.md#errors)', () => {
  it('starts the password reset for forgot-password', () => {
    expect(providerErrorAction('access_denied', 'AADB2C90118: The user has forgotten their password.')).toBe('resetPassword')
  })
  it('signs in again after a cancelled sign-up', () => {
    expect(providerErrorAction('access_denied', 'user cancelled the sign-up')).toBe('signIn')
  })
  it('redirects to sign in for a missing session, a token timeout or reauthenticate', () => {
    expect(providerErrorAction('login_required', 'session not found')).toBe('signInRedirect')
    expect(providerErrorAction('invalid_request', 'token timeout')).toBe('signInRedirect')
    expect(providerErrorAction('interaction_required', 'reauthenticate')).toBe('signInRedirect')
  })
  it('calls login for any other code', () => {
    expect(providerErrorAction('server_error', 'boom')).toBe('login')
  })
})

describe('popup fallback', () => {
  it('asks the user in a popup only when the provider needs interaction', () => {
    expect(needsInteraction({ error: 'login_required' })).toBe(true)
    expect(needsInteraction({ error: 'interaction_required' })).toBe(true)
    expect(needsInteraction({ error: 'invalid_grant' })).toBe(true)
    expect(needsInteraction({ error: 'server_error' })).toBe(false)
    expect(needsInteraction(new TypeError('Failed to fetch'))).toBe(false)
  })
})

describe('landing after sign-in', () => {
  it('brings the person back to the page of the app they asked for, with its query and fragment', () => {
    expect(landingAfterSignIn('/user/account')).toBe('/user/account')
    expect(landingAfterSignIn('/user/mentee-profile')).toBe('/user/mentee-profile')
    expect(landingAfterSignIn('/administrator/mentees?page=2#list')).toBe('/administrator/mentees?page=2#list')
  })

  it('lands on home for an address of another origin: absolute, protocol-relative, backslashed or a script', () => {
    for (const elsewhere of [
      'https://evil.example/',
      'http://evil.example/user/account',
      '//evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'user/account',
      '',
      42,
      null,
    ]) {
      expect(landingAfterSignIn(elsewhere)).toBe('/')
    }
  })

  it('sends the user home without a page to return to, or back to the register route they came from', () => {
    expect(landingAfterSignIn('https://evil.example/')).toBe('/')
    expect(landingAfterSignIn(undefined)).toBe('/')
    expect(landingAfterSignIn('/register-as-mentor')).toBe('/register-as-mentor')
    expect(landingAfterSignIn('/register-as-mentee')).toBe('/register-as-mentee')
  })
})

describe('registration', () => {
  it('builds the sign-up payload from the token claims with the register route role', () => {
    const payload = signUpPayload(
      { email: 'max@example.org', givenName: 'Max', familyName: 'Mentor', birthdate: '1980-02-01', gender: 'Male', locale: 'de' },
      'Mentor',
      'en',
    )
    expect(isRight(SignUpPayload.decode(payload))).toBe(true)
    expect(payload).toMatchObject({
      FirstName: 'Max',
      LastName: 'Mentor',
      DOB: '1980-02-01',
      Language: 'de',
      Gender: 'Male',
      Email: 'max@example.org',
      Role: 'Mentor',
    })
  })
  it('defaults gender to NA and drops a birth date that is not a date', () => {
    const payload = signUpPayload(
      { email: 'a@example.org', givenName: 'A', familyName: 'B', birthdate: 'unknown', gender: null, locale: null },
      'Mentee',
      'de',
    )
    expect(payload).toMatchObject({ Gender: 'NA', DOB: null, Language: 'de', Role: 'Mentee' })
  })
})

describe('runtime configuration', () => {
  it('refuses an app-config.json without the oidc block', () => {
    expect(() => decodeAppConfig({ apiBaseUrl: '', organisation: { name: 'x', email: 'e', phone: 'p', website: 'w' } })).toThrow(
      /expected shape/,
    )
  })
})

describe('dates (docs/product.md#constants)', () => {
  it('shows a birth date as dd.mm.yyyy', () => {
    expect(formatBirthDate('1990-04-07')).toBe('07.04.1990')
    expect(formatBirthDate(null)).toBe('-')
  })
  it('formats date and time in en-GB with AM/PM and in de-DE with 24 hours', () => {
    const instant = '2026-11-24T15:05:00.000Z'
    expect(formatDateTime(instant, 'en')).toMatch(/2026/)
    expect(formatDateTime(instant, 'en').toLowerCase()).toMatch(/pm/)
    expect(formatDateTime(instant, 'de')).toMatch(/24\.11\.2026|24\. Nov/)
    expect(formatDateTime(instant, 'de').toLowerCase()).not.toMatch(/pm/)
  })
  it('pads hours and minutes to two digits', () => {
    expect(twoDigits(7)).toBe('07')
    expect(twoDigits(47)).toBe('47')
  })
})
