// The store's outbox as the application needs it; @tandem/store implements it.
import type { Instant, UserId } from '@tandem/core'

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed'

/** Shaped like @tandem/mail's OutboxMessage, so the server passes this store as its OutboxPort. */
export type StoredOutboxMessage = {
  readonly id: number
  readonly type: string
  readonly language: string
  readonly recipient: {
    readonly email: string
    readonly name: string
  }
  readonly userId: UserId | null
  readonly data: unknown
  readonly subject: string
  readonly createdAt: Instant
  readonly attempts: number
  readonly status: OutboxStatus
  readonly nextAttemptAt: Instant
  readonly lastError: string | null
}

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
