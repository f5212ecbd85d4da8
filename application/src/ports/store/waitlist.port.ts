// The waitlist's storage (docs/matching.md#waitlist): each mentee's choice to turn it off, and the
// durable "places changed" trigger that commands write in their own transaction when they open a
// place. @tandem/store implements it on SQLite and PostgreSQL.
import type { UserId } from '@tandem/core'

export type WaitlistRepository = {
  /** Whether the mentee turned the waitlist off (on by default). */
  readonly isOff: (menteeId: UserId) => Promise<boolean>
  /** The mentee's choice; answers whether a row changed (false: no such user). */
  readonly setOff: (menteeId: UserId, off: boolean) => Promise<boolean>
  /**
   * The mentees who may be waiting: the last run found nobody, the waitlist is on, NEW or
   * AVAILABLE. The core's waitlistOf decides on their records; this only narrows the read.
   */
  readonly maybeWaitingIds: () => Promise<readonly UserId[]>
  /** The newest unserved trigger's id, or null when no place opened since the last round. */
  readonly pendingTrigger: () => Promise<number | null>
  /** Removes the triggers up to and including this id: a round served them. */
  readonly served: (upTo: number) => Promise<void>
}
