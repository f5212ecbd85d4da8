// Rules of the decline dialog and the administrator forms (docs/product.md#decline-dialog,
// docs/product.md#admin-forms): program-year titles, the team id filter, manual tandems, exports,
// the mentee edit and the user search.
import { CLUSTER_TITLE_MAX, CLUSTER_TITLE_PATTERN } from '../clusters/cluster.js'
import type { DeclineReason } from '../questionnaire/questionnaire.codec.js'
import type { Side } from '../users/role.js'
import * as E from 'fp-ts/lib/Either.js'
import { DECLINE_COMMENT_MAX, TEAM_ID_FILTER_MAX } from './limits.js'
import { type FieldError, fieldError } from '../messages.js'
import { countCharacters, isBlank, validateMaxCharacters } from './text.rules.js'

/** A reason is mandatory and must be one of the declining side's reasons; the comment is optional. */
export const validateDecline = (
  input: { readonly declineReasonId: number | null; readonly comment: string | null },
  reasons: readonly DeclineReason[],
  side: Side,
): readonly FieldError[] => [
  ...(reasons.some((r) => r.id === input.declineReasonId && r.side === side)
    ? []
    : [fieldError('declineReasonId', 'decline-reason-mandatory')]),
  ...(input.comment === null ? [] : validateMaxCharacters(input.comment, DECLINE_COMMENT_MAX, 'comment')),
]

/** requiredFieldError when empty; create-program-year-error1 when too long or with other characters. */
export const validateClusterTitle = (text: string): readonly FieldError[] =>
  isBlank(text)
    ? [fieldError('yearText', 'requiredFieldError')]
    : countCharacters(text) > CLUSTER_TITLE_MAX || !CLUSTER_TITLE_PATTERN.test(text)
      ? [fieldError('yearText', 'create-program-year-error1')]
      : []

const TEAM_ID = new RegExp(`^\\d{1,${TEAM_ID_FILTER_MAX}}$`)

/** Empty is fine (no filter); otherwise at most 10 digits. */
export const validateTeamIdFilter = (text: string): readonly FieldError[] =>
  text === '' || TEAM_ID.test(text) ? [] : [fieldError('tandemId', 'enter-a-valid-id')]

/** The team id to send in GetMatchingTandemList: 0 when the filter is empty. */
export const parseTeamIdFilter = (text: string): E.Either<readonly FieldError[], number> => {
  const errors = validateTeamIdFilter(text)
  return errors.length > 0 ? E.left(errors) : E.right(text === '' ? 0 : Number(text))
}

/** Both pickers are required and must name different users. */
export const validateManualTandem = (input: {
  readonly menteeId: number | null
  readonly mentorId: number | null
}): readonly FieldError[] => [
  ...(input.menteeId === null ? [fieldError('menteeId', 'requiredFieldError')] : []),
  ...(input.mentorId === null ? [fieldError('mentorId', 'requiredFieldError')] : []),
  ...(input.menteeId !== null && input.menteeId === input.mentorId
    ? [fieldError('mentorId', 'admin-mentor-only-differnt-user-error')]
    : []),
]

/**
 * An export needs at least one option selected. Reads the `include…` flags, so either export
 * request can be passed whole (role and filters are not options).
 */
export const validateExportOptions = (options: Readonly<Record<string, unknown>>): readonly FieldError[] =>
  Object.entries(options).some(([name, selected]) => name.startsWith('include') && selected === true)
    ? []
    : [fieldError('exportOptions', 'requiredFieldError')]

/** The admin's mentee edit: both selects are required. */
export const validateMenteeStateEdit = (input: {
  readonly statusId: number | null
  readonly clusterId: number | null
}): readonly FieldError[] => [
  ...(input.statusId === null ? [fieldError('statusId', 'requiredFieldError')] : []),
  ...(input.clusterId === null ? [fieldError('clusterId', 'requiredFieldError')] : []),
]

/** The user search needs a picked user; typed text that matched nobody asks for an existing name. */
export const validateUserSearch = (input: { readonly selectedEmail: string | null; readonly text: string }): readonly FieldError[] =>
  input.selectedEmail !== null
    ? []
    : isBlank(input.text)
      ? [fieldError('user', 'requiredFieldError')]
      : [fieldError('user', 'existing-name-required')]
