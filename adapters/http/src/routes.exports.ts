// The two spreadsheet exports of docs/product.md#calls (admin only): user data of one side and matching-team data.
// They answer a streamed .xlsx attachment; the optional `language` query picks headers and dates.
import { DEFAULT_LANGUAGE, ExportTandemDataQuery, ExportUserDataRequest, Language, fail, validateExportOptions } from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { answer, defineRoute, json, type Reply, type Route } from './route.js'
import type { Services, Spreadsheet } from '@tandem/application/ports'

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const LanguageQuery = t.exact(t.partial({ language: Language }), 'LanguageQuery')

const stream = (sheet: Spreadsheet): Reply => ({
  kind: 'stream',
  status: 200,
  contentType: XLSX_TYPE,
  filename: sheet.filename,
  write: sheet.write,
})

export const exportRoutes = (s: Services): readonly Route[] => [
  defineRoute({
    method: 'POST',
    path: '/api/Admin/ExportUserDataByRole',
    policy: 'admin',
    summary: "spreadsheet of one side's users (option groups, program-year or status filter); ?language=en|de",
    query: LanguageQuery,
    body: ExportUserDataRequest,
    produces: 'spreadsheet',
    handle: async ({ actor, query, body }) => {
      const errors = validateExportOptions(body)
      if (errors.length > 0) return json(400, fail('ValidationFailed', errors))
      const result = await s.exports.userData(actor, body, query.language ?? DEFAULT_LANGUAGE)
      return isLeft(result) ? answer(result) : stream(result.right)
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/ExportMatchingTandemData',
    policy: 'admin',
    summary: 'spreadsheet of the matching teams of the last 7/30/90/180/365 days (option groups); &language=en|de',
    query: t.intersection([ExportTandemDataQuery, LanguageQuery]),
    produces: 'spreadsheet',
    handle: async ({ actor, query }) => {
      const { language, ...request } = query
      const errors = validateExportOptions(request)
      if (errors.length > 0) return json(400, fail('ValidationFailed', errors))
      const result = await s.exports.tandemData(actor, request, language ?? DEFAULT_LANGUAGE)
      return isLeft(result) ? answer(result) : stream(result.right)
    },
  }),
]
