// The profile form rules of docs/product.md#profile-form: required choices, federal state only for Germany, length
// limits. Any failure adds the summary key profileMissingFieldsError, and nothing is saved.
import * as E from 'fp-ts/lib/Either.js'
import { languageById } from '../shared/language.js'
import type { RoleName } from '../users/role.js'
import { CITY_MAX, COMPANY_MAX, GERMANY_COUNTRY_ID, PROFESSIONAL_POSITION_MAX, PROFILE_ANSWER_MAX } from './limits.js'
import { type FieldError, fieldError } from '../messages.js'
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

/** The fields the rules read, whether they arrive in a form or are read back as stored. */
type ProfileFields = Pick<ProfileInput, 'countryCodeId' | 'stateOriginalId' | 'professionalPosition' | 'company' | 'clusterId'> & {
  readonly city: string | null
}

const locationErrors = (p: ProfileFields): readonly FieldError[] => [
  ...(p.countryCodeId === null ? [fieldError('countryCodeId', 'requiredFieldError')] : []),
  ...(p.countryCodeId === GERMANY_COUNTRY_ID && p.stateOriginalId === null ? [fieldError('stateOriginalId', 'requiredFieldError')] : []),
]

const detailErrors = (p: ProfileFields, asksProgramYear: boolean, answers: readonly string[]): readonly FieldError[] => [
  ...(asksProgramYear && p.clusterId === null ? [fieldError('clusterId', 'requiredFieldError')] : []),
  ...(isBlank(p.city) ? [fieldError('city', 'requiredFieldError')] : optionalMax(p.city, CITY_MAX, 'city')),
  ...optionalMax(p.professionalPosition, PROFESSIONAL_POSITION_MAX, 'professionalPosition'),
  ...optionalMax(p.company, COMPANY_MAX, 'company'),
  ...answers.flatMap((answer, i) => validateMaxCharacters(answer, PROFILE_ANSWER_MAX, `profileQuestionAnswer.${i}.userAnswer`)),
]

const fieldErrorsOf = (input: ProfileInput, roles: readonly RoleName[]): readonly FieldError[] => [
  ...locationErrors(input),
  ...(input.languageId === null
    ? [fieldError('languageId', 'requiredFieldError')]
    : languageById(input.languageId) === undefined
      ? [fieldError('languageId', 'invalid-value')]
      : []),
  ...detailErrors(
    input,
    needsProgramYear(roles),
    input.profileQuestionAnswer.map((a) => a.userAnswer),
  ),
]

/**
 * Whether stored profile fields and answers pass the form's rules, checked as they are stored (no
 * round trip through a request payload); `asksProgramYear` for whoever holds the mentee side.
 * Completeness (completeness.rules.ts) is the one caller.
 */
export const storedProfilePasses = (fields: ProfileFields, asksProgramYear: boolean, answers: readonly string[]): boolean =>
  locationErrors(fields).length === 0 && detailErrors(fields, asksProgramYear, answers).length === 0

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
