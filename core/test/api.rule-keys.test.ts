// Wire codecs whose rules have their own message key (docs/product.md#admin-forms): the team id filter answers
// 'enter-a-valid-id', a consent left false answers requiredFieldError; wrong types stay invalid-value.
import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import * as api from '../src/api/index.js'

const fieldsOf = (r: E.Either<readonly { field: string; key: string }[], unknown>) =>
  E.isLeft(r) ? r.left.map((e) => [e.field, e.key]) : 'valid'

describe('team id filter (at most 10 digits, docs/product.md#admin-forms)', () => {
  const list = (tandemId: unknown) =>
    api.decodeOrFieldErrors(api.MatchingTandemListRequest, { tandemStates: [], tandemId, email: '', filterCluster: [] })

  it('accepts 0 (no filter) and ids of up to 10 digits', () => {
    for (const id of [0, 1, 42, 9_999_999_999]) expect(fieldsOf(list(id))).toBe('valid')
  })

  it('refuses 11 digits, negative and fractional ids with enter-a-valid-id', () => {
    for (const id of [10_000_000_000, 12_345_678_901, -1, 1.5]) expect(fieldsOf(list(id))).toEqual([['tandemId', 'enter-a-valid-id']])
  })

  it('keeps invalid-value for a value that is no number and requiredFieldError for a missing one', () => {
    expect(fieldsOf(list('12'))).toEqual([['tandemId', 'invalid-value']])
    expect(fieldsOf(list(null))).toEqual([['tandemId', 'requiredFieldError']])
  })
})

describe('sign-up consents (both must be accepted)', () => {
  const signUp = {
    FirstName: 'Ada',
    LastName: 'Lovelace',
    DOB: null,
    Language: 'en',
    Gender: 'NA',
    Email: 'ada@example.org',
    IsAcceptedDataPrivacyPolicy: true,
    IsAcceptedTermsConditions: true,
    Role: 'Mentee',
  }

  it('accepts both consents true', () => {
    expect(fieldsOf(api.decodeOrFieldErrors(api.SignUpPayload, signUp))).toBe('valid')
  })

  it('refuses a consent left false as a required field, naming each one', () => {
    expect(fieldsOf(api.decodeOrFieldErrors(api.SignUpPayload, { ...signUp, IsAcceptedTermsConditions: false }))).toEqual([
      ['IsAcceptedTermsConditions', 'requiredFieldError'],
    ])
    expect(
      fieldsOf(
        api.decodeOrFieldErrors(api.SignUpPayload, { ...signUp, IsAcceptedDataPrivacyPolicy: false, IsAcceptedTermsConditions: false }),
      ),
    ).toEqual([
      ['IsAcceptedDataPrivacyPolicy', 'requiredFieldError'],
      ['IsAcceptedTermsConditions', 'requiredFieldError'],
    ])
  })

  it('keeps invalid-value for a consent that is no boolean', () => {
    expect(fieldsOf(api.decodeOrFieldErrors(api.SignUpPayload, { ...signUp, IsAcceptedTermsConditions: 'yes' }))).toEqual([
      ['IsAcceptedTermsConditions', 'invalid-value'],
    ])
  })
})
