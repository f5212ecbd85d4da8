// The Services['exports'] port: picks the rows (export.queries), the columns in the admin's language
// and hands the HTTP adapter a writer that streams the workbook into the response.
import { DAY, LANGUAGES, type ExportTandemDataRequest, type ExportUserDataRequest, type Language, type UserId } from '@tandem/core'
import type { Actor, Services } from '../ports/services.port.js'
import { right } from 'fp-ts/lib/Either.js'
import type { AuditedSpreadsheet, Unaudited } from '../audit/audit.js'
import type { ServiceContext } from '../context.js'
import { countryName, languageName, stateName } from '../users/views.js'
import { SHEETS, teamDataFilename, userDataFilename } from './export.labels.js'
import { writeSheet } from './sheet.writer.js'
import { attentionRows } from '../mentorship/mentorship.service.js'
import { ATTENTION_SHEET, attentionCells, attentionColumns, attentionFilename } from './attention.workbook.js'
import { tandemDataColumns, tandemDataRows } from './tandem-data.workbook.js'
import { userDataColumns, userDataRows, type ExportNames } from './user-data.workbook.js'

const namesOf = (ctx: Pick<ServiceContext, 'master'>): ExportNames => ({
  country: (id, language) => countryName(ctx, id, language) ?? '',
  federalState: (id, language) => stateName(ctx, id, language) ?? '',
  accountLanguage: (code, language) => {
    const account = LANGUAGES.find((l) => l === code)
    return account === undefined ? code : (languageName(ctx, account, language) ?? code)
  },
})

/** The rows as they stream past, with the people they named collected for the audit record. */
async function* noting<R>(rows: AsyncIterable<R>, people: (row: R) => readonly UserId[], seen: Set<UserId>): AsyncGenerator<R> {
  for await (const row of rows) {
    for (const id of people(row)) seen.add(id)
    yield row
  }
}

export type UserDataSpreadsheetPorts = Pick<ServiceContext, 'exports' | 'master' | 'timeZone'>

export const userDataSpreadsheet = (
  ctx: UserDataSpreadsheetPorts,
  request: ExportUserDataRequest,
  language: Language,
  exportedBy: string,
): AuditedSpreadsheet => {
  const seen = new Set<UserId>()
  return {
    filename: userDataFilename(request.role),
    subjectIds: () => [...seen],
    write: async (out) => {
      const columns = userDataColumns(request, language, namesOf(ctx), ctx.master.profileQuestions, ctx.timeZone)
      const rows = noting(ctx.exports.usersOfSide(request.role, request.filterData), (r) => [r.id], seen)
      await writeSheet(out, SHEETS[request.role][language], columns, userDataRows(rows, columns), exportedBy)
    },
  }
}

export type TandemDataSpreadsheetPorts = Pick<ServiceContext, 'clock' | 'exports' | 'master' | 'timeZone'>

export const tandemDataSpreadsheet = (
  ctx: TandemDataSpreadsheetPorts,
  request: ExportTandemDataRequest,
  language: Language,
  exportedBy: string,
): AuditedSpreadsheet => {
  const seen = new Set<UserId>()
  return {
    filename: teamDataFilename(),
    subjectIds: () => [...seen],
    write: async (out) => {
      const reason = (id: number | null, shownIn: Language) => ctx.master.declineReasons.find((r) => r.id === id)?.text[shownIn] ?? ''
      const columns = tandemDataColumns(request, language, reason, ctx.timeZone)
      const rows = noting(ctx.exports.tandemsSince(ctx.clock() - request.tandemDateRange * DAY), (r) => [r.mentee.id, r.mentor.id], seen)
      await writeSheet(out, SHEETS.teams[language], columns, tandemDataRows(rows, columns), exportedBy)
    },
  }
}

export type AttentionSpreadsheetPorts = Pick<
  ServiceContext,
  'clock' | 'clusters' | 'lists' | 'meetings' | 'mentorship' | 'store' | 'timeZone'
>

/** The attention list as a workbook; the audit record names both sides of every team it lists. */
export const attentionSpreadsheet = (
  ctx: AttentionSpreadsheetPorts,
  clusterId: number | null,
  language: Language,
  exportedBy: string,
): AuditedSpreadsheet => {
  const seen = new Set<UserId>()
  return {
    filename: attentionFilename(),
    subjectIds: () => [...seen],
    write: async (out) => {
      const rows = await attentionRows(ctx, clusterId)
      for (const id of await ctx.lists.tandemUserIds(rows.map((r) => r.matchingTandemId))) seen.add(id)
      const years = new Map<number, string>((await ctx.clusters.list()).map((c) => [c.clusterId, c.clusterText]))
      const cells = rows.map((r) => attentionCells(r, r.clusterId === null ? '' : (years.get(r.clusterId) ?? ''), language, ctx.timeZone))
      await writeSheet(out, ATTENTION_SHEET[language], attentionColumns(language), cells, exportedBy)
    },
  }
}

/** The administrator as the workbook names them: name and address (their record's, else the token's). */
export const exporterOf = async (ctx: Pick<ServiceContext, 'users'>, actor: Actor): Promise<string> => {
  const user = actor.userId === null ? undefined : await ctx.users.byId(actor.userId)
  const name = user === undefined ? `${actor.identity.givenName} ${actor.identity.familyName}` : `${user.firstName} ${user.lastName}`
  return `${name.trim()} <${actor.email}>`
}

export type ExportServicePorts = Pick<
  ServiceContext,
  'clock' | 'clusters' | 'exports' | 'lists' | 'master' | 'meetings' | 'mentorship' | 'store' | 'timeZone' | 'users'
>

export const exportService =
  (ctx: ExportServicePorts) =>
  (actor: Actor): Unaudited<Services['exports']> => ({
    userData: async (request, language) => right(userDataSpreadsheet(ctx, request, language, await exporterOf(ctx, actor))),
    tandemData: async (request, language) => right(tandemDataSpreadsheet(ctx, request, language, await exporterOf(ctx, actor))),
    attention: async (clusterId, language) => right(attentionSpreadsheet(ctx, clusterId, language, await exporterOf(ctx, actor))),
  })
