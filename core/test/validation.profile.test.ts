import fc from 'fast-check'
import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import { type ProfileInput, GERMANY_COUNTRY_ID, validateProfile } from '../src/validation/index.js'

const valid: ProfileInput = {
  countryCodeId: GERMANY_COUNTRY_ID,
  stateOriginalId: 3,
  city: 'Köln',
  professionalPosition: 'Engineer',
  company: '',
  languageId: 2,
  clusterId: 1,
  profileQuestionAnswer: [{ userQuestionOriginalId: 1, userAnswer: 'I like to help.' }],
}
const mentee = { roles: ['Mentee'] as const }
const mentor = { roles: ['Mentor'] as const }
const errorsOf = (r: E.Either<readonly { field: string; key: string }[], unknown>) =>
  E.isLeft(r) ? r.left.map((e) => `${e.field}:${e.key}`) : []

describe('validateProfile', () => {
  it('accepts a complete profile', () => {
    expect(validateProfile(valid, mentee)).toEqual(E.right(valid))
  })

  it('requires country and language, and adds the missing-profile-fields summary', () => {
    expect(errorsOf(validateProfile({ ...valid, countryCodeId: null, languageId: null }, mentee))).toEqual([
      'countryCodeId:requiredFieldError',
      'languageId:requiredFieldError',
      'profile:profileMissingFieldsError',
    ])
  })

  it('requires the program year of a Mentee and of Both, but not of a mentor-only user', () => {
    const noYear = { ...valid, clusterId: null }
    expect(errorsOf(validateProfile(noYear, mentee))).toContain('clusterId:requiredFieldError')
    expect(errorsOf(validateProfile(noYear, { roles: ['Both'] }))).toContain('clusterId:requiredFieldError')
    expect(validateProfile(noYear, mentor)).toEqual(E.right(noYear))
  })

  it('requires the federal state only when the country id is 64', () => {
    expect(errorsOf(validateProfile({ ...valid, stateOriginalId: null }, mentee))).toEqual([
      'stateOriginalId:requiredFieldError',
      'profile:profileMissingFieldsError',
    ])
    expect(validateProfile({ ...valid, countryCodeId: 12, stateOriginalId: null }, mentee)).toEqual(
      E.right({ ...valid, countryCodeId: 12, stateOriginalId: null }),
    )
  })

  it('sends the federal state as null for any other country', () => {
    expect(validateProfile({ ...valid, countryCodeId: 12, stateOriginalId: 3 }, mentee)).toEqual(
      E.right({ ...valid, countryCodeId: 12, stateOriginalId: null }),
    )
  })

  it('requires the city, blank counts as missing, and allows at most 200 characters', () => {
    expect(errorsOf(validateProfile({ ...valid, city: '  ' }, mentee))).toContain('city:requiredFieldError')
    expect(E.isRight(validateProfile({ ...valid, city: 'x'.repeat(200) }, mentee))).toBe(true)
    const tooLong = validateProfile({ ...valid, city: 'x'.repeat(201) }, mentee)
    expect(E.isLeft(tooLong) && tooLong.left[0]).toEqual({
      field: 'city',
      key: 'max-characters-exceeded-error',
      params: { count: 201, max: 200 },
    })
  })

  it('lets position and company be empty or null but not longer than 200', () => {
    expect(E.isRight(validateProfile({ ...valid, professionalPosition: null, company: null }, mentee))).toBe(true)
    expect(errorsOf(validateProfile({ ...valid, professionalPosition: 'p'.repeat(201), company: 'c'.repeat(201) }, mentee))).toEqual([
      'professionalPosition:max-characters-exceeded-error',
      'company:max-characters-exceeded-error',
      'profile:profileMissingFieldsError',
    ])
  })

  it('limits each free-text profile answer to 1000 characters', () => {
    const answers = [
      { userQuestionOriginalId: 1, userAnswer: 'a'.repeat(1000) },
      { userQuestionOriginalId: 2, userAnswer: 'b'.repeat(1001) },
    ]
    expect(errorsOf(validateProfile({ ...valid, profileQuestionAnswer: answers }, mentee))).toEqual([
      'profileQuestionAnswer.1.userAnswer:max-characters-exceeded-error',
      'profile:profileMissingFieldsError',
    ])
  })

  it('refuses a language id that is neither English nor German', () => {
    expect(errorsOf(validateProfile({ ...valid, languageId: 9 }, mentee))).toContain('languageId:invalid-value')
  })

  it('property: any failure carries the summary key exactly once, as the last error', () => {
    const input = fc.record({
      countryCodeId: fc.option(fc.constantFrom(12, 64), { nil: null }),
      stateOriginalId: fc.option(fc.integer({ min: 1, max: 16 }), { nil: null }),
      city: fc.option(fc.string({ maxLength: 220 }), { nil: null }),
      professionalPosition: fc.option(fc.string({ maxLength: 220 }), { nil: null }),
      company: fc.option(fc.string({ maxLength: 220 }), { nil: null }),
      languageId: fc.option(fc.constantFrom(1, 2, 3), { nil: null }),
      clusterId: fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
      profileQuestionAnswer: fc.array(fc.record({ userQuestionOriginalId: fc.nat(), userAnswer: fc.string({ maxLength: 1005 }) }), {
        maxLength: 2,
      }),
    })
    fc.assert(
      fc.property(input, fc.constantFrom(mentee, mentor), (p, ctx) => {
        const result = validateProfile(p, ctx)
        if (E.isRight(result)) {
          expect(result.right.stateOriginalId === null || result.right.countryCodeId === GERMANY_COUNTRY_ID).toBe(true)
        } else {
          const keys = result.left.map((e) => e.key)
          expect(keys.filter((k) => k === 'profileMissingFieldsError')).toHaveLength(1)
          expect(keys.at(-1)).toBe('profileMissingFieldsError')
          expect(keys.length).toBeGreaterThan(1)
        }
      }),
    )
  })
})
