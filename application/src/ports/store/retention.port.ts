// The store's retention as the application needs it; @tandem/store implements it.
import type { Instant, Language, RoleName, UserId } from '@tandem/core'

export type RetentionPerson = {
  readonly id: UserId
  readonly issuer: string
  readonly subject: string
  readonly email: string
  readonly firstName: string
  readonly lastName: string
  readonly language: Language
  readonly roles: readonly RoleName[]
  readonly registeredAt: Instant
  readonly lastSignedInAt: Instant | null
  readonly noticeAt: Instant | null
  /** When the mentee's program year ended; null for mentors and years still running. */
  readonly programYearEndedAt: Instant | null
  readonly hasLiveTandem: boolean
}

export type RetentionRepository = {
  /** Every user with what retention decides on (the caller leaves out administrators and placeholders). */
  people: () => Promise<readonly RetentionPerson[]>
  person: (id: UserId) => Promise<RetentionPerson | undefined>
  /** A sign-in: the retention clock restarts and a notice sent before is void. */
  markSignedIn: (id: UserId, at: Instant) => Promise<void>
  /** Notes the notice unless one was noted already (two sweeps at once send one); answers whether it did. */
  markNoticeSent: (id: UserId, at: Instant) => Promise<boolean>
  /**
   * Mails older than `before` keep subject, date and state (the history) and lose their body,
   * recipient and error text. Answers how many were scrubbed.
   */
  scrubOutboxBefore: (before: Instant) => Promise<number>
  /** The outbox ids written at or after `since`: their delivered mail files stay. */
  outboxIdsSince: (since: Instant) => Promise<ReadonlySet<number>>
}
