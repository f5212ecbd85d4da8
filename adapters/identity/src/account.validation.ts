// Rules of the sign-up, sign-in and reset forms. Each failed rule names its field and message key;
// the password rule is shared by sign-up and reset.
import type { Language } from '@tandem/core'
import { GENDERS, type Gender, type NewAccount } from './account.store.js'
import type { IdentityFieldError, IdentityMessageKey } from './identity.messages.js'

type Form = Readonly<Record<string, unknown>>

const field = (form: Form, name: string): string => {
  const value = form[name]
  return typeof value === 'string' ? value.trim() : ''
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** ≥ 10 characters with letters and digits, or a passphrase of ≥ 16 characters. */
export const passwordProblem = (password: string): IdentityMessageKey | null => {
  if (password.length === 0) return 'required'
  if (password.length > 200) return 'password-too-long'
  const mixed = /\p{L}/u.test(password) && /\p{Nd}/u.test(password)
  return password.length >= 16 || (password.length >= 10 && mixed) ? null : 'password-too-weak'
}

export const emailProblem = (email: string): IdentityMessageKey | null =>
  email.length === 0 ? 'required' : email.length > 254 || !EMAIL.test(email) ? 'email-invalid' : null

/** A real calendar date, not in the future and not before 1900. */
export const birthdateProblem = (value: string, today: string): IdentityMessageKey | null => {
  if (value.length === 0) return 'required'
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (match === null) return 'birthdate-invalid'
  const date = new Date(`${value}T00:00:00Z`)
  const real = !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
  return real && value >= '1900-01-01' && value <= today ? null : 'birthdate-invalid'
}

const nameProblem = (value: string): IdentityMessageKey | null =>
  value.length === 0 ? 'required' : value.length > 100 ? 'name-too-long' : null

const collect = (checks: readonly (readonly [string, IdentityMessageKey | null])[]): readonly IdentityFieldError[] =>
  checks.flatMap(([name, key]) => (key === null ? [] : [{ field: name, key }]))

export type SignUpDecoded =
  { readonly _tag: 'Valid'; readonly account: NewAccount } | { readonly _tag: 'Invalid'; readonly errors: readonly IdentityFieldError[] }

export const decodeSignUp = (form: Form, locale: Language, now: number): SignUpDecoded => {
  const email = field(form, 'email')
  const password = typeof form['password'] === 'string' ? form['password'] : ''
  const givenName = field(form, 'given_name')
  const familyName = field(form, 'family_name')
  const birthdate = field(form, 'birthdate')
  const gender = field(form, 'gender')
  const errors = collect([
    ['given_name', nameProblem(givenName)],
    ['family_name', nameProblem(familyName)],
    ['birthdate', birthdateProblem(birthdate, new Date(now).toISOString().slice(0, 10))],
    ['gender', gender === '' ? 'required' : (GENDERS as readonly string[]).includes(gender) ? null : 'gender-invalid'],
    ['email', emailProblem(email)],
    ['password', passwordProblem(password)],
    ['terms', form['terms'] === 'on' ? null : 'terms-required'],
    ['privacy', form['privacy'] === 'on' ? null : 'privacy-required'],
  ])
  return errors.length > 0
    ? { _tag: 'Invalid', errors }
    : { _tag: 'Valid', account: { email, password, givenName, familyName, birthdate, gender: gender as Gender, locale } }
}

export const decodeNewPassword = (form: Form): { readonly password: string; readonly errors: readonly IdentityFieldError[] } => {
  const password = typeof form['password'] === 'string' ? form['password'] : ''
  const repeat = typeof form['password_repeat'] === 'string' ? form['password_repeat'] : ''
  const problem = passwordProblem(password)
  return {
    password,
    errors: collect([
      ['password', problem],
      ['password_repeat', problem === null && repeat !== password ? 'passwords-differ' : null],
    ]),
  }
}
