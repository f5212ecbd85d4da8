// Which domain events notify whom (docs/product.md#notifications). Pure and synchronous, so the SQLite
// adapter, given this function by the server, can write the outbox rows inside the transaction
// that applies the events.
import * as E from 'fp-ts/lib/Either.js'
import type { DomainEvent, Instant, Language, UserId } from '@tandem/core'
import type { Notification, OrganisationInfo } from './notification.codec.js'
import { prepareNotification, type NewOutboxMessage } from './outbox.port.js'

/** What the mail needs to know about a user. */
export type Person = {
  readonly id: UserId
  readonly email: string
  readonly firstName: string
  readonly lastName: string
  readonly language: Language
}

export type NotificationRequest = { readonly to: Person; readonly notification: Notification }

/**
 * The one-time link of the page that turns a mentee's waitlist off, made for each waitlist mail by
 * the caller (it draws the token and keeps its hash); without it the mail points at the dashboard's switch.
 */
export type StopLinkOf = (menteeId: UserId) => string

export const notificationsForEvents = (
  events: readonly DomainEvent[],
  people: (id: UserId) => Person | undefined,
  stopLinkOf?: StopLinkOf,
): readonly NotificationRequest[] => {
  const requests: NotificationRequest[] = []
  const to = (id: UserId, notification: Notification): void => {
    const person = people(id)
    if (person !== undefined) requests.push({ to: person, notification })
  }
  // One run proposes up to three mentors: the mentee hears about them in one mail, not three.
  const proposals = new Map<UserId, { count: number; deadline: Instant }>()
  for (const event of events) {
    switch (event._tag) {
      case 'TandemProposed': {
        const seen = proposals.get(event.menteeId)
        proposals.set(event.menteeId, { count: (seen?.count ?? 0) + 1, deadline: Math.min(seen?.deadline ?? Infinity, event.deadline) })
        break
      }
      case 'MenteeAccepted': {
        const mentor = people(event.mentorId)
        if (mentor !== undefined)
          to(event.mentorId, { type: 'NEW_TANDEM', data: { audience: 'Mentor', firstName: mentor.firstName, deadline: event.deadline } })
        break
      }
      case 'TandemMatched': {
        const mentee = people(event.menteeId)
        const mentor = people(event.mentorId)
        if (mentee === undefined || mentor === undefined) break
        to(mentee.id, { type: 'APPROVE_TANDEM', data: { audience: 'Mentee', firstName: mentee.firstName, partner: contact(mentor) } })
        to(mentor.id, { type: 'APPROVE_TANDEM', data: { audience: 'Mentor', firstName: mentor.firstName, partner: contact(mentee) } })
        break
      }
      case 'TandemDeclined': {
        // A mentee's own decline needs no mail; a mentor's decline tells the waiting mentee.
        const mentee = people(event.menteeId)
        if (event.by === 'Mentor' && mentee !== undefined)
          to(mentee.id, { type: 'DECLINE_TANDEM', data: { firstName: mentee.firstName, infoText: event.infoText } })
        break
      }
      case 'MentorMatchingChanged': {
        // A mentor's own switch needs no mail; an admin's or the deadline's does, unless it came
        // with the end of the mentor's team, whose mail says so already.
        const mentor = people(event.mentorId)
        const withEnding = events.some((e) => e._tag === 'TandemEnded' && e.mentorId === event.mentorId)
        if (event.by === 'Mentor' || mentor === undefined || withEnding) break
        const data = { firstName: mentor.firstName, by: event.by }
        to(mentor.id, event.enabled ? { type: 'ACTIVATE_USER_PROFILE', data } : { type: 'DEACTIVATE_USER_PROFILE', data })
        break
      }
      case 'PartnerLeft': {
        const partner = people(event.partnerId)
        if (partner !== undefined)
          to(partner.id, { type: 'PARTNER_LEFT', data: { audience: event.partnerSide, firstName: partner.firstName } })
        break
      }
      case 'TandemEnded': {
        // The side who ended it knows; the other is told. An administrator's ending tells both.
        const paused = events.some((e) => e._tag === 'MentorMatchingChanged' && e.mentorId === event.mentorId && !e.enabled)
        for (const [audience, id] of [
          ['Mentee', event.menteeId],
          ['Mentor', event.mentorId],
        ] as const) {
          const person = people(id)
          if (person === undefined || event.by === audience) continue
          const data = {
            audience,
            firstName: person.firstName,
            by: event.by === 'Admin' ? 'Admin' : 'Partner',
            mentorPaused: paused,
          } as const
          to(id, { type: 'TANDEM_ENDED', data })
        }
        break
      }
      case 'TandemReleased': {
        for (const audience of event.told) {
          const id = audience === 'Mentee' ? event.menteeId : event.mentorId
          const person = people(id)
          if (person !== undefined)
            to(id, { type: 'TANDEM_RELEASED', data: { audience, firstName: person.firstName, tandemId: event.tandemId, by: event.by } })
        }
        break
      }
      case 'MatchingStarted':
      case 'MatchingRunAborted':
      case 'NoMatchFound':
      case 'WaitlistServed':
      case 'TandemClosed':
      case 'TandemExpired':
      case 'MentorPublished':
      case 'ClusterDeactivated':
        break
    }
  }
  // A run the waitlist started is announced by the waitlist's mail (with the link to turn it off), not as well by NEW_TANDEM.
  const byWaitlist = new Set(events.flatMap((e) => (e._tag === 'WaitlistServed' ? [e.menteeId] : [])))
  for (const [menteeId, { count, deadline }] of proposals) {
    const mentee = people(menteeId)
    if (mentee === undefined) continue
    if (byWaitlist.has(menteeId)) {
      const data = { firstName: mentee.firstName, deadline, count }
      to(menteeId, { type: 'WAITLIST_PROPOSALS', data: stopLinkOf === undefined ? data : { ...data, stopLink: stopLinkOf(menteeId) } })
    } else to(menteeId, { type: 'NEW_TANDEM', data: { audience: 'Mentee', firstName: mentee.firstName, deadline, count } })
  }
  return requests
}

const contact = (p: Person) => ({ firstName: p.firstName, lastName: p.lastName, email: p.email })

/** The outbox rows for a batch of events; people without a usable address are left out. */
export const outboxRowsForEvents = (
  events: readonly DomainEvent[],
  people: (id: UserId) => Person | undefined,
  org: OrganisationInfo,
  now: Instant,
  stopLinkOf?: StopLinkOf,
): readonly NewOutboxMessage[] => outboxRowsFor(notificationsForEvents(events, people, stopLinkOf), org, now)

/** Outbox rows for notification requests (events, due reminders); unusable addresses are left out. */
export const outboxRowsFor = (requests: readonly NotificationRequest[], org: OrganisationInfo, now: Instant): readonly NewOutboxMessage[] =>
  requests.flatMap(({ to, notification }) => {
    const row = prepareNotification(
      notification,
      { recipient: { email: to.email, name: `${to.firstName} ${to.lastName}`.trim() }, language: to.language, userId: to.id },
      org,
      now,
    )
    return E.isRight(row) ? [row.right] : []
  })
