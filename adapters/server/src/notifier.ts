// Domain events to outbox rows, with the mail adapter's rules; handed to the world store so the
// rows are written in the transaction of the state change.
import type { OrganisationInfo } from '@tandem/mail'
import { outboxRowsForEvents } from '@tandem/mail'
import type { Notifier } from '@tandem/store'

export const mailNotifier =
  (org: OrganisationInfo): Notifier =>
  (events, contactOf, now) =>
    outboxRowsForEvents(events, (id) => contactOf(id), org, now)
