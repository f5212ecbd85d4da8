// The store's outbox as the application needs it; @tandem/store implements it.
import type { Instant, UserId } from '@tandem/core'

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed'

/** One outbox row: the one type every writer, the store and the mail adapter's worker use (its OutboxMessage). */
export type StoredOutboxMessage = {
  readonly id: number
  readonly type: string
  readonly language: string
  readonly recipient: {
    readonly email: string
    readonly name: string
  }
  /** The user the message concerns, for the admin's notification history; null for mail to a
   *  bare address (a password reset for an account not yet linked to a user). */
  readonly userId: UserId | null
  /** The template's data as JSON, decoded again before rendering. */
  readonly data: unknown
  /** Rendered when the row is written, so the history shows exactly what the user received. */
  readonly subject: string
  readonly createdAt: Instant
  /** How many times the message was handed to the transport. */
  readonly attempts: number
  readonly status: OutboxStatus
  readonly nextAttemptAt: Instant
  readonly lastError: string | null
}

/** What an enqueuer inserts; the store adds id, attempts 0, status pending and the lease columns. */
export type NewOutboxRow = Omit<StoredOutboxMessage, 'id' | 'attempts' | 'status' | 'lastError'>

export type OutboxRepository = {
  enqueue: (m: NewOutboxRow) => Promise<void>
  historyOf: (userId: UserId) => Promise<StoredOutboxMessage[]>
  all: () => Promise<StoredOutboxMessage[]>
  claimDue: (now: Instant, limit: number, leaseUntil: Instant, worker: string) => Promise<readonly StoredOutboxMessage[]>
  markAttempt: (id: number, now: Instant, worker: string) => Promise<boolean>
  markSent: (id: number, now: Instant, _worker: string) => Promise<void>
  markRetry: (id: number, nextAttemptAt: Instant, error: string, worker: string) => Promise<void>
  markFailed: (id: number, error: string, worker: string) => Promise<void>
  recoverExpired: (
    now: Instant,
    maxAttempts: number,
  ) => Promise<{
    readonly requeued: number
    readonly interrupted: number
    readonly abandoned: number
  }>
  /** The admin's "send again" for a failed message: due now, attempts counted afresh. */
  requeueFailed: (id: number, now: Instant) => Promise<boolean>
  byId: (id: number) => Promise<StoredOutboxMessage | undefined>
}
