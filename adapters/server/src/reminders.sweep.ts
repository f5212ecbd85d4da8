// The reminder sweep: asks the mail adapter which reminders are due (24 h before an answer
// deadline, 7 days after a mentor saved but did not publish) and writes them to the outbox once.
import { type Participant, type Tandem, type UserId } from '@tandem/core'
import { prepareNotification, remindersDue, type OrganisationInfo, type ReminderType } from '@tandem/mail'
import { insertOutboxRow, type Contact, type Database, type NewOutboxRow } from '@tandem/store'
import { isRight } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '@tandem/application'

/** The sweep runs beside the services: it reads through them and writes its rows in one transaction. */
export type ReminderSweepContext = Pick<ServiceContext, 'clock' | 'lists' | 'store'> & { readonly db: Database }

export const sweepReminders = async (ctx: ReminderSweepContext, org: OrganisationInfo): Promise<number> => {
  const now = ctx.clock()
  const activeIds = await ctx.lists.activeTandemIds()
  const tandems: Tandem[] =
    activeIds.length === 0 ? [] : [...(await ctx.store.load({ userIds: [], tandemIds: activeIds })).tandems.values()]
  const unpublishedIds = await ctx.lists.unpublishedMentorIds()
  const mentors: Participant[] =
    unpublishedIds.length === 0 ? [] : [...(await ctx.store.load({ userIds: [], extraUserIds: unpublishedIds })).users.values()]
  const alreadyReminded = async (userId: UserId, type: ReminderType, key: number): Promise<boolean> =>
    await ctx.lists.notifiedAbout(userId, type, type === 'REMINDER_ACTIVE_TANDEM' ? 'deadline' : 'lastSavedAt', key)
  // The mail adapter decides synchronously: the contacts are read first, and whether a reminder was
  // written already is asked of its candidates afterwards (without the write lock, so that those
  // reminded before are not rendered), and again inside the transaction that writes the rest.
  const contacts = new Map<number, Contact>()
  for (const id of new Set([...tandems.flatMap((t) => [t.menteeId, t.mentorId]), ...mentors.map((m) => m.id)])) {
    const contact = await ctx.store.contactOf(id)
    if (contact !== undefined) contacts.set(id, contact)
  }
  const candidates = remindersDue(
    now,
    { tandems, mentors },
    (id) => contacts.get(id),
    () => false,
  )
  const due: (typeof candidates)[number][] = []
  for (const candidate of candidates) {
    const { type, key } = onceKeyOf(candidate.notification)
    if (type !== undefined && !(await alreadyReminded(candidate.to.id, type, key))) due.push(candidate)
  }
  type Due = { readonly row: NewOutboxRow; readonly userId: UserId; readonly type: ReminderType; readonly key: number }
  const rows = due.flatMap(({ to, notification: n }): Due[] => {
    const row = prepareNotification(
      n,
      { recipient: { email: to.email, name: `${to.firstName} ${to.lastName}` }, language: to.language, userId: to.id },
      org,
      now,
    )
    if (!isRight(row)) return []
    const { type, key } = onceKeyOf(n)
    return type === undefined ? [] : [{ row: row.right, userId: to.id, type, key }]
  })
  if (rows.length === 0) return 0
  // Checked again inside one BEGIN IMMEDIATE transaction: two sweeps at once (two processes, or a
  // lease that ran out mid-sweep) serialise here, and the second finds the first's rows. Reading
  // and rendering stay outside, so the write lock is held only for the inserts.
  return ctx.db.transaction(async () => {
    let written = 0
    for (const { row, userId, type, key } of rows) {
      if (await alreadyReminded(userId, type, key)) continue
      await insertOutboxRow(ctx.db, row)
      written += 1
    }
    return written
  })
}

/** What a reminder is sent once for: its type and the deadline or save it reminds of. */
const onceKeyOf = (
  n: Parameters<typeof prepareNotification>[0],
): { readonly type: ReminderType; readonly key: number } | { readonly type: undefined; readonly key: 0 } => {
  switch (n.type) {
    case 'REMINDER_ACTIVE_TANDEM':
      return { type: n.type, key: n.data.deadline }
    case 'REMINDER_UNPUBLISHED_USER_PROFILE':
      return { type: n.type, key: n.data.lastSavedAt }
    default:
      return { type: undefined, key: 0 }
  }
}
