// POST /api/Notification/NotifyUser: an administrator sends a user their own message (ADMIN_MESSAGE)
// or one of the template notifications again, through the outbox like every other notification.
import {
  fieldError,
  notFound,
  validationFailed,
  type DomainError,
  type NotifyUserPayload,
  type Tandem,
  type TandemId,
  type UserId,
} from '@tandem/core'
import { prepareNotification, type Notification, type OrganisationInfo } from '@tandem/mail'
import type { Database, NewOutboxRow, UserRecord, UsersRepository, WorldStore } from '@tandem/store'
import { insertOutboxRow } from '@tandem/store'
import * as E from 'fp-ts/lib/Either.js'

type Deps = {
  readonly db: Database
  readonly users: UsersRepository
  readonly store: WorldStore
  readonly org: OrganisationInfo
  readonly now: () => number
}

export type AdminNotifyRequest = {
  readonly type: string
  readonly matchingTandemId: TandemId | null
  readonly subject?: string | undefined
  readonly body?: string | undefined
}

const tandemRefused = E.left(validationFailed([fieldError('matchingTandemId', 'invalid-value')]))

/** The template's data for this user, from the stored tandem where the template needs one. */
const notificationFor = (
  request: AdminNotifyRequest,
  user: UserRecord,
  tandem: Tandem | undefined,
  partner: UserRecord | undefined,
): E.Either<DomainError, Notification> => {
  const firstName = user.firstName
  const audience = tandem === undefined ? 'Mentee' : tandem.mentorId === user.id ? 'Mentor' : 'Mentee'
  const deadline = tandem === undefined ? null : audience === 'Mentee' ? tandem.menteeProposal.deadline : tandem.mentorProposal.deadline
  const { type } = request
  switch (type) {
    case 'ADMIN_MESSAGE':
      return E.right({ type, data: { subject: request.subject ?? '', body: request.body ?? '', firstName } })
    case 'ACTIVATE_USER_PROFILE':
      return E.right({ type, data: { firstName, by: 'Admin' } })
    case 'DEACTIVATE_USER_PROFILE':
      return E.right({ type, data: { firstName, by: 'Admin' } })
    case 'REMINDER_UNPUBLISHED_USER_PROFILE': {
      const lastSavedAt = user.participant.mentor?.lastSavedAt
      return lastSavedAt == null
        ? E.left(validationFailed([fieldError('notificationType', 'invalid-value')]))
        : E.right({ type, data: { firstName, lastSavedAt } })
    }
    case 'DECLINE_TANDEM':
      return E.right({ type, data: { firstName, infoText: tandem?.mentorProposal.infoText ?? null } })
    case 'NEW_TANDEM':
      return deadline === null ? tandemRefused : E.right({ type, data: { audience, firstName, deadline } })
    case 'REMINDER_ACTIVE_TANDEM':
      return deadline === null ? tandemRefused : E.right({ type, data: { audience, firstName, deadline } })
    case 'APPROVE_TANDEM':
      // The partner's e-mail is in this mail: docs/product.md#permissions shows it only once both sides accepted.
      return tandem?.state !== 'MATCHED' || partner === undefined
        ? tandemRefused
        : E.right({
            type,
            data: { audience, firstName, partner: { firstName: partner.firstName, lastName: partner.lastName, email: partner.email } },
          })
    default:
      return E.left(validationFailed([fieldError('notificationType', 'invalid-value')]))
  }
}

/** The outbox row an administrator's notification becomes; nothing is written. */
export const prepareAdminNotification =
  (deps: Deps) =>
  async (userId: UserId, request: AdminNotifyRequest): Promise<E.Either<DomainError, NewOutboxRow>> => {
    const user = await deps.users.byId(userId)
    if (user === undefined) return E.left(notFound('User'))
    let tandem: Tandem | undefined
    if (request.matchingTandemId !== null) {
      tandem = (await deps.store.load({ userIds: [], tandemIds: [request.matchingTandemId] })).tandems.get(request.matchingTandemId)
      if (tandem === undefined) return E.left(notFound('Tandem'))
      if (tandem.menteeId !== userId && tandem.mentorId !== userId) return tandemRefused
    }
    const partner = tandem === undefined ? undefined : await deps.users.byId(tandem.menteeId === userId ? tandem.mentorId : tandem.menteeId)
    return E.chain((notification: Notification) =>
      prepareNotification(
        notification,
        { recipient: { email: user.email, name: `${user.firstName} ${user.lastName}` }, language: user.language, userId },
        deps.org,
        deps.now(),
      ),
    )(notificationFor(request, user, tandem, partner))
  }

/** POST /api/Notification/NotifyUser with its reasons: an unknown user is NotFound, a template that
 *  cannot be filled (APPROVE_TANDEM of a tandem not MATCHED) or an empty message is ValidationFailed
 *  with message keys, and nothing is written. */
export const notifyUserService =
  (deps: Deps) =>
  async (body: NotifyUserPayload): Promise<E.Either<DomainError, boolean>> => {
    const user = await deps.users.byEmail(body.email)
    if (user === undefined) return E.left(notFound('User'))
    const row = await prepareAdminNotification(deps)(user.id, {
      type: body.notificationType,
      matchingTandemId: body.matchingTandemId,
      subject: body.subject,
      body: body.body,
    })
    if (E.isLeft(row)) return row
    await insertOutboxRow(deps.db, row.right)
    return E.right(true)
  }
