// Which reminders are due now: REMINDER_ACTIVE_TANDEM to whoever must answer within the next 24 h,
// REMINDER_UNPUBLISHED_USER_PROFILE to a mentor whose saved answers stayed unpublished for 7 days.
// Pure: the sweep passes the live tandems, the mentors and a look-up of reminders already written.
import { DAY, HOUR, type Instant, type Participant, type Tandem, type UserId } from '@tandem/core'
import type { NotificationRequest, Person } from './notification.events.js'

/** Reminders go out this long before a proposal's deadline (REMINDER_ACTIVE_TANDEM). */
export const ACTIVE_TANDEM_REMINDER_LEAD = 24 * HOUR
/** A mentor's saved but unpublished answers are recalled this long after the last save, once. */
export const UNPUBLISHED_PROFILE_REMINDER_AFTER = 7 * DAY

export type ReminderType = 'REMINDER_ACTIVE_TANDEM' | 'REMINDER_UNPUBLISHED_USER_PROFILE'

/**
 * Whether this reminder was already written to the outbox. `key` is the instant the reminder is
 * about: the deadline (data.deadline) or the last save (data.lastSavedAt). Keying by it makes
 * "once" survive restarts and sweeps of any frequency: one reminder per deadline, one per save.
 */
export type AlreadyReminded = (userId: UserId, type: ReminderType, key: Instant) => boolean

export const remindersDue = (
  now: Instant,
  input: { readonly tandems: readonly Tandem[]; readonly mentors: readonly Participant[] },
  people: (id: UserId) => Person | undefined,
  alreadyReminded: AlreadyReminded,
): readonly NotificationRequest[] => {
  const inWindow = (deadline: Instant | null): deadline is Instant =>
    deadline !== null && deadline > now && deadline - ACTIVE_TANDEM_REMINDER_LEAD <= now
  const requests: NotificationRequest[] = []
  const remind = (id: UserId, make: (p: Person) => NotificationRequest['notification'], type: ReminderType, key: Instant): void => {
    const person = people(id)
    if (person !== undefined && !alreadyReminded(id, type, key)) requests.push({ to: person, notification: make(person) })
  }

  // A mentee choosing among several proposals of one run gets one reminder, for the earliest deadline.
  const menteeDeadlines = new Map<UserId, Instant>()
  for (const t of input.tandems) {
    if (t.state !== 'ACTIVE') continue
    const mentee = t.menteeProposal
    if (mentee.state === 'PROPOSED' && inWindow(mentee.deadline))
      menteeDeadlines.set(t.menteeId, Math.min(menteeDeadlines.get(t.menteeId) ?? Infinity, mentee.deadline))
    const mentor = t.mentorProposal
    if (mentee.state === 'ACCEPTED' && mentor.state === 'PROPOSED' && inWindow(mentor.deadline)) {
      const deadline = mentor.deadline
      remind(
        t.mentorId,
        (p) => ({ type: 'REMINDER_ACTIVE_TANDEM', data: { audience: 'Mentor', firstName: p.firstName, deadline } }),
        'REMINDER_ACTIVE_TANDEM',
        deadline,
      )
    }
  }
  for (const [menteeId, deadline] of menteeDeadlines)
    remind(
      menteeId,
      (p) => ({ type: 'REMINDER_ACTIVE_TANDEM', data: { audience: 'Mentee', firstName: p.firstName, deadline } }),
      'REMINDER_ACTIVE_TANDEM',
      deadline,
    )

  for (const participant of input.mentors) {
    const side = participant.mentor
    if (side === null || side.published || side.lastSavedAt === null || now < side.lastSavedAt + UNPUBLISHED_PROFILE_REMINDER_AFTER)
      continue
    const lastSavedAt = side.lastSavedAt
    remind(
      participant.id,
      (p) => ({ type: 'REMINDER_UNPUBLISHED_USER_PROFILE', data: { firstName: p.firstName, lastSavedAt } }),
      'REMINDER_UNPUBLISHED_USER_PROFILE',
      lastSavedAt,
    )
  }
  return requests
}
