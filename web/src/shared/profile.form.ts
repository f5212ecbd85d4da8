// The profile update request from the loaded profile and the form's edits, validated by the core's
// shared profile rule before anything is sent.
import { validateProfile, type FieldError, type ProfileUpdateRequest, type RoleName, type UserView } from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'

export type ProfileEdits = Partial<
  Pick<
    ProfileUpdateRequest,
    'countryCodeId' | 'stateOriginalId' | 'city' | 'professionalPosition' | 'company' | 'languageId' | 'clusterId' | 'profileQuestionAnswer'
  >
>

export const profileRequest = (user: UserView, edits: ProfileEdits, isDeletedProfileImage: boolean): ProfileUpdateRequest => ({
  email: user.email,
  countryCodeId: edits.countryCodeId !== undefined ? edits.countryCodeId : user.countryCodeId,
  stateOriginalId: edits.stateOriginalId !== undefined ? edits.stateOriginalId : user.stateOriginalId,
  city: edits.city !== undefined ? edits.city : user.city,
  professionalPosition: edits.professionalPosition !== undefined ? edits.professionalPosition : user.professionalPosition,
  company: edits.company !== undefined ? edits.company : user.company,
  languageId: edits.languageId !== undefined ? edits.languageId : user.defaultLanguage,
  clusterId: edits.clusterId !== undefined ? edits.clusterId : user.clusterId,
  profileQuestionAnswer: edits.profileQuestionAnswer ?? user.userProfileQuestionAnswers,
  isDeletedProfileImage,
})

export const checkProfile = (
  request: ProfileUpdateRequest,
  roles: readonly RoleName[],
): { ok: true; request: ProfileUpdateRequest } | { ok: false; errors: readonly FieldError[] } => {
  const result = validateProfile(request, { roles })
  return isLeft(result) ? { ok: false, errors: result.left } : { ok: true, request: result.right }
}

export { errorOf } from './field.js'

/** The fields the account page shows; the rest of the profile belongs to the questionnaire. */
const ACCOUNT_FIELDS: readonly string[] = ['languageId', 'clusterId']

/**
 * The account page's check: only preferred language and (for mentees) program year, so a fresh
 * user or an administrator can save before the profile section is filled in (decision 0005).
 */
export const checkAccount = (
  request: ProfileUpdateRequest,
  roles: readonly RoleName[],
): { ok: true; request: ProfileUpdateRequest } | { ok: false; errors: readonly FieldError[] } => {
  const result = validateProfile(request, { roles })
  const errors = isLeft(result) ? result.left.filter((e) => ACCOUNT_FIELDS.includes(e.field)) : []
  return errors.length > 0 ? { ok: false, errors } : { ok: true, request: { ...request, profileScope: 'account' } }
}
