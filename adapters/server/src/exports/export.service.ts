// The Services['exports'] port: picks the rows (export.queries), the columns in the admin's language
// and hands the HTTP adapter a writer that streams the workbook into the response.
import { DAY, LANGUAGES, type ExportTandemDataRequest, type ExportUserDataRequest, type Language } from '@tandem/core'
import type { Services, Spreadsheet } from '@tandem/http'
import { right } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../services/context.js'
import { countryName, languageName, stateName } from '../services/views.js'
import { SHEETS, teamDataFilename, userDataFilename } from './export.labels.js'
import { writeSheet } from './sheet.writer.js'
import { tandemDataColumns, tandemDataRows } from './tandem-data.workbook.js'
import { userDataColumns, userDataRows, type ExportNames } from './user-data.workbook.js'

const namesOf = (ctx: ServiceContext): ExportNames => ({
  country: (id, language) => countryName(ctx, id, language) ?? '',
  federalState: (id, language) => stateName(ctx, id, language) ?? '',
  accountLanguage: (code, language) => {
    const account = LANGUAGES.find((l) => l === code)
    return account === undefined ? code : (languageName(ctx, account, language) ?? code)
  },
})

export const userDataSpreadsheet = (ctx: ServiceContext, request: ExportUserDataRequest, language: Language): Spreadsheet => ({
  filename: userDataFilename(request.role),
  write: async (out) => {
    const columns = userDataColumns(request, language, namesOf(ctx), ctx.master.profileQuestions, ctx.timeZone)
    const rows = ctx.exports.usersOfSide(request.role, request.filterData)
    await writeSheet(out, SHEETS[request.role][language], columns, userDataRows(rows, columns))
  },
})

export const tandemDataSpreadsheet = (ctx: ServiceContext, request: ExportTandemDataRequest, language: Language): Spreadsheet => ({
  filename: teamDataFilename(),
  write: async (out) => {
    const reason = (id: number | null, shownIn: Language) => ctx.master.declineReasons.find((r) => r.id === id)?.text[shownIn] ?? ''
    const columns = tandemDataColumns(request, language, reason, ctx.timeZone)
    const rows = ctx.exports.tandemsSince(ctx.clock() - request.tandemDateRange * DAY)
    await writeSheet(out, SHEETS.teams[language], columns, tandemDataRows(rows, columns))
  },
})

export const exportService = (ctx: ServiceContext): Services['exports'] => ({
  userData: async (request, language) => right(userDataSpreadsheet(ctx, request, language)),
  tandemData: async (request, language) => right(tandemDataSpreadsheet(ctx, request, language)),
})
