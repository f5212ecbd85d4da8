// Domain events to outbox rows, with the mail adapter's rules; handed to the world store so the
// rows are written in the transaction of the state change. A waitlist mail gets a one-time stop
// link here: its token goes into the mail, only its hash to the store (with the mail).
import { randomBytes } from 'node:crypto'
import { hashToken, type NewWaitlistStopLink } from '@tandem/application'
import { WAITLIST_STOP_LINK_VALID, type UserId } from '@tandem/core'
import type { OrganisationInfo } from '@tandem/mail'
import { outboxRowsForEvents } from '@tandem/mail'
import type { Notifier } from '@tandem/store'

/** The page of a waitlist mail's stop link (web/src/features/waitlist). */
export const WAITLIST_STOP_PATH = '/waitlist/stop'

export const mailNotifier =
  (org: OrganisationInfo): Notifier =>
  (events, contactOf, now) => {
    const stopLinks: NewWaitlistStopLink[] = []
    const stopLinkOf = (menteeId: UserId): string => {
      const token = randomBytes(32).toString('base64url')
      stopLinks.push({ tokenHash: hashToken(token), menteeId, expiresAt: now + WAITLIST_STOP_LINK_VALID })
      return `${org.publicUrl.replace(/\/$/, '')}${WAITLIST_STOP_PATH}?token=${token}`
    }
    const rows = outboxRowsForEvents(events, (id) => contactOf(id), org, now, stopLinkOf)
    return { rows, stopLinks }
  }
