// The documents a person accepts (privacy policy, terms) and their current versions, in one place:
// sign-up records these versions; a person whose accepted version differs is asked again.
import * as t from 'io-ts'
import { fieldError, type FieldError } from '../messages.js'

export const ConsentDocument = t.keyof({ privacyPolicy: null, termsAndConditions: null }, 'ConsentDocument')
export type ConsentDocument = t.TypeOf<typeof ConsentDocument>

/** Both documents, in the order they are shown and listed. */
export const CONSENT_DOCUMENTS: readonly ConsentDocument[] = ['privacyPolicy', 'termsAndConditions']

export type ConsentVersions = Readonly<Record<ConsentDocument, string>>

/** The versions in force. Change one when its document changes: everybody is asked again at the next sign-in. */
export const CURRENT_CONSENT_VERSIONS: ConsentVersions = { privacyPolicy: '2026-11-24', termsAndConditions: '2026-11-24' }

/** One accepted document: which version, and when (epoch ms). */
export type ConsentRecord = { readonly document: ConsentDocument; readonly version: string; readonly acceptedAt: number }

/** The documents whose current version the person has not accepted (never accepted, or an older one). */
export const consentsDue = (accepted: readonly ConsentRecord[], current: ConsentVersions): ConsentDocument[] =>
  CONSENT_DOCUMENTS.filter((document) => !accepted.some((a) => a.document === document && a.version === current[document]))

/**
 * Accepting records the versions the person was shown: one that is no longer in force (changed while
 * the page was open) is refused on its document's field, so nobody accepts a text they did not see.
 */
export const outdatedConsentErrors = (shown: ConsentVersions, current: ConsentVersions): FieldError[] =>
  CONSENT_DOCUMENTS.filter((document) => shown[document] !== current[document]).map((document) =>
    fieldError(document, 'consent-version-outdated'),
  )
