// The attention-list export (docs/admin.md#teams-needing-attention): one row per MATCHED team that
// needs an administrator's attention, with its program year, match date, days since the match and
// the reasons in the admin's language. It names no one: the team id leads to the team's detail.
import type { AttentionReason, Language } from '@tandem/core'
import type { AttentionRow } from '../ports/services.port.js'
import { DATE_FORMAT, FILE_PREFIX, dateTimeCell } from './export.labels.js'
import type { CellValue, SheetColumn } from './sheet.writer.js'

export const ATTENTION_SHEET = { en: 'Teams needing attention', de: 'Teams mit Handlungsbedarf' } as const

export const attentionFilename = (): string => `${FILE_PREFIX}_teams_needing_attention.xlsx`

const ATTENTION_HEADERS = {
  teamId: { en: 'MT_ID', de: 'MT_ID' },
  programYear: { en: 'Program year', de: 'Programmjahr' },
  matchedOn: { en: 'Matched on', de: 'Gematcht am' },
  days: { en: 'Days since the match', de: 'Tage seit dem Match' },
  reasons: { en: 'Reasons', de: 'Gründe' },
} as const

/** A reason as the admin reads it: which side, and the pulse's score. */
export const attentionReasonText = (reason: AttentionReason, language: Language): string => {
  const en = language === 'en'
  switch (reason._tag) {
    case 'NotMetByDay21':
      return en ? 'Not met by day 21' : 'Bis Tag 21 nicht getroffen'
    case 'NoSessionFor30Days':
      return en ? 'No session for 30 days' : 'Seit 30 Tagen kein Treffen'
    case 'CannotReachPartner':
      return reason.side === 'Mentee'
        ? en
          ? 'The mentee cannot reach the mentor'
          : 'Der Mentee erreicht die Mentor*in nicht'
        : en
          ? 'The mentor cannot reach the mentee'
          : 'Die Mentor*in erreicht den Mentee nicht'
    case 'LowPulse':
      return reason.side === 'Mentee'
        ? en
          ? `Low pulse from the mentee (${reason.score} of 5)`
          : `Niedrige Bewertung des Mentees (${reason.score} von 5)`
        : en
          ? `Low pulse from the mentor (${reason.score} of 5)`
          : `Niedrige Bewertung der Mentor*in (${reason.score} von 5)`
    case 'TwoUnansweredInARow':
      return reason.side === 'Mentee'
        ? en
          ? 'The mentee left two questions in a row unanswered'
          : 'Der Mentee hat zwei Fragen nacheinander nicht beantwortet'
        : en
          ? 'The mentor left two questions in a row unanswered'
          : 'Die Mentor*in hat zwei Fragen nacheinander nicht beantwortet'
  }
}

export const attentionColumns = (language: Language): readonly SheetColumn[] => [
  { header: ATTENTION_HEADERS.teamId[language], width: 10 },
  { header: ATTENTION_HEADERS.programYear[language], width: 18 },
  { header: ATTENTION_HEADERS.matchedOn[language], width: 14, numFmt: DATE_FORMAT[language] },
  { header: ATTENTION_HEADERS.days[language], width: 14 },
  { header: ATTENTION_HEADERS.reasons[language], width: 60 },
]

export const attentionCells = (row: AttentionRow, programYear: string, language: Language, timeZone: string): readonly CellValue[] => [
  row.matchingTandemId,
  programYear,
  dateTimeCell(Date.parse(row.matchedAt), timeZone),
  row.daysSinceMatch,
  row.reasons.map((r) => attentionReasonText(r, language)).join('; '),
]
