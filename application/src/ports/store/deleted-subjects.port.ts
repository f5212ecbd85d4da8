// The store's deleted subjects as the application needs it; @tandem/store implements it.
import type { Instant } from '@tandem/core'

export type DeletedSubjects = {
  /** Records (or moves later) the deletion of the account issuer + subject, at `at`. */
  readonly record: (issuer: string, subject: string, at: Instant) => Promise<void>
  /** When the account issuer + subject was deleted, or undefined. */
  readonly deletedAt: (issuer: string, subject: string) => Promise<Instant | undefined>
}
