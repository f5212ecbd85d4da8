// POST /api/Notification/NotifyUser: an administrator sends a user their own message (ADMIN_MESSAGE)
// or one of the template notifications again, through the outbox like every other notification.
import { fieldError, notFound, validationFailed, type DomainError, type NotifyUserPayload, type Tandem } from '@tandem/core'
import * as E from 'fp-ts/lib/Either.js'
import type { Clock } from '../ports/clock.port.js'
import type { AdminNotificationMailer } from '../ports/mail.port.js'
import type { OutboxRepository, UsersRepository, WorldStore } from '../ports/store/index.js'

export type AdminNotificationPorts = {
  readonly users: Pick<UsersRepository, 'byEmail' | 'byId'>
  readonly store: Pick<WorldStore, 'load'>
  readonly outbox: Pick<OutboxRepository, 'enqueue'>
  readonly inOneTransaction: <T>(work: () => Promise<T>) => Promise<T>
  readonly clock: Clock
  readonly adminNotifications: AdminNotificationMailer
}

const tandemRefused = E.left(validationFailed([fieldError('matchingTandemId', 'invalid-value')]))

/**
 * NotifyUser with its reasons: an unknown user is NotFound, a tandem of someone else or a template
 * that cannot be filled (APPROVE_TANDEM of a tandem not MATCHED) or an empty message is
 * ValidationFailed with message keys, and nothing is written.
 */
export const notifyUser =
  (ports: AdminNotificationPorts) =>
  async (body: NotifyUserPayload): Promise<E.Either<DomainError, boolean>> => {
    const user = await ports.users.byEmail(body.email)
    if (user === undefined) return E.left(notFound('User'))
    let tandem: Tandem | undefined
    if (body.matchingTandemId !== null) {
      tandem = (await ports.store.load({ userIds: [], tandemIds: [body.matchingTandemId] })).tandems.get(body.matchingTandemId)
      if (tandem === undefined) return E.left(notFound('Tandem'))
      if (tandem.menteeId !== user.id && tandem.mentorId !== user.id) return tandemRefused
    }
    // The partner's e-mail may be in this mail: docs/product.md#permissions shows it only once both sides accepted.
    const partner =
      tandem?.state === 'MATCHED' ? await ports.users.byId(tandem.menteeId === user.id ? tandem.mentorId : tandem.menteeId) : undefined
    const row = ports.adminNotifications(
      { type: body.notificationType, matchingTandemId: body.matchingTandemId, subject: body.subject, body: body.body },
      { user, tandem, partner },
      ports.clock(),
    )
    if (E.isLeft(row)) return row
    await ports.inOneTransaction(() => ports.outbox.enqueue(row.right))
    return E.right(true)
  }
