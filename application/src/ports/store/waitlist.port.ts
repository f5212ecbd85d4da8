// The waitlist's storage (docs/matching.md#waitlist): each mentee's choice to turn it off, and the
// durable "places changed" trigger that commands write in their own transaction when they open a
// place. @tandem/store implements it on SQLite and PostgreSQL.
import type { Answers, UserId, WaitlistStopLink } from '@tandem/core'

export type WaitlistRepository = {
  /** Whether the mentee turned the waitlist off (on by default). */
  readonly isOff: (menteeId: UserId) => Promise<boolean>
  /** The mentee's choice; answers whether a row changed (false: no such user). */
  readonly setOff: (menteeId: UserId, off: boolean) => Promise<boolean>
  /**
   * The mentees who may be waiting: the last run found nobody or a team of theirs was ended after
   * their last run started, the waitlist is on, NEW or AVAILABLE. The core's waitlistOf decides on
   * their records; this only narrows the read (a superset of the core's waiting mentees).
   */
  readonly maybeWaitingIds: () => Promise<readonly UserId[]>
  /**
   * The unserved triggers: the newest one's id, the mentors whose places opened (null when a
   * trigger names no mentor: the round then looks at the whole pool), and when the last round
   * started (null before the first); null when no place opened since the last round.
   */
  readonly pendingTrigger: () => Promise<{
    readonly upTo: number
    readonly mentorIds: readonly UserId[] | null
    readonly lastRoundAt: number | null
  } | null>
  /** The mentee answers of these people, with when they were saved (one read, for the round's first look). */
  readonly menteeAnswers: (
    menteeIds: readonly UserId[],
  ) => Promise<ReadonlyMap<UserId, { readonly answers: Answers; readonly savedAt: number }>>
  /** Removes the triggers up to and including this id and keeps when the round started: a round served them. */
  readonly served: (upTo: number, roundAt: number) => Promise<void>
  /** The waitlist mail's stop link of this token hash (the world store writes them with the mail). */
  readonly stopLinkOf: (tokenHash: string) => Promise<(WaitlistStopLink & { readonly menteeId: UserId }) | undefined>
  /** Marks the link used at `at`, only if it was unused; answers whether it was (false: used meanwhile). */
  readonly useStopLink: (tokenHash: string, at: number) => Promise<boolean>
}
