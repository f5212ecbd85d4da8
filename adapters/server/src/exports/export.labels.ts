// Column headers, sheet names, file names and value formats of the spreadsheet exports, in the
// admin's language (SPEC §9: en-GB or de-DE; 12-hour with AM/PM in English, 24-hour in German).
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

export const SIDE_LABEL = { Mentee: { en: 'Mentee', de: 'Mentee' }, Mentor: { en: 'Mentor', de: 'Mentor*in' }, Both: { en: 'Both', de: 'Beides' } } as const

export const SHEETS = {
  Mentee: { en: 'Mentees', de: 'Mentees' },
  // A sheet name cannot hold '*', so the German sheet takes the gender gap instead of the star.
  Mentor: { en: 'Mentors', de: 'Mentor_innen' },
  teams: { en: 'Matching teams', de: 'Matching-Teams' },
} as const

const YES_NO = { en: ['Yes', 'No'], de: ['Ja', 'Nein'] } as const

export const yesNo = (value: boolean, language: Language): string => YES_NO[language][value ? 0 : 1]

/** The product prefix of every export file (SPEC §9). */
export const FILE_PREFIX = 'tandem'

export const userDataFilename = (side: 'Mentee' | 'Mentor'): string => `${FILE_PREFIX}_${side.toLowerCase()}_user_data.xlsx`
export const teamDataFilename = (): string => `${FILE_PREFIX}_matching_teams_data.xlsx`

const dateTimeFormats = {
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short', hour12: true, timeZone: 'UTC' }),
  de: new Intl.DateTimeFormat('de-DE', { dateStyle: 'short', timeStyle: 'short', hour12: false, timeZone: 'UTC' }),
}
const dateFormats = {
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeZone: 'UTC' }),
  de: new Intl.DateTimeFormat('de-DE', { dateStyle: 'short', timeZone: 'UTC' }),
}

/** An instant as the admin reads it; times are UTC so every admin sees the same sheet. */
export const formatDateTime = (epochMs: number | null, language: Language): string =>
  epochMs === null ? '' : dateTimeFormats[language].format(new Date(epochMs))

/** A date-only value ('1990-05-01'), read as UTC (SPEC §9). */
export const formatDate = (isoDate: string | null, language: Language): string => {
  if (isoDate === null || isoDate === '') return ''
  const ms = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(ms) ? isoDate : dateFormats[language].format(new Date(ms))
}
