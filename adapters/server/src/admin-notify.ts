// POST /api/Notification/NotifyUser: an administrator sends one of the template notifications to a
// user again. Builds the template's data from the stored tandem where the template needs one.
import type { Tandem, UserId } from '@tandem/core'
import { prepareNotification, type Notification, type OrganisationInfo } from '@tandem/mail'
import type { Database, UserRecord, UsersRepository, WorldStore } from '@tandem/sqlite'
import { insertOutboxRow } from '@tandem/sqlite'
import { isRight } from 'fp-ts/lib/Either.js'

type Deps = { readonly db: Database; readonly users: UsersRepository; readonly store: WorldStore; readonly org: OrganisationInfo; readonly now: () => number }

const notificationFor = (type: string, user: UserRecord, tandem: Tandem | undefined, partner: UserRecord | undefined): Notification | null => {
  const firstName = user.firstName
  const audience = tandem === undefined ? 'Mentee' : tandem.mentorId === user.id ? 'Mentor' : 'Mentee'
  const deadline = tandem === undefined ? null : audience === 'Mentee' ? tandem.menteeProposal.deadline : tandem.mentorProposal.deadline
  switch (type) {
    case 'ACTIVATE_USER_PROFILE': return { type, data: { firstName, by: 'Admin' } }
    case 'DEACTIVATE_USER_PROFILE': return { type, data: { firstName, by: 'Admin' } }
    case 'REMINDER_UNPUBLISHED_USER_PROFILE': return user.participant.mentor?.lastSavedAt == null ? null : { type, data: { firstName, lastSavedAt: user.participant.mentor.lastSavedAt } }
    case 'DECLINE_TANDEM': return { type, data: { firstName, infoText: tandem?.mentorProposal.infoText ?? null } }
    case 'NEW_TANDEM': return deadline === null ? null : { type, data: { audience, firstName, deadline } }
    case 'REMINDER_ACTIVE_TANDEM': return deadline === null ? null : { type, data: { audience, firstName, deadline } }
    case 'APPROVE_TANDEM': return partner === undefined ? null : { type, data: { audience, firstName, partner: { firstName: partner.firstName, lastName: partner.lastName, email: partner.email } } }
    default: return null
  }
}

/** Enqueues the notification; false when the template cannot be filled for this user. */
export const adminNotify = (deps: Deps) => (userId: UserId, type: string, data: Readonly<Record<string, unknown>>): boolean => {
  const user = deps.users.byId(userId)
  if (user === undefined) return false
  const tandemId = typeof data['matchingTandemId'] === 'number' ? data['matchingTandemId'] : null
  const tandem = tandemId === null ? undefined : deps.store.load({ userIds: [], tandemIds: [tandemId] }).tandems.get(tandemId)
  if (tandem !== undefined && tandem.menteeId !== userId && tandem.mentorId !== userId) return false
  const partner = tandem === undefined ? undefined : deps.users.byId(tandem.menteeId === userId ? tandem.mentorId : tandem.menteeId)
  const notification = notificationFor(type, user, tandem, partner)
  if (notification === null) return false
  const row = prepareNotification(notification, { recipient: { email: user.email, name: `${user.firstName} ${user.lastName}` }, language: user.language, userId }, deps.org, deps.now())
  if (isRight(row)) insertOutboxRow(deps.db, row.right)
  return isRight(row)
}
