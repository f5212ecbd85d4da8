// The mails the use cases write to the outbox, rendered by the mail adapter's templates (the server
// wires them in): the use case decides who is written to and when, the mailer the text.
import type { DomainError, Instant, Participant, Tandem, TandemId, UserId } from '@tandem/core'
import type { Either } from 'fp-ts/lib/Either.js'
import type { Contact, NewOutboxRow, RetentionPerson, UserRecord } from './store/index.js'

/** An administrator's notification to one user (POST /api/Notification/NotifyUser). */
export type AdminNotificationRequest = {
  readonly type: string
  readonly matchingTandemId: TandemId | null
  readonly subject?: string | undefined
  readonly body?: string | undefined
}

/**
 * The outbox row of an administrator's notification: ValidationFailed with message keys when the
 * template cannot be filled (an unknown type, a tandem without the deadline the template names).
 * `partner` is given only for a MATCHED tandem (docs/product.md#permissions).
 */
export type AdminNotificationMailer = (
  request: AdminNotificationRequest,
  about: { readonly user: UserRecord; readonly tandem: Tandem | undefined; readonly partner: UserRecord | undefined },
  now: Instant,
) => Either<DomainError, NewOutboxRow>

export type ReminderType = 'REMINDER_ACTIVE_TANDEM' | 'REMINDER_UNPUBLISHED_USER_PROFILE'

/**
 * A reminder due now, sent once per `key`: the deadline or the save it reminds of. `render` makes its
 * outbox row (undefined when the template refuses it); the sweep renders only those not yet sent.
 */
export type DueReminder = {
  readonly userId: UserId
  readonly type: ReminderType
  readonly key: Instant
  readonly render: () => NewOutboxRow | undefined
}

/** Which reminders are due now among the live tandems and the unpublished mentors (docs/notifications.md). */
export type ReminderMailer = (
  now: Instant,
  input: { readonly tandems: readonly Tandem[]; readonly mentors: readonly Participant[] },
  contactOf: (id: UserId) => Contact | undefined,
) => readonly DueReminder[]

/** The notice sent 30 days before the retention sweep erases a person (docs/privacy.md). */
export type RetentionNoticeMailer = (
  person: RetentionPerson,
  notice: { readonly erasureFrom: Instant; readonly months: number },
  now: Instant,
) => NewOutboxRow | undefined
