// The reminder sweep: asks the mail adapter which reminders are due (24 h before an answer
// deadline, 7 days after a mentor saved but did not publish) and writes them to the outbox once.
import type { Participant, Tandem } from '@tandem/core'
import { prepareNotification, remindersDue, type OrganisationInfo, type ReminderType } from '@tandem/mail'
import { insertOutboxRow } from '@tandem/sqlite'
import { isRight } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from './services/index.js'

export const sweepReminders = (ctx: ServiceContext, org: OrganisationInfo): number => {
  const now = ctx.clock()
  // Reading and writing in one BEGIN IMMEDIATE transaction: two sweeps at once (two processes, or a
  // lease that ran out mid-sweep) serialise, and the second sees the first's rows as already sent.
  return ctx.db.transaction(() => {
    const activeIds = ctx.lists.activeTandemIds()
    const tandems: Tandem[] = activeIds.length === 0 ? [] : [...ctx.store.load({ userIds: [], tandemIds: activeIds }).tandems.values()]
    const unpublishedIds = ctx.lists.unpublishedMentorIds()
    const mentors: Participant[] = unpublishedIds.length === 0 ? [] : [...ctx.store.load({ userIds: [], extraUserIds: unpublishedIds }).users.values()]
    const alreadyReminded = (userId: number, type: ReminderType, key: number): boolean =>
      ctx.lists.notifiedAbout(userId, type, type === 'REMINDER_ACTIVE_TANDEM' ? 'deadline' : 'lastSavedAt', key)
    const due = remindersDue(now, { tandems, mentors }, (id) => ctx.store.contactOf(id), alreadyReminded)
    let written = 0
    for (const { to, notification } of due) {
      const row = prepareNotification(notification, { recipient: { email: to.email, name: `${to.firstName} ${to.lastName}` }, language: to.language, userId: to.id }, org, now)
      if (isRight(row)) { insertOutboxRow(ctx.db, row.right); written += 1 }
    }
    return written
  })
}
