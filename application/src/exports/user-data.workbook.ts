// The user-data export of one side (docs/product.md#constants): program year, role and status always, then the
// selected option groups: basic account, extended account and profile information.
import { asksProfileQuestion, type ExportUserDataRequest, type Language, type ProfileQuestion } from '@tandem/core'
import type { ExportUserRow } from '../ports/store/index.js'
import { DATE_FORMAT, DATE_TIME_FORMAT, HEADERS, dateCell, dateTimeCell, roleLabel, yesNo, type HeaderKey } from './export.labels.js'
import type { CellValue, SheetColumn } from './sheet.writer.js'

/** Turns ids into names in the admin's language (countries, federal states, account languages). */
export type ExportNames = {
  readonly country: (id: number | null, language: Language) => string
  readonly federalState: (id: number | null, language: Language) => string
  readonly accountLanguage: (code: string, language: Language) => string
}

type Column = SheetColumn & { readonly value: (row: ExportUserRow) => CellValue }

const column = (key: HeaderKey, language: Language, width: number, value: Column['value']): Column => ({
  header: HEADERS[key][language],
  width,
  value,
})

export const userDataColumns = (
  request: ExportUserDataRequest,
  language: Language,
  names: ExportNames,
  profileQuestions: readonly ProfileQuestion[],
  timeZone: string,
): readonly Column[] => {
  const dateTime = (key: HeaderKey, width: number, at: (r: ExportUserRow) => number | null): Column => ({
    ...column(key, language, width, (r) => dateTimeCell(at(r), timeZone)),
    numFmt: DATE_TIME_FORMAT[language],
  })
  const side = request.role
  const always = [
    column('programYear', language, 16, (r) => r.programYear ?? ''),
    column('role', language, 10, (r) => roleLabel(r.roles, side, language)),
    column('status', language, 12, (r) => r.status),
    // A mentor's places: "places taken / capacity" (docs/matching.md#places).
    ...(side === 'Mentor'
      ? [
          column('places', language, 12, (r) =>
            r.mentorPlaces === undefined ? '' : `${r.mentorPlaces.taken} / ${r.mentorPlaces.capacity}`,
          ),
        ]
      : []),
  ]
  const basic = request.includeBasicAccountInformation
    ? [
        column('firstName', language, 16, (r) => r.firstName),
        column('lastName', language, 16, (r) => r.lastName),
        column('email', language, 28, (r) => r.email),
        column('gender', language, 12, (r) => r.gender),
        dateTime('registrationDate', 20, (r) => r.registeredAt),
        column('accountLanguage', language, 14, (r) => names.accountLanguage(r.language, language)),
      ]
    : []
  const extended = request.includeExtededAccountInformation
    ? [
        { ...column('birthDate', language, 14, (r) => dateCell(r.birthDate)), numFmt: DATE_FORMAT[language] },
        column('country', language, 16, (r) => names.country(r.countryCodeId, language)),
        column('federalState', language, 18, (r) => names.federalState(r.stateOriginalId, language)),
        column('city', language, 16, (r) => r.city),
        column('professionalPosition', language, 22, (r) => r.professionalPosition),
        column('company', language, 20, (r) => r.company),
        ...(side === 'Mentee'
          ? [dateTime('lastStartedMatching', 20, (r) => r.menteeLastStartedAt)]
          : [
              column('published', language, 10, (r) => yesNo(r.mentorPublished, language)),
              dateTime('lastPublished', 20, (r) => r.mentorLastPublishedAt),
            ]),
      ]
    : []
  const profile = request.includeProfileInformation
    ? profileQuestions
        .filter((q) => asksProfileQuestion(q.side, [side]))
        .map((q): Column => ({
          header: q.text[language],
          width: 30,
          value: (r) => r.profileAnswers.find((a) => a.questionId === q.userQuestionOriginalId)?.answer ?? '',
        }))
    : []
  return [...always, ...basic, ...extended, ...profile]
}

export async function* userDataRows(rows: AsyncIterable<ExportUserRow>, columns: readonly Column[]): AsyncGenerator<readonly CellValue[]> {
  for await (const row of rows) yield columns.map((c) => c.value(row))
}
