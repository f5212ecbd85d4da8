// The delivery worker: claims due outbox messages under a lease, renders them in the recipient's
// language, hands them to the transport and records the outcome. The server calls `runOnce` on a
// schedule; any number of workers may share one outbox.
import * as E from 'fp-ts/lib/Either.js'
import { HOUR, MINUTE, type Instant, type Language } from '@tandem/core'
import type { MailLog } from './mail.log.js'
import { MeetingMailData, type Notification, type OrganisationInfo, type Recipient } from './notification.codec.js'
import { meetingCalendarFile, meetingSummary } from './meeting.calendar.js'
import type { OutboxMessage, OutboxPort } from './outbox.port.js'
import { renderNotification, renderStored } from './render/notification.render.js'
import type { RenderedMail } from './render/mail.layout.js'
import { errorText, isPermanentFailure, type MailTransport, type OutgoingMail } from './transport.port.js'

export type DeliveryWorkerOptions = {
  readonly outbox: OutboxPort
  readonly transport: MailTransport
  readonly now: () => Instant
  readonly org: OrganisationInfo
  /** Unique per process (host and pid, say); each round leases as `${worker}#${round}`. */
  readonly worker: string
  readonly log: MailLog
  /** Wait after the n-th failed attempt (n >= 1) before the next. */
  readonly backoff?: (attempt: number) => number
  /** Attempts before a temporarily failing message is given up as failed. */
  readonly maxAttempts?: number
  readonly batchSize?: number
  /** How long a claim is exclusive. Must exceed a batch's sending time; see docs/notifications.md. */
  readonly leaseMs?: number
}

export type DeliveryReport = {
  readonly claimed: number
  readonly sent: number
  readonly retried: number
  readonly failed: number
  /** Claimed, but the lease was lost before sending: left to whoever holds it now. */
  readonly skipped: number
  /** Expired leases: never tried and queued again. */
  readonly requeued: number
  /** Expired leases of messages handed to the transport: queued again (at least once). */
  readonly interrupted: number
  /** Expired leases of messages interrupted on every attempt: failed. */
  readonly abandoned: number
}

type Outcome = 'sent' | 'retried' | 'failed' | 'skipped'

export type DeliveryWorker = {
  /** One round: recover expired leases, claim a batch, deliver it. Rejects only when the outbox
   *  store itself fails; a message that cannot be sent is recorded, never thrown. */
  readonly runOnce: () => Promise<DeliveryReport>
}

/** 1 min, 2 min, 4 min, ... capped at 6 h: a short outage costs minutes, a long one few attempts. */
export const exponentialBackoff =
  (base: number = MINUTE, max: number = 6 * HOUR) =>
  (attempt: number): number =>
    Math.min(max, base * 2 ** Math.max(0, attempt - 1))

export const DEFAULT_MAX_ATTEMPTS = 10
export const DEFAULT_BATCH_SIZE = 20
export const DEFAULT_LEASE_MS = 10 * MINUTE

/** `<tandem-outbox-42@tandem.example.org>`: the same for every try of one outbox row. */
export const outboxMessageId = (org: OrganisationInfo, id: number): string =>
  `<tandem-outbox-${id}@${new URL(org.publicUrl).hostname || 'localhost'}>`

/** The message for one outbox row: the stored subject (what the admin's history shows), the
 *  rendered parts, a stable Message-ID and headers that say what it is. */
export const composeOutboxMail = (org: OrganisationInfo, m: OutboxMessage, rendered: RenderedMail): OutgoingMail => ({
  to: m.recipient,
  subject: m.subject.trim() === '' ? rendered.subject : m.subject,
  text: rendered.text,
  html: rendered.html,
  messageId: outboxMessageId(org, m.id),
  headers: {
    'Content-Language': m.language,
    'X-Tandem-Notification': m.type,
    'X-Tandem-Outbox-Id': String(m.id),
    // RFC 3834: keeps out-of-office replies away from system mail; an admin's message is personal.
    ...(m.type === 'ADMIN_MESSAGE' ? {} : { 'Auto-Submitted': 'auto-generated' }),
  },
  ...meetingFileOf(org, m),
})

/** A meeting mail's calendar file, written from its stored data (stamped with the row's creation, so a retry sends the same file). */
const meetingFileOf = (org: OrganisationInfo, m: OutboxMessage): Pick<OutgoingMail, 'icalEvent'> => {
  if (!m.type.startsWith('MEETING_') || !MeetingMailData.is(m.data)) return {}
  const d = m.data
  const slot = d.slots[0]
  if (d.calendar === null || slot === undefined) return {}
  const language = m.language === 'de' ? 'de' : 'en'
  const content = meetingCalendarFile(org, d.calendar, {
    uid: d.uid,
    sequence: d.sequence,
    cancelled: d.calendar === 'CANCEL',
    start: slot.start,
    minutes: slot.minutes,
    timeZone: d.eventTimeZone,
    summary: meetingSummary(language, d.partnerName),
    description: d.agenda,
    link: d.link,
    place: d.place,
    stamp: m.createdAt,
  })
  return { icalEvent: { method: d.calendar, filename: 'meeting.ics', content } }
}

/**
 * A notification sent at once, outside the outbox: for mail that is useless later and must not be
 * kept, such as a password reset (the link expires; the user simply asks again if it is lost).
 */
export const composeDirectMail = (
  notification: Notification,
  to: { readonly recipient: Recipient; readonly language: Language },
  org: OrganisationInfo,
  messageId: string,
): OutgoingMail => {
  const rendered = renderNotification(notification.type, to.language, notification.data, org)
  return {
    to: to.recipient,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    messageId,
    headers: { 'Content-Language': to.language, 'X-Tandem-Notification': notification.type, 'Auto-Submitted': 'auto-generated' },
  }
}

export const createDeliveryWorker = (options: DeliveryWorkerOptions): DeliveryWorker => {
  const { outbox, transport, now, org, worker, log } = options
  const backoff = options.backoff ?? exponentialBackoff()
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS

  const deliver = async (m: OutboxMessage, owner: string): Promise<Outcome> => {
    const rendered = renderStored(m, org)
    if (E.isLeft(rendered)) {
      log.error({ outboxId: m.id, type: m.type, reason: rendered.left.reason }, 'notification cannot be rendered; marked failed')
      await outbox.markFailed(m.id, rendered.left.reason, owner)
      return 'failed'
    }
    // The last check before the point of no return: only the lease holder, within its lease, sends.
    if (!(await outbox.markAttempt(m.id, now(), owner))) return 'skipped'
    const attempt = m.attempts + 1
    try {
      await transport.send(composeOutboxMail(org, m, rendered.right))
    } catch (error) {
      const reason = errorText(error)
      if (isPermanentFailure(error) || attempt >= maxAttempts) {
        log.warn({ outboxId: m.id, type: m.type, attempt, reason }, 'notification not deliverable; marked failed')
        await outbox.markFailed(m.id, reason, owner)
        return 'failed'
      }
      const nextAttemptAt = now() + backoff(attempt)
      log.info({ outboxId: m.id, type: m.type, attempt, nextAttemptAt, reason }, 'notification delivery failed; will retry')
      await outbox.markRetry(m.id, nextAttemptAt, reason, owner)
      return 'retried'
    }
    await outbox.markSent(m.id, now(), owner)
    return 'sent'
  }

  // Each round leases under its own name: if a scheduler ever overlaps two rounds of one process,
  // a stale round cannot act on rows a later round of the same process has claimed again.
  let round = 0
  return {
    runOnce: async () => {
      round += 1
      const owner = `${worker}#${round}`
      const start = now()
      const recovered = await outbox.recoverExpired(start, maxAttempts)
      if (recovered.interrupted > 0)
        log.warn(
          { interrupted: recovered.interrupted },
          'notifications interrupted while sending are sent again (a receiver may see a duplicate with the same Message-ID)',
        )
      if (recovered.abandoned > 0)
        log.error({ abandoned: recovered.abandoned }, 'notifications interrupted on every attempt were marked failed')
      const claimed = await outbox.claimDue(start, batchSize, start + leaseMs, owner)
      const counts: Record<Outcome, number> = { sent: 0, retried: 0, failed: 0, skipped: 0 }
      for (const message of claimed) counts[await deliver(message, owner)] += 1
      return { claimed: claimed.length, ...counts, ...recovered }
    },
  }
}
