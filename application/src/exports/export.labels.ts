// Column headers, sheet names, file names and value formats of the spreadsheet exports, in the
// admin's language (docs/product.md#constants: en-GB or de-DE; 12-hour with AM/PM in English, 24-hour in German).
import type { Language } from '@tandem/core'

export const HEADERS = {
  role: { en: 'Role', de: 'Rolle' },
  status: { en: 'Status', de: 'Status' },
  programYear: { en: 'Program year', de: 'Programmjahr' },
  firstName: { en: 'First name', de: 'Vorname' },
  lastName: { en: 'Last name', de: 'Nachname' },
  email: { en: 'E-mail', de: 'E-Mail' },
  gender: { en: 'Gender', de: 'Geschlecht' },
  registrationDate: { en: 'Registration date', de: 'Registrierungsdatum' },
  accountLanguage: { en: 'Account language', de: 'Kontosprache' },
  birthDate: { en: 'Date of birth', de: 'Geburtsdatum' },
  country: { en: 'Country', de: 'Land' },
  federalState: { en: 'Federal state', de: 'Bundesland' },
  city: { en: 'City', de: 'Stadt' },
  professionalPosition: { en: 'Professional position', de: 'Berufliche Position' },
  company: { en: 'Company', de: 'Unternehmen' },
  lastStartedMatching: { en: 'Last started matching', de: 'Matching zuletzt gestartet' },
  lastPublished: { en: 'Last published profile', de: 'Profil zuletzt veröffentlicht' },
  places: { en: 'Places taken / capacity', de: 'Belegte Plätze / Kapazität' },
  published: { en: 'Profile published', de: 'Profil veröffentlicht' },
  teamId: { en: 'MT_ID', de: 'MT_ID' },
  teamStatus: { en: 'Team status', de: 'Team-Status' },
  menteeStatus: { en: 'Mentee status', de: 'Mentee-Status' },
  mentorStatus: { en: 'Mentor status', de: 'Mentor*in-Status' },
  createdDate: { en: 'Creation date', de: 'Erstellungsdatum' },
  baseScore: { en: 'Score', de: 'Punkte' },
  maxScore: { en: 'Maximum score', de: 'Maximale Punkte' },
  percentage: { en: 'Percentage', de: 'Prozent' },
  manual: { en: 'Manual matching', de: 'Manuelles Matching' },
  proposalId: { en: 'proposal P_ID', de: 'Vorschlag P_ID' },
  proposalState: { en: 'proposal status', de: 'Vorschlagsstatus' },
  deadline: { en: 'answer deadline', de: 'Antwortfrist' },
  decidedAt: { en: 'answered on', de: 'beantwortet am' },
  declineReason: { en: 'decline reason', de: 'Ablehnungsgrund' },
  comment: { en: 'comment', de: 'Kommentar' },
  infoText: { en: 'information for the mentee', de: 'Information für den Mentee' },
} as const

export type HeaderKey = keyof typeof HEADERS

export const SIDE_LABEL = {
  Mentee: { en: 'Mentee', de: 'Mentee' },
  Mentor: { en: 'Mentor', de: 'Mentor*in' },
  Both: { en: 'Both', de: 'Beides' },
} as const

export const SHEETS = {
  Mentee: { en: 'Mentees', de: 'Mentees' },
  // A sheet name cannot hold '*', so the German sheet takes the gender gap instead of the star.
  Mentor: { en: 'Mentors', de: 'Mentor_innen' },
  teams: { en: 'Matching teams', de: 'Matching-Teams' },
} as const

const YES_NO = { en: ['Yes', 'No'], de: ['Ja', 'Nein'] } as const

export const yesNo = (value: boolean, language: Language): string => YES_NO[language][value ? 0 : 1]

/** The product prefix of every export file (docs/product.md#constants). */
export const FILE_PREFIX = 'tandem'

export const userDataFilename = (side: 'Mentee' | 'Mentor'): string => `${FILE_PREFIX}_${side.toLowerCase()}_user_data.xlsx`
export const teamDataFilename = (): string => `${FILE_PREFIX}_matching_teams_data.xlsx`

/** Excel number formats of date cells (docs/product.md#constants: 12-hour with AM/PM in English, 24-hour in German). */
export const DATE_TIME_FORMAT = { en: 'dd/mm/yyyy h:mm AM/PM', de: 'dd.mm.yyyy hh:mm' } as const
export const DATE_FORMAT = { en: 'dd/mm/yyyy', de: 'dd.mm.yyyy' } as const

const wallClockParts = new Map<string, Intl.DateTimeFormat>()

/**
 * An instant as a date cell: Excel cells have no zone, so the cell holds the wall-clock time of the
 * organisation's zone (the one the mails show) in a Date whose UTC fields carry it.
 */
export const dateTimeCell = (epochMs: number | null, timeZone: string): Date | '' => {
  if (epochMs === null) return ''
  let format = wallClockParts.get(timeZone)
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    wallClockParts.set(timeZone, format)
  }
  const part = Object.fromEntries(format.formatToParts(new Date(epochMs)).map((p) => [p.type, Number(p.value)]))
  return new Date(Date.UTC(part['year']!, part['month']! - 1, part['day'], part['hour'], part['minute'], part['second'], epochMs % 1000))
}

/** A date-only value ('1990-05-01') as a date cell, read as UTC (docs/product.md#constants); text that is no date stays text. */
export const dateCell = (isoDate: string | null): Date | string => {
  if (isoDate === null || isoDate === '') return ''
  const ms = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(ms) ? isoDate : new Date(ms)
}

/** A person's role in an export row: both roles held read 'Both', otherwise the side exported. */
export const roleLabel = (roles: readonly string[], side: 'Mentee' | 'Mentor', language: Language): string =>
  SIDE_LABEL[roles.includes('Both') || (roles.includes('Mentee') && roles.includes('Mentor')) ? 'Both' : side][language]
