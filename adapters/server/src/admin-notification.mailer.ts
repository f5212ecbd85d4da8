// An administrator's notification (NotifyUser) in the mail adapter's templates: their own message
// (ADMIN_MESSAGE) or one of the template notifications again, filled from the stored user and tandem.
import type { AdminNotificationMailer, AdminNotificationRequest, UserRecord } from '@tandem/application'
import { fieldError, validationFailed, type DomainError, type Tandem } from '@tandem/core'
import { prepareNotification, type Notification, type OrganisationInfo } from '@tandem/mail'
import * as E from 'fp-ts/lib/Either.js'

const tandemRefused = E.left(validationFailed([fieldError('matchingTandemId', 'invalid-value')]))

/** The template's data for this user, from the stored tandem where the template needs one. */
const notificationFor = (
  request: AdminNotificationRequest,
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

export const adminNotificationMailer =
  (org: OrganisationInfo): AdminNotificationMailer =>
  (request, { user, tandem, partner }, now) =>
    E.chain((notification: Notification) =>
      prepareNotification(
        notification,
        { recipient: { email: user.email, name: `${user.firstName} ${user.lastName}` }, language: user.language, userId: user.id },
        org,
        now,
      ),
    )(notificationFor(request, user, tandem, partner))
