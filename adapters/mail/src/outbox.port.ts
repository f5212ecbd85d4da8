// The outbox: notifications written in the same transaction as the state change that causes them,
// delivered later by the worker. The store implements this port (table in ../outbox.sql.md).
import type { NewOutboxRow, OutboxStatus, StoredOutboxMessage } from '@tandem/application/ports'
import * as E from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import { fieldError, validationFailed, type DomainError, type FieldError, type Instant, type Language, type UserId } from '@tandem/core'
import { NotificationData, type Notification, type OrganisationInfo, type Recipient } from './notification.codec.js'
import { renderNotification } from './render/notification.render.js'

/**
 * One row of the outbox as the worker sees it: the application's outbox row, one type for every
 * writer and the worker (`data` is JSON, decoded again before rendering).
 */
export type OutboxMessage = StoredOutboxMessage
/** What an enqueuer inserts; the store adds id, attempts 0, status pending and the lease columns. */
export type NewOutboxMessage = NewOutboxRow
export type { OutboxStatus }

/**
 * Delivery bookkeeping. Every method is one atomic statement on the store.
 *
 * - `claimDue` moves up to `limit` rows with status pending and nextAttemptAt <= now, oldest first,
 *   to status sending under a lease (lockedBy = worker, lockedUntil = leaseUntil) and returns them.
 *   Two workers on one database never claim the same row.
 * - `markAttempt` is called right before the message goes to the transport. It sets attemptedAt = now
 *   and attempts + 1, but only while the row is still `sending`, leased by `worker` and the lease has
 *   not run out; it answers false otherwise, and the worker then does not send.
 * - `markSent` records a delivery whoever holds the row now (a slow worker's late success is the
 *   truth: the message did go out); `markRetry` (back to pending at nextAttemptAt, attemptedAt
 *   cleared) and `markFailed` change only a row leased by `worker`.
 * - `recoverExpired` handles rows whose lease ran out while `sending` (the process died or hung):
 *   never handed to the transport (attemptedAt null) -> pending again; handed over -> pending again
 *   as well, with lastError INTERRUPTED_ERROR, because a committed notification must not be lost
 *   (at least once over SMTP, where a duplicate keeps its Message-ID; exactly once for .eml files,
 *   whose transport counts an existing file as sent). A row interrupted `maxAttempts` times is
 *   failed with INTERRUPTED_GIVEN_UP, so a message that kills its worker cannot loop for ever.
 * - `requeueFailed` puts a failed row back to pending, due at `now`, with its attempts reset: the
 *   admin's "send again". False when the row is not failed.
 */
export type OutboxPort = {
  readonly claimDue: (now: Instant, limit: number, leaseUntil: Instant, worker: string) => Promise<readonly OutboxMessage[]>
  readonly markAttempt: (id: number, now: Instant, worker: string) => Promise<boolean>
  readonly markSent: (id: number, now: Instant, worker: string) => Promise<void>
  readonly markRetry: (id: number, nextAttemptAt: Instant, error: string, worker: string) => Promise<void>
  readonly markFailed: (id: number, error: string, worker: string) => Promise<void>
  readonly recoverExpired: (now: Instant, maxAttempts: number) => Promise<RecoveryReport>
}

/** What `recoverExpired` did: rows never tried, rows interrupted mid-send and queued again, rows given up. */
export type RecoveryReport = { readonly requeued: number; readonly interrupted: number; readonly abandoned: number }

/** The lastError of a message that was being sent when its worker died; it is sent again. */
export const INTERRUPTED_ERROR = 'interrupted while sending; queued again'
/** The lastError of a message whose every attempt was interrupted (it keeps killing its worker). */
export const INTERRUPTED_GIVEN_UP = 'interrupted while sending on every attempt; given up'

/** One entry of the admin's notification history (docs/product.md#notifications: mailSubject, createdDate). */
export type NotificationHistoryEntry = { readonly subject: string; readonly createdAt: Instant; readonly status: OutboxStatus }

/**
 * Builds the row to insert for a notification: checks the recipient and the payload, renders the
 * subject in the recipient's language. Pure, so the enqueuer can call it inside its transaction.
 * Bad input (an admin's empty message, an address without @) is a ValidationFailed with message
 * keys, and nothing is written.
 */
export const prepareNotification = (
  notification: Notification,
  to: { readonly recipient: Recipient; readonly language: Language; readonly userId: UserId | null },
  org: OrganisationInfo,
  now: Instant,
): E.Either<DomainError, NewOutboxMessage> => {
  const codec: t.Decoder<unknown, unknown> = NotificationData[notification.type]
  const decoded = codec.decode(notification.data)
  const errors = [
    ...(isMailAddress(to.recipient.email) ? [] : [fieldError('recipient.email', 'invalid-value')]),
    ...(E.isLeft(decoded) ? decoded.left.map(fieldErrorOf) : []),
  ]
  if (errors.length > 0) return E.left(validationFailed(errors))
  return E.right({
    type: notification.type,
    language: to.language,
    recipient: to.recipient,
    userId: to.userId,
    data: notification.data,
    subject: renderNotification(notification.type, to.language, notification.data, org).subject,
    createdAt: now,
    nextAttemptAt: now,
  })
}

/** An io-ts error as a field error: the field is the innermost named key of the path. */
const fieldErrorOf = (e: t.ValidationError): FieldError => {
  const field = [...e.context].reverse().find((c) => c.key !== '' && !/^\d+$/.test(c.key))?.key ?? 'data'
  const missing = e.value === undefined || e.value === null || (typeof e.value === 'string' && e.value.trim() === '')
  return fieldError(field, missing ? 'requiredFieldError' : 'invalid-value')
}

/** Deliberately loose: one @, no spaces or angle brackets. The SMTP server has the final word. */
export const isMailAddress = (s: string): boolean => /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/.test(s)
