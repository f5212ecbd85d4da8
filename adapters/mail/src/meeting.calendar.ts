// The iCalendar files of meetings (RFC 5545, written by ical-generator): one event per meeting with
// a stable UID and its SEQUENCE, start and end in the zone the time was set in (its VTIMEZONE
// carried), METHOD REQUEST or CANCEL in a mail, PUBLISH in a person's feed (docs/notifications.md#meetings).
import ical, { ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from 'ical-generator'
import { DateTime, IANAZone } from 'luxon'
import { tzlib_get_ical_block } from 'timezones-ical-library'
import type { Language } from '@tandem/core'
import type { OrganisationInfo } from './notification.codec.js'

/** One meeting as a calendar event. */
export type CalendarEvent = {
  readonly uid: string
  readonly sequence: number
  readonly cancelled: boolean
  readonly start: number
  readonly minutes: number
  readonly timeZone: string
  readonly summary: string
  readonly description: string
  readonly link: string | null
  readonly place: string | null
  /** When the event last changed (DTSTAMP). */
  readonly stamp: number
}

/** `tandem-meeting-42@host`: the same for every file of one meeting, so calendars update their entry. */
export const meetingUid = (org: Pick<OrganisationInfo, 'publicUrl'>, meetingId: number): string =>
  `tandem-meeting-${meetingId}@${new URL(org.publicUrl).hostname || 'localhost'}`

const vtimezones = new Map<string, string | null>()
/** The VTIMEZONE of a zone (looked up once per zone); UTC needs none. */
const vtimezone = (zone: string): string | null => {
  if (zone === 'UTC' || zone === 'Etc/UTC') return null
  let block = vtimezones.get(zone)
  if (block === undefined) {
    const found = tzlib_get_ical_block(zone)
    block = Array.isArray(found) ? (found[0] ?? null) : null
    vtimezones.set(zone, block)
  }
  return block
}

const calendarOf = (org: OrganisationInfo, method: ICalCalendarMethod, name: string | null): ICalCalendar =>
  ical({
    method,
    prodId: { company: org.name, product: 'Tandem', language: 'EN' },
    ...(name === null ? {} : { name }),
    timezone: { name: null, generator: vtimezone },
  })

const HOUR_MS = 3_600_000
/** The zone's offset from UTC at `at`, in milliseconds (luxon keeps one zone object per name). */
const offsetIn = (zone: string, at: number): number => IANAZone.create(zone).offset(at) * 60_000

/**
 * Whether `at` falls in the hour a zone repeats when it leaves summer time: its wall-clock time then
 * names two instants (one at each offset), and parsers disagree on which one a TZID time means.
 * Such an event is written in UTC, which names one.
 */
export const isAmbiguousIn = (zone: string, at: number): boolean => {
  const before = offsetIn(zone, at - 3 * HOUR_MS)
  const after = offsetIn(zone, at + 3 * HOUR_MS)
  if (before <= after) return false
  const wall = at + offsetIn(zone, at)
  return offsetIn(zone, wall - before) === before && offsetIn(zone, wall - after) === after
}

const addEvent = (calendar: ICalCalendar, org: OrganisationInfo, e: CalendarEvent): void => {
  const end = e.start + e.minutes * 60_000
  const zone = isAmbiguousIn(e.timeZone, e.start) || isAmbiguousIn(e.timeZone, end) ? 'UTC' : e.timeZone
  calendar.createEvent({
    id: e.uid,
    sequence: e.sequence,
    stamp: new Date(e.stamp),
    start: DateTime.fromMillis(e.start),
    end: DateTime.fromMillis(end),
    timezone: zone,
    summary: e.summary,
    description: e.description,
    status: e.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: org.name, email: org.email },
    ...(e.place === null ? {} : { location: e.place }),
    ...(e.link === null ? {} : { url: e.link, location: e.link }),
  })
}

/** The file a meeting mail carries: REQUEST adds or updates the entry, CANCEL removes it. */
export const meetingCalendarFile = (org: OrganisationInfo, method: 'REQUEST' | 'CANCEL', event: CalendarEvent): string => {
  const calendar = calendarOf(org, method === 'REQUEST' ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL, null)
  addEvent(calendar, org, event)
  return calendar.toString()
}

/** A person's feed: every meeting with an agreed time, cancelled ones marked so. */
export const calendarFeedFile = (org: OrganisationInfo, name: string, events: readonly CalendarEvent[]): string => {
  const calendar = calendarOf(org, ICalCalendarMethod.PUBLISH, name)
  for (const e of events) addEvent(calendar, org, e)
  return calendar.toString()
}

/** The event's title and text in the person's language (names and agenda are the pair's plain text). */
export const meetingSummary = (language: Language, partnerName: string): string =>
  language === 'de' ? `Tandem: Treffen mit ${partnerName}` : `Tandem: meeting with ${partnerName}`
