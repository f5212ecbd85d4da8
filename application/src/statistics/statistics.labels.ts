// The statistics spreadsheets' sheet names, headers and row labels in the admin's language (the page
// itself is translated by the web app; a downloaded sheet must read the same without it).
import type { Gender, Language, StatisticsChart } from '@tandem/core'

type Bilingual = Readonly<Record<Language, string>>

export const UNKNOWN_LABEL: Bilingual = { en: 'Not given', de: 'Keine Angabe' }

/** The outcomes' row of teams without a program year, and the row of all years together. */
export const NO_YEAR_LABEL: Bilingual = { en: 'No program year', de: 'Ohne Programmjahr' }
export const ALL_YEARS_LABEL: Bilingual = { en: 'All program years', de: 'Alle Programmjahre' }

export const GENDER_LABELS: Readonly<Record<Gender, Bilingual>> = {
  Female: { en: 'Female', de: 'Weiblich' },
  Male: { en: 'Male', de: 'Männlich' },
  'Non-binary': { en: 'Non-binary', de: 'Nicht-binär' },
  NA: UNKNOWN_LABEL,
}

export const CHART_TITLES: Readonly<Record<StatisticsChart, Bilingual>> = {
  funnel: { en: 'Funnel', de: 'Trichter' },
  matching: { en: 'Match rate', de: 'Matching-Quote' },
  expiries: { en: 'Expired proposals', de: 'Abgelaufene Vorschläge' },
  declineReasons: { en: 'Decline reasons', de: 'Ablehnungsgründe' },
  scores: { en: 'Score distribution', de: 'Punkteverteilung' },
  poolBalance: { en: 'Pool balance', de: 'Pool-Verhältnis' },
  breakdowns: { en: 'Breakdowns', de: 'Aufschlüsselung' },
  outcomes: { en: 'Outcomes', de: 'Ergebnisse' },
}

export const STATISTICS_LABELS = {
  stage: { en: 'Stage', de: 'Stufe' },
  mentees: { en: 'Mentees', de: 'Mentees' },
  mentors: { en: 'Mentors', de: 'Mentor*innen' },
  figure: { en: 'Figure', de: 'Kennzahl' },
  value: { en: 'Value', de: 'Wert' },
  side: { en: 'Side', de: 'Seite' },
  reason: { en: 'Reason', de: 'Grund' },
  count: { en: 'Count', de: 'Anzahl' },
  scoreRange: { en: 'Score (percent)', de: 'Punkte (Prozent)' },
  matchedTeams: { en: 'Matched teams', de: 'Gematchte Teams' },
  declinedTeams: { en: 'Declined teams', de: 'Abgelehnte Teams' },
  day: { en: 'Day', de: 'Tag' },
  availableMentors: { en: 'Available mentors', de: 'Verfügbare Mentor*innen' },
  waitingMentees: { en: 'Waiting mentees', de: 'Wartende Mentees' },
  mentorsPerMentee: { en: 'Mentors per waiting mentee', de: 'Mentor*innen je wartendem Mentee' },
  dimension: { en: 'Breakdown', de: 'Merkmal' },
  group: { en: 'Group', de: 'Gruppe' },
  language: { en: 'Account language', de: 'Kontosprache' },
  country: { en: 'Country', de: 'Land' },
  gender: { en: 'Gender', de: 'Geschlecht' },
  fewerThan: { en: 'fewer than {limit}', de: 'weniger als {limit}' },
  hidden: { en: 'not shown (group under {limit})', de: 'nicht angezeigt (Gruppe unter {limit})' },
  started: { en: 'Mentees who started matching', de: 'Mentees, die das Matching gestartet haben' },
  matched: { en: 'Of them matched', de: 'Davon gematcht' },
  rate: { en: 'Match rate (%)', de: 'Matching-Quote (%)' },
  medianHours: { en: 'Median hours from first start to match', de: 'Median der Stunden vom ersten Start bis zum Match' },
  menteeExpired: { en: 'Proposals expired unanswered by the mentee (48 h)', de: 'Vom Mentee unbeantwortet abgelaufene Vorschläge (48 h)' },
  mentorExpired: {
    en: 'Proposals expired unanswered by the mentor (72 h)',
    de: 'Von Mentor*innen unbeantwortet abgelaufene Vorschläge (72 h)',
  },
  mentorsPaused: { en: 'Mentors paused for silence', de: 'Wegen Schweigens pausierte Mentor*innen' },
  registered: { en: 'Registered', de: 'Registriert' },
  profileComplete: { en: 'Profile complete', de: 'Profil vollständig' },
  questionnaireComplete: { en: 'Questionnaire complete', de: 'Fragebogen vollständig' },
  startedMatching: { en: 'Started matching', de: 'Matching gestartet' },
  published: { en: 'Published', de: 'Veröffentlicht' },
  proposed: { en: 'Proposed', de: 'Vorgeschlagen' },
  matchedStage: { en: 'Matched', de: 'Gematcht' },
  programYear: { en: 'Program year', de: 'Programmjahr' },
  teamsAfterDays: { en: 'Teams matched at least {day} days ago', de: 'Teams, die vor mindestens {day} Tagen gematcht wurden' },
  metByDay: { en: 'Met by day {day} (%)', de: 'Bis Tag {day} getroffen (%)' },
  pulseScore: { en: 'Pulse answers with score {score}', de: 'Stimmungsantworten mit Wert {score}' },
  earlyEnding: { en: 'Ended within 90 days: {reason}', de: 'Innerhalb von 90 Tagen beendet: {reason}' },
  sessionTeams: {
    en: 'Teams that ran at least one full month',
    de: 'Teams, die mindestens einen vollen Monat liefen',
  },
  sessionsPerTeamMonth: { en: 'Sessions per team and month', de: 'Treffen pro Team und Monat' },
  meetingMonthly: { en: 'Meeting at least monthly (%)', de: 'Mindestens monatlich getroffen (%)' },
  satisfactionScore: { en: 'Closing surveys with satisfaction {score}', de: 'Abschlussumfragen mit Zufriedenheit {score}' },
} as const satisfies Readonly<Record<string, Bilingual>>

export const statisticsFilename = (chart: StatisticsChart): string => `tandem_statistics_${chart}.xlsx`
