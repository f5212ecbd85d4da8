// Date display of docs/product.md#constants: en-GB or de-DE, date-only values read as UTC, birth dates dd.mm.yyyy.
import type { Language } from '@tandem/core'
import { localeOf } from '../i18n/i18n.js'

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A birth date as dd.mm.yyyy whatever the language (the account's read-only box). */
export const formatBirthDate = (value: string | null | undefined): string => {
  if (value === null || value === undefined || value === '') return '-'
  const m = DATE_ONLY.exec(value.slice(0, 10))
  return m === null ? '-' : `${m[3]}.${m[2]}.${m[1]}`
}

/** Date and time of an instant (ISO text or epoch ms), 24-hour in German, 12-hour in English. */
export const formatDateTime = (value: string | number, language: Language): string =>
  new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    hour12: language === 'en',
  }).format(new Date(value))

/** A day in the same words as formatDateTime's (2 Dec 2026, 02.12.2026 in German): lists that show both read as one. */
export const formatDay = (value: string | number, language: Language): string =>
  new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' }).format(new Date(value))

export const formatDate = (value: string | number, language: Language): string => {
  const date = typeof value === 'string' && DATE_ONLY.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value)
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'short',
    timeZone: typeof value === 'string' && DATE_ONLY.test(value) ? 'UTC' : undefined,
  }).format(date)
}

/** Two-digit hours and minutes (the countdown card). */
export const twoDigits = (n: number): string => String(Math.max(0, Math.floor(n))).padStart(2, '0')
