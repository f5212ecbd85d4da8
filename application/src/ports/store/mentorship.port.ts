// The check-in timelines of matched teams as the application needs them (docs/mentorship.md);
// @tandem/store implements it on SQLite and PostgreSQL. Every write joins the transaction in progress.
import type { CheckInOccasion, Instant, Side, TandemId, Timeline, UserId } from '@tandem/core'
import type { NewOutboxRow } from './outbox.port.js'
import type { Contact } from './world.port.js'

/** A one-time link of a check-in mail, found by its token's hash. */
export type CheckInLink = {
  readonly tandemId: TandemId
  readonly side: Side
  readonly occasion: CheckInOccasion
  readonly userId: UserId
  readonly expiresAt: Instant
  readonly usedAt: Instant | null
}

/** One check-in mail: the question (or its reminder) for one side, with its one-time link. */
export type CheckInMail = {
  readonly to: Contact
  readonly side: Side
  readonly occasion: CheckInOccasion
  readonly reminder: boolean
  readonly link: string
}

/** Renders a check-in mail as an outbox row (the mail adapter's templates; given by the composition root). */
export type CheckInMailer = (mail: CheckInMail, now: Instant) => NewOutboxRow | undefined

export type MentorshipRepository = {
  /** The MATCHED tandems: every one has a timeline running. */
  readonly matchedTandemIds: () => Promise<readonly TandemId[]>
  /** The stored timeline of a tandem, if one was started. */
  readonly timelineOf: (tandemId: TandemId) => Promise<Timeline | undefined>
  /** The tandems whose timeline is not closed: the ended ones whose closing survey may still be sent. */
  readonly openTimelineIds: () => Promise<readonly TandemId[]>
  /**
   * Writes what changed from `before` (undefined: none stored) to `after`: the timeline row and the
   * check-in rows, new ones inserted (a second insert of the same question fails the transaction).
   * `closed` marks a timeline on which nothing more will be asked.
   */
  readonly save: (before: Timeline | undefined, after: Timeline, closed: boolean) => Promise<void>
  /** Stores a link by its token's hash. */
  readonly addLink: (tokenHash: string, link: CheckInLink) => Promise<void>
  readonly linkOf: (tokenHash: string) => Promise<CheckInLink | undefined>
  /** Marks the link used; false when it was used already (by a concurrent click). */
  readonly useLink: (tokenHash: string, at: Instant) => Promise<boolean>
  /** The timelines of the tandems a person was part of (their data download). */
  readonly timelinesOfUser: (tandemIds: readonly TandemId[]) => Promise<readonly Timeline[]>
  /**
   * Removes a person's questions, answers and links (erasure): their side of the named tandems. The
   * timelines of those tandems keep that this side left, so nothing is asked again of the place they
   * leave, while the other side's closing survey and its reminder still follow (closed once both left).
   */
  readonly eraseSide: (userId: UserId, sides: readonly { readonly tandemId: TandemId; readonly side: Side }[]) => Promise<void>
}
