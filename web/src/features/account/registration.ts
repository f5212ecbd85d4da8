// The sign-up payload of the register routes, built from the identity token's claims (the server
// trusts only the token; these values fill in the form of the call).
import { CHOSEN_GENDERS, isIsoDate, type Language, type Side, type SignUpPayload } from '@tandem/core'
import type { SignedInUser } from '../../state/auth.port.js'

export const signUpPayload = (user: SignedInUser, side: Side, fallbackLanguage: Language): SignUpPayload => ({
  FirstName: user.givenName,
  LastName: user.familyName,
  DOB: user.birthdate !== null && isIsoDate(user.birthdate) ? user.birthdate : null,
  Language: user.locale === 'de' || user.locale === 'en' ? user.locale : fallbackLanguage,
  Gender: CHOSEN_GENDERS.find((g) => g === user.gender) ?? 'NA',
  Email: user.email,
  IsAcceptedDataPrivacyPolicy: true,
  IsAcceptedTermsConditions: true,
  Role: side,
})
