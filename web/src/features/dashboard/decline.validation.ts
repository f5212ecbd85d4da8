// The decline dialog's rules (docs/product.md#decline-dialog): a reason of the offered list is required, the comment is
// optional and at most 1000 characters. Built on the core's shared text rule and limits.
import { DECLINE_COMMENT_MAX, fieldError, validateMaxCharacters, type DeclineReasonItem, type FieldError } from '@tandem/core'

export { DECLINE_COMMENT_MAX }

export const validateDeclineInput = (
  input: { readonly declineReasonId: number | null; readonly comment: string },
  reasons: readonly DeclineReasonItem[],
): readonly FieldError[] => [
  ...(input.declineReasonId !== null && reasons.some((r) => r.id === input.declineReasonId)
    ? []
    : [fieldError('declineReasonId', 'decline-reason-mandatory')]),
  ...validateMaxCharacters(input.comment, DECLINE_COMMENT_MAX, 'comment'),
]
