// Which domain events notify whom: one NEW_TANDEM per matching run for the mentee, one for the
// mentor once the mentee accepted, APPROVE_TANDEM to both, DECLINE_TANDEM to the mentee only for a
// mentor's decline, and matching switches only when someone other than the mentor made them.
import { describe, expect, it } from 'vitest'
import { HOUR, tandemIdOf, userIdOf, type DomainEvent, type UserId } from '@tandem/core'
import { notificationsForEvents, outboxRowsForEvents, prepareNotification, type Person } from '../src/index.js'
import { org } from './support/samples.js'

const NOW = Date.UTC(2026, 10, 22, 9, 0)
const mia: Person = { id: userIdOf(1), email: 'mia@example.org', firstName: 'Mia', lastName: 'Meier', language: 'de' }
const max: Person = { id: userIdOf(2), email: 'max@example.org', firstName: 'Max', lastName: 'Muster', language: 'en' }
const eva: Person = { id: userIdOf(3), email: 'eva@example.org', firstName: 'Eva', lastName: 'Engel', language: 'en' }
const ben: Person = { id: userIdOf(4), email: 'ben@example.org', firstName: 'Ben', lastName: 'Berg', language: 'de' }
const people = (id: UserId): Person | undefined => [mia, max, eva, ben].find((p) => p.id === id)

const summary = (events: readonly DomainEvent[]) =>
  notificationsForEvents(events, people).map((r) => ({ to: r.to.email, ...r.notification }))

describe('notifications for domain events', () => {
  it('tells the mentee once about all proposals of a run, with the count and the earliest deadline', () => {
    const deadline = NOW + 48 * HOUR
    expect(
      summary([
        { _tag: 'MatchingStarted', menteeId: userIdOf(1) },
        { _tag: 'TandemProposed', tandemId: tandemIdOf(10), menteeId: userIdOf(1), mentorId: userIdOf(2), manual: false, deadline },
        { _tag: 'TandemProposed', tandemId: tandemIdOf(11), menteeId: userIdOf(1), mentorId: userIdOf(3), manual: false, deadline },
        {
          _tag: 'TandemProposed',
          tandemId: tandemIdOf(12),
          menteeId: userIdOf(1),
          mentorId: userIdOf(4),
          manual: false,
          deadline: deadline + 1,
        },
      ]),
    ).toEqual([{ to: 'mia@example.org', type: 'NEW_TANDEM', data: { audience: 'Mentee', firstName: 'Mia', deadline, count: 3 } }])
  })

  it('announces a run the waitlist started with WAITLIST_PROPOSALS instead of NEW_TANDEM, once per mentee', () => {
    const deadline = NOW + 48 * HOUR
    expect(
      summary([
        { _tag: 'TandemProposed', tandemId: tandemIdOf(10), menteeId: userIdOf(1), mentorId: userIdOf(2), manual: false, deadline },
        { _tag: 'TandemProposed', tandemId: tandemIdOf(11), menteeId: userIdOf(1), mentorId: userIdOf(3), manual: false, deadline },
        { _tag: 'WaitlistServed', menteeId: userIdOf(1) },
      ]),
    ).toEqual([{ to: 'mia@example.org', type: 'WAITLIST_PROPOSALS', data: { firstName: 'Mia', deadline, count: 2 } }])
  })

  it("gives each waitlist mail the stop link its caller makes, and asks for none for the run's ordinary mails", () => {
    const deadline = NOW + 48 * HOUR
    const asked: number[] = []
    const stopLinkOf = (menteeId: number) => {
      asked.push(menteeId)
      return `https://tandem.example/waitlist/stop?token=t${menteeId}`
    }
    const requests = notificationsForEvents(
      [
        { _tag: 'TandemProposed', tandemId: tandemIdOf(10), menteeId: userIdOf(1), mentorId: userIdOf(2), manual: false, deadline },
        { _tag: 'WaitlistServed', menteeId: userIdOf(1) },
        { _tag: 'MenteeAccepted', tandemId: tandemIdOf(12), menteeId: userIdOf(1), mentorId: userIdOf(3), deadline },
      ],
      people,
      stopLinkOf,
    )
    expect(requests.map((r) => r.notification)).toEqual([
      { type: 'NEW_TANDEM', data: { audience: 'Mentor', firstName: expect.any(String) as string, deadline } },
      {
        type: 'WAITLIST_PROPOSALS',
        data: { firstName: 'Mia', deadline, count: 1, stopLink: 'https://tandem.example/waitlist/stop?token=t1' },
      },
    ])
    expect(asked).toEqual([1])
  })

  it("tells the mentor a mentee is waiting once the mentee accepted, with the mentor's deadline", () => {
    const deadline = NOW + 72 * HOUR
    expect(summary([{ _tag: 'MenteeAccepted', tandemId: tandemIdOf(10), menteeId: userIdOf(1), mentorId: userIdOf(2), deadline }])).toEqual(
      [{ to: 'max@example.org', type: 'NEW_TANDEM', data: { audience: 'Mentor', firstName: 'Max', deadline } }],
    )
  })

  it('tells the partner of a participant who deleted their account (PARTNER_LEFT), on their own side', () => {
    expect(
      summary([
        { _tag: 'TandemClosed', tandemId: tandemIdOf(10), menteeId: userIdOf(1), mentorId: userIdOf(2), reason: 'Released' },
        { _tag: 'PartnerLeft', tandemId: tandemIdOf(10), partnerId: userIdOf(2), partnerSide: 'Mentor' },
      ]),
    ).toEqual([{ to: 'max@example.org', type: 'PARTNER_LEFT', data: { audience: 'Mentor', firstName: 'Max' } }])
  })

  it('tells the other side of an ended team (TANDEM_ENDED), and both sides when an administrator ended it', () => {
    const ended = (by: 'Mentee' | 'Mentor' | 'Admin'): DomainEvent => ({
      _tag: 'TandemEnded',
      tandemId: tandemIdOf(10),
      menteeId: userIdOf(1),
      mentorId: userIdOf(2),
      by,
      reasonId: 'not-a-good-fit',
      doNotPairAgain: true,
    })
    expect(summary([ended('Mentee')])).toEqual([
      { to: 'max@example.org', type: 'TANDEM_ENDED', data: { audience: 'Mentor', firstName: 'Max', by: 'Partner', mentorPaused: false } },
    ])
    expect(summary([ended('Mentor')])).toEqual([
      { to: 'mia@example.org', type: 'TANDEM_ENDED', data: { audience: 'Mentee', firstName: 'Mia', by: 'Partner', mentorPaused: false } },
    ])
    // The administrator paused the mentor too: one mail says both, no separate DEACTIVATE_USER_PROFILE.
    expect(summary([{ _tag: 'MentorMatchingChanged', mentorId: userIdOf(2), enabled: false, by: 'Admin' }, ended('Admin')])).toEqual([
      { to: 'mia@example.org', type: 'TANDEM_ENDED', data: { audience: 'Mentee', firstName: 'Mia', by: 'Admin', mentorPaused: true } },
      { to: 'max@example.org', type: 'TANDEM_ENDED', data: { audience: 'Mentor', firstName: 'Max', by: 'Admin', mentorPaused: true } },
    ])
  })

  it('tells each side who was shown a released tandem (TANDEM_RELEASED), by an administrator or the end of the year', () => {
    expect(
      summary([
        {
          _tag: 'TandemReleased',
          tandemId: tandemIdOf(10),
          menteeId: userIdOf(1),
          mentorId: userIdOf(2),
          by: 'Admin',
          told: ['Mentee', 'Mentor'],
        },
        { _tag: 'TandemClosed', tandemId: tandemIdOf(10), menteeId: userIdOf(1), mentorId: userIdOf(2), reason: 'Released' },
        {
          _tag: 'TandemReleased',
          tandemId: tandemIdOf(11),
          menteeId: userIdOf(1),
          mentorId: userIdOf(3),
          by: 'ProgramYear',
          told: ['Mentee'],
        },
      ]),
    ).toEqual([
      { to: 'mia@example.org', type: 'TANDEM_RELEASED', data: { audience: 'Mentee', firstName: 'Mia', tandemId: 10, by: 'Admin' } },
      { to: 'max@example.org', type: 'TANDEM_RELEASED', data: { audience: 'Mentor', firstName: 'Max', tandemId: 10, by: 'Admin' } },
      { to: 'mia@example.org', type: 'TANDEM_RELEASED', data: { audience: 'Mentee', firstName: 'Mia', tandemId: 11, by: 'ProgramYear' } },
    ])
  })

  it("sends APPROVE_TANDEM to both sides, each with the other one's contact", () => {
    expect(summary([{ _tag: 'TandemMatched', tandemId: tandemIdOf(10), menteeId: userIdOf(1), mentorId: userIdOf(2) }])).toEqual([
      {
        to: 'mia@example.org',
        type: 'APPROVE_TANDEM',
        data: { audience: 'Mentee', firstName: 'Mia', partner: { firstName: 'Max', lastName: 'Muster', email: 'max@example.org' } },
      },
      {
        to: 'max@example.org',
        type: 'APPROVE_TANDEM',
        data: { audience: 'Mentor', firstName: 'Max', partner: { firstName: 'Mia', lastName: 'Meier', email: 'mia@example.org' } },
      },
    ])
  })

  it("sends DECLINE_TANDEM to the mentee with the mentor's information text, and nothing for the mentee's own decline", () => {
    expect(
      summary([
        {
          _tag: 'TandemDeclined',
          tandemId: tandemIdOf(10),
          by: 'Mentor',
          menteeId: userIdOf(1),
          mentorId: userIdOf(2),
          infoText: 'No time this year.',
        },
        { _tag: 'TandemDeclined', tandemId: tandemIdOf(11), by: 'Mentee', menteeId: userIdOf(1), mentorId: userIdOf(3), infoText: null },
      ]),
    ).toEqual([{ to: 'mia@example.org', type: 'DECLINE_TANDEM', data: { firstName: 'Mia', infoText: 'No time this year.' } }])
  })

  it('tells a mentor about matching switched by an admin or by the 72 h deadline, not about their own switch', () => {
    expect(
      summary([
        { _tag: 'MentorMatchingChanged', mentorId: userIdOf(2), enabled: false, by: 'Deadline' },
        { _tag: 'MentorMatchingChanged', mentorId: userIdOf(3), enabled: true, by: 'Admin' },
        { _tag: 'MentorMatchingChanged', mentorId: userIdOf(4), enabled: false, by: 'Mentor' },
      ]),
    ).toEqual([
      { to: 'max@example.org', type: 'DEACTIVATE_USER_PROFILE', data: { firstName: 'Max', by: 'Deadline' } },
      { to: 'eva@example.org', type: 'ACTIVATE_USER_PROFILE', data: { firstName: 'Eva', by: 'Admin' } },
    ])
  })

  it('skips users it cannot find (deleted meanwhile) instead of failing the transaction', () => {
    expect(summary([{ _tag: 'TandemMatched', tandemId: tandemIdOf(10), menteeId: userIdOf(1), mentorId: userIdOf(99) }])).toEqual([])
  })

  it("builds outbox rows in each recipient's language with the rendered subject", () => {
    const rows = outboxRowsForEvents(
      [{ _tag: 'TandemMatched', tandemId: tandemIdOf(10), menteeId: userIdOf(1), mentorId: userIdOf(2) }],
      people,
      org,
      NOW,
    )
    expect(rows.map((r) => [r.recipient.email, r.language, r.subject, r.userId, r.nextAttemptAt])).toEqual([
      ['mia@example.org', 'de', 'Es passt: Sie und Max sind jetzt ein Tandem', 1, NOW],
      ['max@example.org', 'en', "It's a match: you and Mia are now a tandem", 2, NOW],
    ])
  })

  it('refuses to enqueue for an address that is not an e-mail address, naming the field and the rule', () => {
    const r = prepareNotification(
      { type: 'ADMIN_MESSAGE', data: { subject: 'Hi', body: 'Hello' } },
      { recipient: { email: 'not-an-address', name: 'X' }, language: 'en', userId: userIdOf(1) },
      org,
      NOW,
    )
    expect(r).toEqual({ _tag: 'Left', left: { _tag: 'ValidationFailed', errors: [{ field: 'recipient.email', key: 'invalid-value' }] } })
  })

  it('refuses an admin message with an empty subject or body, with requiredFieldError for each', () => {
    const r = prepareNotification(
      { type: 'ADMIN_MESSAGE', data: { subject: ' ', body: '' } },
      { recipient: { email: 'mia@example.org', name: 'Mia' }, language: 'en', userId: userIdOf(1) },
      org,
      NOW,
    )
    expect(r).toEqual({
      _tag: 'Left',
      left: {
        _tag: 'ValidationFailed',
        errors: [
          { field: 'subject', key: 'requiredFieldError' },
          { field: 'body', key: 'requiredFieldError' },
        ],
      },
    })
  })

  it('refuses a password reset whose link is not an http(s) address', () => {
    const r = prepareNotification(
      { type: 'PASSWORD_RESET', data: { firstName: 'Mia', link: 'javascript:alert(1)', validMinutes: 30 } },
      { recipient: { email: 'mia@example.org', name: 'Mia' }, language: 'de', userId: null },
      org,
      NOW,
    )
    expect(r).toEqual({ _tag: 'Left', left: { _tag: 'ValidationFailed', errors: [{ field: 'link', key: 'invalid-value' }] } })
  })
})
