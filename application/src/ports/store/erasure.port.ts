// The store's erasure as the application needs it; @tandem/store implements it.
import type { DomainError, UserId } from '@tandem/core'

import { type Either } from 'fp-ts/lib/Either.js'

export type ErasureRules = {
  /** The placeholder that takes the user's places in tandems (made on first use, inside the transaction). */
  readonly placeholderId: () => Promise<UserId>
  /** A delivered partner mail's subject without what it said about the user. */
  readonly scrubSubject: (
    subject: string,
    user: {
      readonly firstName: string
      readonly lastName: string
    },
  ) => string
  /** Writes what must outlive the user (the record that refuses their old tokens), in the same transaction. */
  readonly recordDeletion?: () => Promise<void>
  /** Runs first, in the same transaction (the release of the user's live tandems); a Left undoes everything. */
  readonly before?: () => Promise<Either<DomainError, unknown>>
}

/** What an erasure removed besides rows: the outbox ids whose delivered mail files must go too. */
export type Erased = {
  readonly outboxIds: readonly number[]
}

export type ErasureRepository = {
  /**
   * In one transaction: the user's tandems move to the placeholder with the user's own free texts
   * (comments, information for the mentee) cleared, the mails addressed to them leave the outbox
   * (and partners' mails lose what they said about them), and the user row goes, taking answers,
   * profile answers and the profile image with it (foreign keys cascade). Live tandems must have
   * been released before (or by `rules.before`). Null when there was no such user. Afterwards the
   * write-ahead log is checkpointed, so the erased rows leave the data folder's files too (the
   * database zeroes deleted content: secure_delete).
   */
  erase: (id: UserId, rules: ErasureRules) => Promise<Either<DomainError, Erased | null>>
}
