// The matching-team export (docs/product.md#constants): team id, program year, team status and both sides' statuses
// always, then the selected groups: matching-team, user-account and proposal information.
import type { ExportTandemDataRequest, Language } from '@tandem/core'
import type { ExportProposal, ExportTandemRow } from '../ports/store/index.js'
import { DATE_TIME_FORMAT, HEADERS, SIDE_LABEL, dateTimeCell, roleLabel, yesNo, type HeaderKey } from './export.labels.js'
import type { CellValue, SheetColumn } from './sheet.writer.js'

type Column = SheetColumn & { readonly value: (row: ExportTandemRow) => CellValue }

const column = (key: HeaderKey, language: Language, width: number, value: Column['value']): Column => ({
  header: HEADERS[key][language],
  width,
  value,
})

/** A column of one side: 'Mentee e-mail', 'Mentor proposal status'… */
const sideColumn = (side: 'Mentee' | 'Mentor', key: HeaderKey, language: Language, width: number, value: Column['value']): Column => ({
  header: `${SIDE_LABEL[side][language]} ${HEADERS[key][language]}`,
  width,
  value,
})

const withDate = (c: Column, language: Language): Column => ({ ...c, numFmt: DATE_TIME_FORMAT[language] })

export const tandemDataColumns = (
  request: ExportTandemDataRequest,
  language: Language,
  declineReason: (id: number | null, language: Language) => string,
  timeZone: string,
): readonly Column[] => {
  const always = [
    column('teamId', language, 10, (r) => r.id),
    column('programYear', language, 16, (r) => r.programYear ?? ''),
    column('teamStatus', language, 14, (r) => r.state),
    column('menteeStatus', language, 14, (r) => r.mentee.status ?? ''),
    column('mentorStatus', language, 14, (r) => r.mentor.status ?? ''),
    sideColumn('Mentee', 'role', language, 12, (r) => roleLabel(r.mentee.roles, 'Mentee', language)),
    sideColumn('Mentor', 'role', language, 12, (r) => roleLabel(r.mentor.roles, 'Mentor', language)),
  ]
  const team = request.includeMatchingTandemInformation
    ? [
        withDate(
          column('createdDate', language, 20, (r) => dateTimeCell(r.createdAt, timeZone)),
          language,
        ),
        column('baseScore', language, 10, (r) => r.base),
        column('maxScore', language, 12, (r) => r.max),
        column('percentage', language, 10, (r) => r.percentage),
        column('manual', language, 12, (r) => yesNo(r.manual, language)),
      ]
    : []
  const accounts = request.includeUserAccountInformation
    ? (['Mentee', 'Mentor'] as const).flatMap((side) => {
        const who = (r: ExportTandemRow) => (side === 'Mentee' ? r.mentee : r.mentor)
        return [
          sideColumn(side, 'firstName', language, 16, (r) => who(r).firstName),
          sideColumn(side, 'lastName', language, 16, (r) => who(r).lastName),
          sideColumn(side, 'email', language, 28, (r) => who(r).email),
        ]
      })
    : []
  const proposals = request.includeProposalInformation
    ? (['Mentee', 'Mentor'] as const).flatMap((side) => {
        const p = (r: ExportTandemRow): ExportProposal => (side === 'Mentee' ? r.menteeProposal : r.mentorProposal)
        return [
          sideColumn(side, 'proposalId', language, 12, (r) => p(r).proposalId),
          sideColumn(side, 'proposalState', language, 14, (r) => p(r).state),
          withDate(
            sideColumn(side, 'deadline', language, 20, (r) => dateTimeCell(p(r).deadline, timeZone)),
            language,
          ),
          withDate(
            sideColumn(side, 'decidedAt', language, 20, (r) => dateTimeCell(p(r).decidedAt, timeZone)),
            language,
          ),
          sideColumn(side, 'declineReason', language, 24, (r) => declineReason(p(r).declineReasonId, language)),
          sideColumn(side, 'comment', language, 30, (r) => p(r).comment ?? ''),
          ...(side === 'Mentor' ? [sideColumn(side, 'infoText', language, 30, (r) => p(r).infoText ?? '')] : []),
        ]
      })
    : []
  return [...always, ...team, ...accounts, ...proposals]
}

export async function* tandemDataRows(
  rows: AsyncIterable<ExportTandemRow>,
  columns: readonly Column[],
): AsyncGenerator<readonly CellValue[]> {
  for await (const row of rows) yield columns.map((c) => c.value(row))
}
