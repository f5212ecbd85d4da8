// A person is asked again for exactly the documents whose version changed since they accepted.
import { describe, expect, it } from 'vitest'
import { consentsDue, CURRENT_CONSENT_VERSIONS, outdatedConsentErrors, type ConsentRecord } from '../src/index.js'

const current = { privacyPolicy: '2', termsAndConditions: '5' }
const accepted = (privacy: string, terms: string): ConsentRecord[] => [
  { document: 'privacyPolicy', version: privacy, acceptedAt: 1 },
  { document: 'termsAndConditions', version: terms, acceptedAt: 2 },
]

describe('consentsDue', () => {
  it('is empty when the current version of both was accepted', () => {
    expect(consentsDue(accepted('2', '5'), current)).toEqual([])
  })

  it('names the document whose version changed, and only it', () => {
    expect(consentsDue(accepted('1', '5'), current)).toEqual(['privacyPolicy'])
    expect(consentsDue(accepted('2', '4'), current)).toEqual(['termsAndConditions'])
  })

  it('names both when nothing was accepted with a version (accounts from before versions)', () => {
    expect(consentsDue([], current)).toEqual(['privacyPolicy', 'termsAndConditions'])
  })

  it('asks nothing of a person who accepted the versions in force', () => {
    const now: ConsentRecord[] = [
      { document: 'privacyPolicy', version: CURRENT_CONSENT_VERSIONS.privacyPolicy, acceptedAt: 0 },
      { document: 'termsAndConditions', version: CURRENT_CONSENT_VERSIONS.termsAndConditions, acceptedAt: 0 },
    ]
    expect(consentsDue(now, CURRENT_CONSENT_VERSIONS)).toEqual([])
  })
})

describe('outdatedConsentErrors', () => {
  it('refuses, on its field, a document whose shown version is no longer in force', () => {
    expect(outdatedConsentErrors({ privacyPolicy: '2', termsAndConditions: '4' }, current)).toEqual([
      { field: 'termsAndConditions', key: 'consent-version-outdated' },
    ])
    expect(outdatedConsentErrors(current, current)).toEqual([])
  })
})
