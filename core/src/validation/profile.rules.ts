// The profile form rules of docs/product.md#profile-form: required choices, federal state only for Germany, length
// limits. Any failure adds the summary key profileMissingFieldsError, and nothing is saved.
import * as E from 'fp-ts/lib/Either.js'
import { languageById } from '../shared/language.js'
import type { RoleName } from '../users/role.js'
import { CITY_MAX, COMPANY_MAX, GERMANY_COUNTRY_ID, PROFESSIONAL_POSITION_MAX, PROFILE_ANSWER_MAX } from './limits.js'
import { type FieldError, fieldError } from './messages.js'
import { isBlank, validateMaxCharacters } from './text.rules.js'

/** The validated part of a profile update (field names as on the wire). */
export type ProfileInput = {
  readonly countryCodeId: number | null
  readonly stateOriginalId: number | null
  readonly city: string | null
  readonly professionalPosition: string | null
  readonly company: string | null
  readonly languageId: number | null
  readonly clusterId: number | null
  readonly profileQuestionAnswer: readonly { readonly userQuestionOriginalId: number; readonly userAnswer: string }[]
}

/** The field the summary error is reported on. */
export const PROFILE_SUMMARY_FIELD = 'profile'

/** Program year is asked of mentees only (hidden for mentor-only users). */
export const needsProgramYear = (roles: readonly RoleName[]): boolean => roles.includes('Mentee') || roles.includes('Both')

/** Whether a profile question of `questionSide` is asked of someone holding `roles`: each side answers its own. */
export const asksProfileQuestion = (questionSide: 'Mentee' | 'Mentor' | 'All', roles: readonly RoleName[]): boolean =>
  questionSide === 'All' || roles.includes('Both') || roles.includes(questionSide)

const optionalMax = (text: string | null, max: number, field: string): readonly FieldError[] =>
  text === null ? [] : validateMaxCharacters(text, max, field)

const fieldErrorsOf = (input: ProfileInput, roles: readonly RoleName[]): readonly FieldError[] => [
  ...(input.countryCodeId === null ? [fieldError('countryCodeId', 'requiredFieldError')] : []),
  ...(input.countryCodeId === GERMANY_COUNTRY_ID && input.stateOriginalId === null
    ? [fieldError('stateOriginalId', 'requiredFieldError')]
    : []),
  ...(input.languageId === null
    ? [fieldError('languageId', 'requiredFieldError')]
    : languageById(input.languageId) === undefined
      ? [fieldError('languageId', 'invalid-value')]
      : []),
  ...(needsProgramYear(roles) && input.clusterId === null ? [fieldError('clusterId', 'requiredFieldError')] : []),
  ...(isBlank(input.city) ? [fieldError('city', 'requiredFieldError')] : optionalMax(input.city, CITY_MAX, 'city')),
  ...optionalMax(input.professionalPosition, PROFESSIONAL_POSITION_MAX, 'professionalPosition'),
  ...optionalMax(input.company, COMPANY_MAX, 'company'),
  ...input.profileQuestionAnswer.flatMap((a, i) =>
    validateMaxCharacters(a.userAnswer, PROFILE_ANSWER_MAX, `profileQuestionAnswer.${i}.userAnswer`),
  ),
]

/**
 * Checks a profile update. Right holds the input normalised for saving: the federal state is null
 * unless the country is Germany (the form may still hold a state picked before the country changed).
 */
export const validateProfile = <P extends ProfileInput>(
  input: P,
  context: { readonly roles: readonly RoleName[] },
): E.Either<readonly FieldError[], P> => {
  const errors = fieldErrorsOf(input, context.roles)
  if (errors.length > 0) return E.left([...errors, fieldError(PROFILE_SUMMARY_FIELD, 'profileMissingFieldsError')])
  return E.right(input.countryCodeId === GERMANY_COUNTRY_ID ? input : { ...input, stateOriginalId: null })
}
