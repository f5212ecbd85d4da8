// When a mentor may publish, save a published profile, or enable matching (docs/product.md#publishing).
// Completeness comes in as a fact (isQuestionnaireComplete and a valid profile).
import * as E from 'fp-ts/lib/Either.js'
import type { DomainError } from '../errors.js'
import type { StatusName } from '../users/status.js'

const allowed: E.Either<DomainError, void> = E.right(undefined)
const incomplete: E.Either<DomainError, void> = E.left({ _tag: 'ProfileIncomplete' })

/** Publishing needs all information valid and matching enabled (PAUSED is "matching disabled"). */
export const canPublish = (input: { readonly status: StatusName; readonly complete: boolean }): E.Either<DomainError, void> =>
  !input.complete ? incomplete : input.status === 'PAUSED' ? E.left({ _tag: 'MatchingDisabled' }) : allowed

/** Once published, only a complete profile can be saved, unless matching is paused. */
export const canSaveMentorAnswers = (input: {
  readonly published: boolean
  readonly status: StatusName
  readonly complete: boolean
}): E.Either<DomainError, void> => (!input.published || input.complete || input.status === 'PAUSED' ? allowed : incomplete)

/** Enabling matching needs complete answers. */
export const canEnableMatching = (complete: boolean): E.Either<DomainError, void> => (complete ? allowed : incomplete)
