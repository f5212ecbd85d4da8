// Times of meetings in a person's time zone (docs/web.md#meetings): the server speaks UTC instants;
// the person reads and enters wall times (a day and a time) in their own zone, an IANA name the
// browser's Intl knows. Across a change of daylight saving time the offset is the one of that day.
import type { Language } from '@tandem/core'
import { localeOf } from '../../i18n/i18n.js'

const DAY_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME_TEXT = /^(\d{2}):(\d{2})$/

const wallParts = (instant: number, zone: string) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant))
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? '0')
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute'), second: get('second') }
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
const offsetAt = (instant: number, zone: string): number => {
  const p = wallParts(instant, zone)
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - (instant - (((instant % 1000) + 1000) % 1000))
}

/**
 * The instant of a wall time (`2026-03-29`, `14:30`) in `zone`; null when the day or the time is not
 * one. A time the clocks skip (the hour of the change to summer time) counts with the offset before it.
 */
export const instantOfWallTime = (day: string, time: string, zone: string): number | null => {
  const d = DAY_TEXT.exec(day)
  const t = TIME_TEXT.exec(time)
  if (d === null || t === null) return null
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]))
  if (Number.isNaN(wall) || Number(t[1]) > 23 || Number(t[2]) > 59) return null
  const first = wall - offsetAt(wall, zone)
  return wall - offsetAt(first, zone)
}

const two = (n: number) => String(n).padStart(2, '0')

/** The wall day and time of an instant in `zone` (to fill a form with a meeting's time). */
export const wallTimeOf = (instant: number, zone: string): { readonly day: string; readonly time: string } => {
  const p = wallParts(instant, zone)
  return { day: `${p.year}-${two(p.month)}-${two(p.day)}`, time: `${two(p.hour)}:${two(p.minute)}` }
}

/** A slot in words in `zone`: `Thu, 10 Dec 2026, 14:00–15:00` (`Do., 10.12.2026, 14:00–15:00`). */
export const formatSlot = (start: string, end: string, zone: string, language: Language): string => {
  const day = new Intl.DateTimeFormat(localeOf(language), {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  })
  const time = new Intl.DateTimeFormat(localeOf(language), { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
  return `${day.format(new Date(start))}, ${time.format(new Date(start))}–${time.format(new Date(end))}`
}

/** A day in `zone` (a session's date). */
export const formatDayIn = (instant: string, zone: string, language: Language): string =>
  new Intl.DateTimeFormat(localeOf(language), { timeZone: zone, dateStyle: 'medium' }).format(new Date(instant))

/** The time zones the browser knows, the person's own first when it is missing from the list. */
export const knownTimeZones = (own: string): readonly string[] => {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return all.includes(own) ? all : [own, ...all]
}
