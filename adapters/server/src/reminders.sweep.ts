// The reminder sweep (application's sweepReminders) over one database handle: the scheduler tests
// pass a handle that fails mid-sweep to prove its rows commit together or not at all. The server
// itself wires the sweep from its ports (server.ts).
import { sweepReminders as sweepRemindersOf, type ServiceContext } from '@tandem/application'
import type { OrganisationInfo } from '@tandem/mail'
import { createOutboxRepository, type Database } from '@tandem/store'
import { reminderMailer } from './reminders.mailer.js'

export type ReminderSweepContext = Pick<ServiceContext, 'clock' | 'lists' | 'store'> & { readonly db: Database }

export const sweepReminders = async (ctx: ReminderSweepContext, org: OrganisationInfo): Promise<number> =>
  await sweepRemindersOf({
    ...ctx,
    outbox: createOutboxRepository(ctx.db),
    inOneTransaction: ctx.db.transaction,
    reminderMails: reminderMailer(org),
  })
