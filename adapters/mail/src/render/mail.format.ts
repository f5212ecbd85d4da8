// Dates and links as a recipient reads them: dates in their language's format and the
// organisation's time zone, links absolute to the app's public address.
import type { Instant, Language } from '@tandem/core'
import { DEFAULT_TIME_ZONE, type OrganisationInfo } from '../notification.codec.js'

/** The zone every date a recipient reads is shown in; the spreadsheet exports use it too. */
export const timeZoneOf = (org: Pick<OrganisationInfo, 'timeZone'>): string => org.timeZone ?? DEFAULT_TIME_ZONE

const LOCALES: Readonly<Record<Language, string>> = { en: 'en-GB', de: 'de-DE' }

/**
 * Formatters kept per language, zone and form: building an Intl.DateTimeFormat costs about as much
 * as rendering the rest of a mail, and a matching run renders mails for every proposal.
 */
const formatters = new Map<string, Intl.DateTimeFormat>()
const formatterOf = (language: Language, zone: string, withTime: boolean): Intl.DateTimeFormat => {
  const key = `${language}|${zone}|${withTime ? 'time' : 'date'}`
  let formatter = formatters.get(key)
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(
      LOCALES[language],
      withTime
        ? {
            day: 'numeric',
            month: 'long',
            year: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
            timeZone: zone,
            timeZoneName: 'short',
          }
        : { day: 'numeric', month: 'long', year: 'numeric', timeZone: zone },
    )
    formatters.set(key, formatter)
  }
  return formatter
}

/** "24 November 2026 at 14:30 CET" / "24. November 2026 um 14:30 MEZ". */
export const formatDateTime = (language: Language, org: OrganisationInfo, at: Instant): string =>
  formatterOf(language, timeZoneOf(org), true).format(at)

/** As formatDateTime, in a person's own zone (a meeting's times); the weekday helps across zones. */
export const formatMeetingTime = (language: Language, timeZone: string, at: Instant): string =>
  meetingFormatterOf(language, timeZone).format(at)

const meetingFormatters = new Map<string, Intl.DateTimeFormat>()
const meetingFormatterOf = (language: Language, timeZone: string): Intl.DateTimeFormat => {
  const key = `${language}|${timeZone}`
  let formatter = meetingFormatters.get(key)
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(LOCALES[language], {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
      timeZoneName: 'short',
    })
    meetingFormatters.set(key, formatter)
  }
  return formatter
}

/** "24 November 2026" / "24. November 2026". */
export const formatDate = (language: Language, org: OrganisationInfo, at: Instant): string =>
  formatterOf(language, timeZoneOf(org), false).format(at)

/** The pages of the app a mail can point at (docs/product.md#routes). */
/** `/#waitlist`: the dashboard's waitlist switch (one click there turns it off; the link itself changes nothing). */
export type AppPage = '/' | '/#waitlist' | '/user/mentor-profile' | '/user/mentee-profile' | '/user/account'

export const pageUrl = (org: OrganisationInfo, page: AppPage): string => `${org.publicUrl.replace(/\/+$/, '')}${page}`
