// The reminder sweep (docs/notifications.md): asks the reminder mailer which reminders are due (24 h
// before an answer deadline, 7 days after a mentor saved but did not publish) and writes each once.
import type { Participant, Tandem, UserId } from '@tandem/core'
import type { Clock } from '../ports/clock.port.js'
import type { DueReminder, ReminderMailer, ReminderType } from '../ports/mail.port.js'
import type { Contact, ListQueries, NewOutboxRow, OutboxRepository, WorldStore } from '../ports/store/index.js'

export type ReminderSweepPorts = {
  readonly clock: Clock
  readonly lists: Pick<ListQueries, 'activeTandemIds' | 'unpublishedMentorIds' | 'notifiedAbout'>
  readonly store: Pick<WorldStore, 'load' | 'contactOf'>
  readonly outbox: Pick<OutboxRepository, 'enqueue'>
  readonly inOneTransaction: <T>(work: () => Promise<T>) => Promise<T>
  readonly reminderMails: ReminderMailer
}

/** Writes the due reminders to the outbox; answers how many. */
export const sweepReminders = async (ports: ReminderSweepPorts): Promise<number> => {
  const now = ports.clock()
  const activeIds = await ports.lists.activeTandemIds()
  const tandems: Tandem[] =
    activeIds.length === 0 ? [] : [...(await ports.store.load({ userIds: [], tandemIds: activeIds })).tandems.values()]
  const unpublishedIds = await ports.lists.unpublishedMentorIds()
  const mentors: Participant[] =
    unpublishedIds.length === 0 ? [] : [...(await ports.store.load({ userIds: [], extraUserIds: unpublishedIds })).users.values()]
  const alreadyReminded = async (userId: UserId, type: ReminderType, key: number): Promise<boolean> =>
    await ports.lists.notifiedAbout(userId, type, type === 'REMINDER_ACTIVE_TANDEM' ? 'deadline' : 'lastSavedAt', key)
  // The mailer decides synchronously: the contacts are read first, and whether a reminder was
  // written already is asked of its candidates afterwards (without the write lock, so that those
  // reminded before are not rendered), and again inside the transaction that writes the rest.
  const contacts = new Map<number, Contact>()
  for (const id of new Set([...tandems.flatMap((t) => [t.menteeId, t.mentorId]), ...mentors.map((m) => m.id)])) {
    const contact = await ports.store.contactOf(id)
    if (contact !== undefined) contacts.set(id, contact)
  }
  const due: DueReminder[] = []
  for (const candidate of ports.reminderMails(now, { tandems, mentors }, (id) => contacts.get(id)))
    if (!(await alreadyReminded(candidate.userId, candidate.type, candidate.key))) due.push(candidate)
  const rows = due.flatMap((reminder): { readonly row: NewOutboxRow; readonly reminder: DueReminder }[] => {
    const row = reminder.render()
    return row === undefined ? [] : [{ row, reminder }]
  })
  if (rows.length === 0) return 0
  // Checked again inside one transaction: two sweeps at once (two processes, or a lease that ran out
  // mid-sweep) serialise here, and the second finds the first's rows. Reading and rendering stay
  // outside, so the write lock is held only for the inserts.
  return ports.inOneTransaction(async () => {
    let written = 0
    for (const { row, reminder } of rows) {
      if (await alreadyReminded(reminder.userId, reminder.type, reminder.key)) continue
      await ports.outbox.enqueue(row)
      written += 1
    }
    return written
  })
}
