// The form rules on their own: password strength, e-mail, birth date, and the language choice.
import { describe, expect, it } from 'vitest'
import { birthdateProblem, decodeSignUp, emailProblem, passwordProblem } from '../src/account.validation.js'
import { pickLanguage } from '../src/identity.messages.js'

describe('password strength rule', () => {
  it('wants at least 10 characters with letters and digits, or 16 characters of anything', () => {
    expect(passwordProblem('')).toBe('required')
    expect(passwordProblem('abc123')).toBe('password-too-weak')
    expect(passwordProblem('abcdefghij')).toBe('password-too-weak')
    expect(passwordProblem('1234567890')).toBe('password-too-weak')
    expect(passwordProblem('abcdefghi1')).toBeNull()
    expect(passwordProblem('Übungsstück9')).toBeNull()
    expect(passwordProblem('correct horse bat')).toBeNull()
    expect(passwordProblem('a1'.repeat(101))).toBe('password-too-long')
  })
})

describe('other sign-up rules', () => {
  it('checks e-mail shape and length', () => {
    expect(emailProblem('')).toBe('required')
    expect(emailProblem('a@b')).toBe('email-invalid')
    expect(emailProblem('a@b.de')).toBeNull()
    expect(emailProblem(`${'a'.repeat(250)}@b.de`)).toBe('email-invalid')
  })

  it('accepts real past dates only', () => {
    expect(birthdateProblem('2000-02-29', '2026-01-01')).toBeNull()
    expect(birthdateProblem('2001-02-29', '2026-01-01')).toBe('birthdate-invalid')
    expect(birthdateProblem('2026-01-02', '2026-01-01')).toBe('birthdate-invalid')
    expect(birthdateProblem('1899-12-31', '2026-01-01')).toBe('birthdate-invalid')
    expect(birthdateProblem('01.01.2000', '2026-01-01')).toBe('birthdate-invalid')
  })

  it('takes the account language from the page, never from the form', () => {
    const decoded = decodeSignUp(
      {
        given_name: 'A',
        family_name: 'B',
        birthdate: '1990-01-01',
        gender: 'NA',
        email: 'a@b.de',
        password: 'abcdefghi1',
        terms: 'on',
        privacy: 'on',
        locale: 'en',
      },
      'de',
      Date.UTC(2026, 0, 1),
    )
    expect(decoded._tag === 'Valid' && decoded.account.locale).toBe('de')
  })
})

describe('language choice', () => {
  it('takes the first supported language of ui_locales or Accept-Language, English otherwise', () => {
    expect(pickLanguage('fr de')).toBe('de')
    expect(pickLanguage(undefined, 'de-DE,de;q=0.9,en;q=0.8')).toBe('de')
    expect(pickLanguage('fr', 'es')).toBe('en')
    expect(pickLanguage('en', 'de')).toBe('en')
  })
})
