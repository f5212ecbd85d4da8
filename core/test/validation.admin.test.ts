import fc from 'fast-check'
import * as E from 'fp-ts/lib/Either.js'
import { describe, expect, it } from 'vitest'
import type { DeclineReason } from '../src/questionnaire/questionnaire.codec.js'
import {
  parseTeamIdFilter,
  validateClusterTitle,
  validateDecline,
  validateExportOptions,
  validateManualTandem,
  validateMaxCharacters,
  validateMenteeStateEdit,
  validateTeamIdFilter,
  validateUserSearch,
} from '../src/validation/index.js'

const reasons: readonly DeclineReason[] = [
  { id: 1, side: 'Mentee', text: { en: 'Not my field', de: 'Nicht mein Gebiet' } },
  { id: 2, side: 'Mentor', text: { en: 'No time', de: 'Keine Zeit' } },
]

describe('decline dialog', () => {
  it('requires a decline reason', () => {
    expect(validateDecline({ declineReasonId: null, comment: null }, reasons, 'Mentee')).toEqual([
      { field: 'declineReasonId', key: 'decline-reason-mandatory' },
    ])
  })
  it("takes the reason from the declining side's list only", () => {
    expect(validateDecline({ declineReasonId: 1, comment: null }, reasons, 'Mentee')).toEqual([])
    expect(validateDecline({ declineReasonId: 2, comment: null }, reasons, 'Mentee')).toEqual([
      { field: 'declineReasonId', key: 'decline-reason-mandatory' },
    ])
    expect(validateDecline({ declineReasonId: 2, comment: '' }, reasons, 'Mentor')).toEqual([])
  })
  it('allows an optional comment of up to 1000 characters', () => {
    expect(validateDecline({ declineReasonId: 2, comment: 'c'.repeat(1000) }, reasons, 'Mentor')).toEqual([])
    expect(validateDecline({ declineReasonId: 2, comment: 'c'.repeat(1001) }, reasons, 'Mentor')).toEqual([
      { field: 'comment', key: 'max-characters-exceeded-error', params: { count: 1001, max: 1000 } },
    ])
  })
})

describe('program year title', () => {
  it('is required: empty gives requiredFieldError', () => {
    expect(validateClusterTitle('')).toEqual([{ field: 'yearText', key: 'requiredFieldError' }])
    expect(validateClusterTitle('   ')).toEqual([{ field: 'yearText', key: 'requiredFieldError' }])
  })
  it('accepts letters with umlauts, digits, slash, space, underscore and hyphen', () => {
    expect(validateClusterTitle('Jahrgang 2025/26_Süd-Ost ß')).toEqual([])
  })
  it('refuses other characters and more than 30 characters with create-program-year-error1', () => {
    for (const title of ['2025!', 'year.2025', '<b>2025</b>', 'x'.repeat(31)])
      expect(validateClusterTitle(title)).toEqual([{ field: 'yearText', key: 'create-program-year-error1' }])
    expect(validateClusterTitle('x'.repeat(30))).toEqual([])
  })
  it('property: titles made only of allowed characters, up to 30, not blank, are accepted', () => {
    const allowed = fc.constantFrom(...'abcXYZäöüÄÖÜß0129/ _-'.split(''))
    fc.assert(
      fc.property(
        fc
          .array(allowed, { minLength: 1, maxLength: 30 })
          .map((cs) => cs.join(''))
          .filter((s) => s.trim() !== ''),
        (title) => {
          expect(validateClusterTitle(title)).toEqual([])
        },
      ),
    )
  })
  it('property: any title longer than 30 characters is refused', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 31, maxLength: 60 }).filter((s) => s.trim() !== ''),
        (title) => {
          expect(validateClusterTitle(title)).toEqual([{ field: 'yearText', key: 'create-program-year-error1' }])
        },
      ),
    )
  })
})

describe('team id filter', () => {
  it('accepts an empty filter and up to 10 digits', () => {
    expect(validateTeamIdFilter('')).toEqual([])
    expect(validateTeamIdFilter('1234567890')).toEqual([])
  })
  it('refuses letters, signs and more than 10 digits with enter-a-valid-id', () => {
    for (const text of ['12a', '-1', '1.5', ' 1', '12345678901'])
      expect(validateTeamIdFilter(text)).toEqual([{ field: 'tandemId', key: 'enter-a-valid-id' }])
  })
  it('sends 0 when the filter is empty', () => {
    expect(parseTeamIdFilter('')).toEqual(E.right(0))
    expect(parseTeamIdFilter('0042')).toEqual(E.right(42))
    expect(E.isLeft(parseTeamIdFilter('x'))).toBe(true)
  })
})

describe('manual tandem creation', () => {
  it('requires both pickers', () => {
    expect(validateManualTandem({ menteeId: null, mentorId: null })).toEqual([
      { field: 'menteeId', key: 'requiredFieldError' },
      { field: 'mentorId', key: 'requiredFieldError' },
    ])
  })
  it('refuses the same user as mentee and mentor', () => {
    expect(validateManualTandem({ menteeId: 7, mentorId: 7 })).toEqual([
      { field: 'mentorId', key: 'admin-mentor-only-differnt-user-error' },
    ])
    expect(validateManualTandem({ menteeId: 7, mentorId: 8 })).toEqual([])
  })
})

describe('admin forms', () => {
  it('an export needs at least one option selected', () => {
    expect(
      validateExportOptions({
        includeBasicAccountInformation: false,
        includeExtededAccountInformation: false,
        includeProfileInformation: false,
      }),
    ).toEqual([{ field: 'exportOptions', key: 'requiredFieldError' }])
    expect(validateExportOptions({ includeUserAccountInformation: false, includeMatchingTandemInformation: true })).toEqual([])
  })
  it('an export request can be checked whole: role, filters and date range are not options', () => {
    const request = {
      role: 'Mentee',
      includeBasicAccountInformation: false,
      includeExtededAccountInformation: false,
      includeProfileInformation: false,
      filterData: { clusterIds: [1] },
    }
    expect(validateExportOptions(request)).toEqual([{ field: 'exportOptions', key: 'requiredFieldError' }])
    expect(validateExportOptions({ ...request, includeProfileInformation: true })).toEqual([])
    expect(
      validateExportOptions({
        includeUserAccountInformation: false,
        includeMatchingTandemInformation: false,
        includeProposalInformation: false,
        tandemDateRange: 30,
      }),
    ).toEqual([{ field: 'exportOptions', key: 'requiredFieldError' }])
  })
  it('the mentee edit needs both status and program year', () => {
    expect(validateMenteeStateEdit({ statusId: null, clusterId: 1 })).toEqual([{ field: 'statusId', key: 'requiredFieldError' }])
    expect(validateMenteeStateEdit({ statusId: 4, clusterId: null })).toEqual([{ field: 'clusterId', key: 'requiredFieldError' }])
    expect(validateMenteeStateEdit({ statusId: 4, clusterId: 1 })).toEqual([])
  })
  it('the user search needs a selection; typed text that matched nobody asks for an existing name', () => {
    expect(validateUserSearch({ selectedEmail: null, text: '' })).toEqual([{ field: 'user', key: 'requiredFieldError' }])
    expect(validateUserSearch({ selectedEmail: null, text: 'Zed' })).toEqual([{ field: 'user', key: 'existing-name-required' }])
    expect(validateUserSearch({ selectedEmail: 'a@b', text: 'Ada' })).toEqual([])
  })
})

describe('max characters', () => {
  it('defaults to 1000 and reports the count', () => {
    expect(validateMaxCharacters('x'.repeat(1000))).toEqual([])
    expect(validateMaxCharacters('x'.repeat(1001))).toEqual([
      { field: 'text', key: 'max-characters-exceeded-error', params: { count: 1001, max: 1000 } },
    ])
    expect(validateMaxCharacters('abc', 2, 'title')).toEqual([
      { field: 'title', key: 'max-characters-exceeded-error', params: { count: 3, max: 2 } },
    ])
  })
  it('counts an umlaut or an emoji as one character', () => {
    expect(validateMaxCharacters('ä😀', 2)).toEqual([])
  })
})
