// The rules of a meeting proposal and a logged session (docs/mentorship.md#meetings): one to three
// slots of 15 minutes to 4 hours, after now and within a year, not overlapping; online with an
// http(s) link or in person at a place; agenda, place and notes plain text within their lengths.
import { fieldError, type FieldError } from '../messages.js'
import { containsMarkup } from '../shared/plain-text.js'
import { DAY, MINUTE, type Instant } from '../shared/time.js'
import type { Meeting, MeetingMode, MeetingProposal, Slot } from './meeting.codec.js'

export const MEETING_SLOTS_MIN = 1
export const MEETING_SLOTS_MAX = 3
export const MEETING_MINUTES_MIN = 15
export const MEETING_MINUTES_MAX = 240
/** How far ahead a slot may lie. */
export const MEETING_HORIZON = 365 * DAY
export const MEETING_AGENDA_MAX = 1000
export const MEETING_PLACE_MAX = 200
export const MEETING_LINK_MAX = 500
export const MEETING_NOTE_MAX = 500
/** A session logged by hand may lie up to a year back. */
export const SESSION_LOG_HORIZON = 365 * DAY

export const slotEnd = (slot: Slot): Instant => slot.start + slot.minutes * MINUTE

const overlaps = (a: Slot, b: Slot): boolean => a.start < slotEnd(b) && b.start < slotEnd(a)

/** The refusals of one slot list: count, lengths, past or too far ahead, overlaps. */
export const slotErrors = (now: Instant, slots: readonly Slot[], field = 'slots'): FieldError[] => {
  if (slots.length < MEETING_SLOTS_MIN || slots.length > MEETING_SLOTS_MAX)
    return [fieldError(field, 'meeting-slot-count', { min: MEETING_SLOTS_MIN, max: MEETING_SLOTS_MAX })]
  const errors: FieldError[] = []
  slots.forEach((slot, i) => {
    const at = `${field}[${i}]`
    if (!Number.isSafeInteger(slot.minutes) || slot.minutes < MEETING_MINUTES_MIN || slot.minutes > MEETING_MINUTES_MAX)
      errors.push(fieldError(`${at}.minutes`, 'meeting-slot-length', { min: MEETING_MINUTES_MIN, max: MEETING_MINUTES_MAX }))
    if (!Number.isFinite(slot.start) || slot.start <= now) errors.push(fieldError(`${at}.start`, 'meeting-slot-in-past'))
    else if (slot.start > now + MEETING_HORIZON) errors.push(fieldError(`${at}.start`, 'meeting-slot-too-far'))
    if (slots.some((other, j) => j < i && overlaps(other, slot))) errors.push(fieldError(`${at}.start`, 'meeting-slots-overlap'))
  })
  return errors
}

/**
 * The WHATWG URL parser, a global of every runtime core runs in (Node.js, browsers), though not of
 * the ES library core is built against: declared here with the little this rule reads of it.
 */
declare const URL: new (input: string) => { readonly protocol: string; readonly hostname: string }

/** Whether `link` is an absolute http or https address. */
export const isMeetingLink = (link: string): boolean => {
  if (link.length > MEETING_LINK_MAX || /\s/.test(link)) return false
  try {
    const url = new URL(link)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0
  } catch {
    return false
  }
}

/** A plain text of at most `max` characters; `required`: not blank. */
export const plainTextErrors = (field: string, text: string, max: number, required: boolean): FieldError[] => {
  if (required && text.trim().length === 0) return [fieldError(field, 'requiredFieldError')]
  if (text.length > max) return [fieldError(field, 'max-characters-exceeded-error', { max })]
  if (containsMarkup(text)) return [fieldError(field, 'meeting-text-markup')]
  return []
}

const modeErrors = (mode: MeetingMode): FieldError[] =>
  mode.kind === 'Online'
    ? isMeetingLink(mode.link)
      ? []
      : [fieldError('link', 'meeting-link-http')]
    : plainTextErrors('place', mode.place, MEETING_PLACE_MAX, true)

/** Every refusal of a proposal at `now`; empty when it may be made. */
export const proposalErrors = (now: Instant, proposal: MeetingProposal): FieldError[] => [
  ...slotErrors(now, proposal.slots),
  ...modeErrors(proposal.mode),
  ...plainTextErrors('agenda', proposal.agenda, MEETING_AGENDA_MAX, false),
]

/** A note of asking for other times, moving or cancelling (may be empty). */
export const noteErrors = (note: string): FieldError[] => plainTextErrors('note', note, MEETING_NOTE_MAX, false)

/** A session logged by hand: it started in the past year, not in the future, and lasted 15 min–4 h. */
export const sessionErrors = (now: Instant, session: { readonly startedAt: Instant; readonly minutes: number }): FieldError[] => [
  ...(!Number.isSafeInteger(session.minutes) || session.minutes < MEETING_MINUTES_MIN || session.minutes > MEETING_MINUTES_MAX
    ? [fieldError('minutes', 'meeting-slot-length', { min: MEETING_MINUTES_MIN, max: MEETING_MINUTES_MAX })]
    : []),
  ...(session.startedAt > now
    ? [fieldError('startedAt', 'session-in-future')]
    : session.startedAt < now - SESSION_LOG_HORIZON
      ? [fieldError('startedAt', 'session-too-old')]
      : []),
]

/** The reminder goes out this long before a confirmed meeting. */
export const MEETING_REMINDER_BEFORE = DAY

/**
 * When a meeting's reminder is due: a day before a confirmed meeting's start, unless it was
 * confirmed (or moved) less than a day before it (its own mail is reminder enough); null otherwise.
 */
export const meetingReminderAt = (meeting: Meeting): Instant | null => {
  const slot = meeting.slots[0]
  if (meeting.state !== 'Confirmed' || slot === undefined) return null
  const at = slot.start - MEETING_REMINDER_BEFORE
  return at >= meeting.updatedAt ? at : null
}

/** Whether the reminder may go out at `now`: due, and the meeting not begun. */
export const isMeetingReminderDue = (meeting: Meeting, now: Instant): boolean => {
  const at = meetingReminderAt(meeting)
  const slot = meeting.slots[0]
  return at !== null && slot !== undefined && at <= now && now < slot.start
}
