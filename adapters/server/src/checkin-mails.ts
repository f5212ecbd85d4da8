// Check-in mails (docs/notifications.md): the application's CheckInMail as one of the mail adapter's
// four check-in notifications, rendered into an outbox row in the recipient's language.
import type { CheckInMailer } from '@tandem/application'
import { prepareNotification, type Notification, type OrganisationInfo } from '@tandem/mail'
import { isRight } from 'fp-ts/lib/Either.js'

export const checkInMailer =
  (org: OrganisationInfo): CheckInMailer =>
  (mail, now) => {
    const base = { audience: mail.side, firstName: mail.to.firstName, link: mail.link }
    const notification: Notification = mail.reminder
      ? { type: 'CHECK_IN_REMINDER', data: { ...base, question: mail.occasion.kind } }
      : mail.occasion.kind === 'Met'
        ? { type: 'CHECK_IN_MET', data: base }
        : mail.occasion.kind === 'Pulse'
          ? { type: 'CHECK_IN_PULSE', data: base }
          : { type: 'CHECK_IN_CLOSING', data: base }
    const row = prepareNotification(
      notification,
      {
        recipient: { email: mail.to.email, name: `${mail.to.firstName} ${mail.to.lastName}` },
        language: mail.to.language,
        userId: mail.to.id,
      },
      org,
      now,
    )
    return isRight(row) ? row.right : undefined
  }
