// Reminders: whoever must answer hears 24 h before their deadline, once per deadline; a mentor whose
// saved answers stay unpublished hears 7 days after the last save, once per save.
import { describe, expect, it } from 'vitest'
import {
  DAY,
  HOUR,
  MANUAL_SCORE,
  proposalIdOf,
  tandemIdOf,
  userIdOf,
  type Participant,
  type Proposal,
  type Tandem,
  type UserId,
} from '@tandem/core'
import { remindersDue, type AlreadyReminded, type Person } from '../src/index.js'

const NOW = Date.UTC(2026, 10, 22, 9, 0)
const people = (id: UserId): Person | undefined =>
  id === 99 ? undefined : { id, email: `u${id}@example.org`, firstName: `U${id}`, lastName: 'X', language: id % 2 === 0 ? 'de' : 'en' }
const never: AlreadyReminded = () => false

const proposal = (state: Proposal['state'], deadline: number | null): Proposal => ({
  id: proposalIdOf(tandemIdOf(1), 'Mentee'),
  state,
  deadline,
  decidedAt: null,
  declineReasonId: null,
  comment: null,
  infoText: null,
})
const tandem = (
  id: number,
  menteeId: number,
  mentorId: number,
  mentee: Proposal,
  mentor: Proposal,
  state: Tandem['state'] = 'ACTIVE',
): Tandem => ({
  id: tandemIdOf(id),
  version: 1,
  state,
  menteeId: userIdOf(menteeId),
  mentorId: userIdOf(mentorId),
  clusterId: null,
  createdAt: NOW - DAY,
  manual: false,
  score: MANUAL_SCORE,
  menteeProposal: mentee,
  mentorProposal: mentor,
})
const mentor = (id: number, published: boolean, lastSavedAt: number | null): Participant => ({
  id: userIdOf(id),
  version: 1,
  mentee: null,
  mentor: { status: 'NEW', published, lastPublishedAt: null, lastSavedAt, poolSince: null, capacity: 1 },
})

const summary = (requests: ReturnType<typeof remindersDue>) => requests.map((r) => ({ to: r.to.id, ...r.notification }))

describe('REMINDER_ACTIVE_TANDEM', () => {
  it('reminds a mentee once for all proposals of a run, for the earliest deadline within the next 24 h', () => {
    const soon = NOW + 20 * HOUR
    const tandems = [
      tandem(1, 1, 2, proposal('PROPOSED', soon), proposal('PROPOSED', null)),
      tandem(2, 1, 4, proposal('PROPOSED', soon + 1), proposal('PROPOSED', null)),
    ]
    expect(summary(remindersDue(NOW, { tandems, mentors: [] }, people, never))).toEqual([
      { to: 1, type: 'REMINDER_ACTIVE_TANDEM', data: { audience: 'Mentee', firstName: 'U1', deadline: soon } },
    ])
  })

  it('reminds the mentor whose answer is awaited, with the mentor deadline', () => {
    const soon = NOW + 23 * HOUR
    const tandems = [tandem(1, 1, 2, proposal('ACCEPTED', null), proposal('PROPOSED', soon))]
    expect(summary(remindersDue(NOW, { tandems, mentors: [] }, people, never))).toEqual([
      { to: 2, type: 'REMINDER_ACTIVE_TANDEM', data: { audience: 'Mentor', firstName: 'U2', deadline: soon } },
    ])
  })

  it('does not remind before the 24 h window, after the deadline, for closed tandems, or when already reminded', () => {
    const tandems = [
      tandem(1, 1, 2, proposal('PROPOSED', NOW + 25 * HOUR), proposal('PROPOSED', null)),
      tandem(2, 3, 4, proposal('PROPOSED', NOW), proposal('PROPOSED', null)),
      tandem(3, 5, 6, proposal('PROPOSED', NOW + HOUR), proposal('PROPOSED', null), 'CLOSED'),
      tandem(4, 7, 8, proposal('ACCEPTED', null), proposal('PROPOSED', NOW + HOUR)),
      tandem(5, 9, 10, proposal('ACCEPTED', null), proposal('ACCEPTED', null), 'MATCHED'),
    ]
    const reminded: AlreadyReminded = (userId, type, key) => userId === 8 && type === 'REMINDER_ACTIVE_TANDEM' && key === NOW + HOUR
    expect(remindersDue(NOW, { tandems, mentors: [] }, people, reminded)).toEqual([])
  })

  it('still reminds at the very start of the window, exactly 24 h before the deadline', () => {
    const tandems = [tandem(1, 1, 2, proposal('PROPOSED', NOW + 24 * HOUR), proposal('PROPOSED', null))]
    expect(remindersDue(NOW, { tandems, mentors: [] }, people, never)).toHaveLength(1)
  })
})

describe('REMINDER_UNPUBLISHED_USER_PROFILE', () => {
  it('reminds a mentor 7 days after the last save of unpublished answers, keyed by that save', () => {
    const saved = NOW - 7 * DAY
    const asked: [number, string, number][] = []
    const reminded: AlreadyReminded = (userId, type, key) => {
      asked.push([userId, type, key])
      return false
    }
    expect(summary(remindersDue(NOW, { tandems: [], mentors: [mentor(2, false, saved)] }, people, reminded))).toEqual([
      { to: 2, type: 'REMINDER_UNPUBLISHED_USER_PROFILE', data: { firstName: 'U2', lastSavedAt: saved } },
    ])
    expect(asked).toEqual([[2, 'REMINDER_UNPUBLISHED_USER_PROFILE', saved]])
  })

  it('leaves out published mentors, mentors who never saved, saves younger than 7 days, and mentors already reminded for that save', () => {
    const mentors = [
      mentor(2, true, NOW - 30 * DAY),
      mentor(4, false, null),
      mentor(6, false, NOW - 7 * DAY + 1),
      mentor(8, false, NOW - 9 * DAY),
      mentor(99, false, NOW - 9 * DAY),
    ]
    const reminded: AlreadyReminded = (userId, _type, key) => userId === 8 && key === NOW - 9 * DAY
    expect(remindersDue(NOW, { tandems: [], mentors }, people, reminded)).toEqual([])
  })
})
