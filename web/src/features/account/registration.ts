// The sign-up payload of the register routes, built from the identity token's claims (the server
// trusts only the token; these values fill in the form of the call).
import type { Language, Side, SignUpPayload } from '@tandem/core'
import type { SignedInUser } from '../../state/auth.port.js'

const GENDERS = ['Female', 'Male', 'Non-binary'] as const
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

export const signUpPayload = (user: SignedInUser, side: Side, fallbackLanguage: Language): SignUpPayload => ({
  FirstName: user.givenName,
  LastName: user.familyName,
  DOB: user.birthdate !== null && ISO_DATE.test(user.birthdate) ? user.birthdate : null,
  Language: user.locale === 'de' || user.locale === 'en' ? user.locale : fallbackLanguage,
  Gender: GENDERS.find((g) => g === user.gender) ?? 'NA',
  Email: user.email,
  IsAcceptedDataPrivacyPolicy: true,
  IsAcceptedTermsConditions: true,
  Role: side,
})
