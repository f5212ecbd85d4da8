// The user-data export of one side (SPEC §9): program year, role and status always, then the
// selected option groups: basic account, extended account and profile information.
import type { ExportUserDataRequest, Language, ProfileQuestion, Side } from '@tandem/core'
import type { ExportUserRow } from '@tandem/sqlite'
import { HEADERS, SIDE_LABEL, formatDate, formatDateTime, yesNo, type HeaderKey } from './export.labels.js'
import type { SheetColumn } from './sheet.writer.js'

/** Turns ids into names in the admin's language (countries, federal states, account languages). */
export type ExportNames = {
  readonly country: (id: number | null, language: Language) => string
  readonly federalState: (id: number | null, language: Language) => string
  readonly accountLanguage: (code: string, language: Language) => string
}

type Column = SheetColumn & { readonly value: (row: ExportUserRow) => string | number }

const column = (key: HeaderKey, language: Language, width: number, value: Column['value']): Column =>
  ({ header: HEADERS[key][language], width, value })

const roleOf = (row: ExportUserRow, side: Side): 'Mentee' | 'Mentor' | 'Both' =>
  row.roles.includes('Both') || (row.roles.includes('Mentee') && row.roles.includes('Mentor')) ? 'Both' : side

export const userDataColumns = (
  request: ExportUserDataRequest,
  language: Language,
  names: ExportNames,
  profileQuestions: readonly ProfileQuestion[],
): readonly Column[] => {
  const side = request.role
  const always = [
    column('programYear', language, 16, (r) => r.programYear ?? ''),
    column('role', language, 10, (r) => SIDE_LABEL[roleOf(r, side)][language]),
    column('status', language, 12, (r) => r.status),
  ]
  const basic = request.includeBasicAccountInformation ? [
    column('firstName', language, 16, (r) => r.firstName),
    column('lastName', language, 16, (r) => r.lastName),
    column('email', language, 28, (r) => r.email),
    column('gender', language, 12, (r) => r.gender),
    column('registrationDate', language, 20, (r) => formatDateTime(r.registeredAt, language)),
    column('accountLanguage', language, 14, (r) => names.accountLanguage(r.language, language)),
  ] : []
  const extended = request.includeExtededAccountInformation ? [
    column('birthDate', language, 14, (r) => formatDate(r.birthDate, language)),
    column('country', language, 16, (r) => names.country(r.countryCodeId, language)),
    column('federalState', language, 18, (r) => names.federalState(r.stateOriginalId, language)),
    column('city', language, 16, (r) => r.city),
    column('professionalPosition', language, 22, (r) => r.professionalPosition),
    column('company', language, 20, (r) => r.company),
    ...(side === 'Mentee'
      ? [column('lastStartedMatching', language, 20, (r) => formatDateTime(r.menteeLastStartedAt, language))]
      : [
          column('published', language, 10, (r) => yesNo(r.mentorPublished, language)),
          column('lastPublished', language, 20, (r) => formatDateTime(r.mentorLastPublishedAt, language)),
        ]),
  ] : []
  const profile = request.includeProfileInformation
    ? profileQuestions.filter((q) => q.side === side || q.side === 'All').map((q): Column => ({
        header: q.text[language], width: 30,
        value: (r) => r.profileAnswers.find((a) => a.questionId === q.userQuestionOriginalId)?.answer ?? '',
      }))
    : []
  return [...always, ...basic, ...extended, ...profile]
}

export function* userDataRows(rows: Iterable<ExportUserRow>, columns: readonly Column[]): Generator<readonly (string | number)[]> {
  for (const row of rows) yield columns.map((c) => c.value(row))
}
