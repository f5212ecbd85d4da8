// Reminders in the mail adapter's templates: its rule of which are due (remindersDue) and each one's
// outbox row in the recipient's language, with the deadline or save it is sent once for.
import type { ReminderMailer, ReminderType } from '@tandem/application'
import { prepareNotification, remindersDue, type Notification, type OrganisationInfo } from '@tandem/mail'
import { isRight } from 'fp-ts/lib/Either.js'

/** What a reminder is sent once for: its type and the deadline or save it reminds of. */
const onceKeyOf = (n: Notification): { readonly type: ReminderType; readonly key: number } | undefined => {
  switch (n.type) {
    case 'REMINDER_ACTIVE_TANDEM':
      return { type: n.type, key: n.data.deadline }
    case 'REMINDER_UNPUBLISHED_USER_PROFILE':
      return { type: n.type, key: n.data.lastSavedAt }
    default:
      return undefined
  }
}

export const reminderMailer =
  (org: OrganisationInfo): ReminderMailer =>
  (now, input, contactOf) =>
    remindersDue(now, input, contactOf, () => false).flatMap(({ to, notification }) => {
      const once = onceKeyOf(notification)
      if (once === undefined) return []
      const render = () => {
        const row = prepareNotification(
          notification,
          { recipient: { email: to.email, name: `${to.firstName} ${to.lastName}` }, language: to.language, userId: to.id },
          org,
          now,
        )
        return isRight(row) ? row.right : undefined
      }
      return [{ userId: to.id, ...once, render }]
    })
