// The admin's notification history of a user (the outbox rows, newest first, with their state) and
// the admin's "send again" for a failed one.
import {
  invalidTransition,
  toIsoDateTime,
  type DomainError,
  type NotificationEntry,
  type NotificationState,
  type ResendNotificationPayload,
  type UserId,
} from '@tandem/core'
import { left, right, type Either } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'

/** pending and sending are one state to the admin: the mail has not gone out yet. */
const stateOf = (status: 'pending' | 'sending' | 'sent' | 'failed'): NotificationState =>
  status === 'sent' ? 'sent' : status === 'failed' ? 'failed' : 'queued'

export const notificationHistory = async (ctx: Pick<ServiceContext, 'outbox'>, userId: UserId): Promise<NotificationEntry[]> =>
  (await ctx.outbox.historyOf(userId)).map((m) => ({
    notificationId: m.id,
    mailSubject: m.subject,
    createdDate: toIsoDateTime(m.createdAt),
    mentorship: null,
    state: stateOf(m.status),
    failureReason: m.status === 'failed' ? m.lastError : null,
  }))

export type ResendNotificationPorts = Pick<ServiceContext, 'clock' | 'logger' | 'outbox'>

export const resendNotification =
  (ctx: ResendNotificationPorts) =>
  async (body: ResendNotificationPayload): Promise<Either<DomainError, boolean>> => {
    const row = await ctx.outbox.byId(body.notificationId)
    // A message of a deleted user's (user_id null) is no longer in anyone's history.
    if (row === undefined || row.userId === null) return left({ _tag: 'NotFound', entity: 'Notification' })
    if (!(await ctx.outbox.requeueFailed(row.id, ctx.clock()))) return left(invalidTransition(stateOf(row.status), 'resend'))
    ctx.logger.info({ outboxId: row.id, type: row.type }, 'failed notification queued again by an administrator')
    return right(true)
  }
