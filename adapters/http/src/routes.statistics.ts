// The administrators' program statistics: the page's figures as JSON and each chart's table as a
// spreadsheet. Both take the filter (program years, date range) as the body and `?language=en|de`.
import { DEFAULT_LANGUAGE, Language, StatisticsChart, StatisticsFilter, StatisticsReport } from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { answer, defineRoute, type Route } from './route.js'
import { XLSX_TYPE } from './routes.exports.js'
import type { Services } from '@tandem/application/ports'

const LanguageQuery = t.exact(t.partial({ language: Language }), 'LanguageQuery')
const ChartQuery = t.intersection([t.strict({ chart: StatisticsChart }), LanguageQuery], 'StatisticsChartQuery')

export const statisticsRoutes = (s: Services): readonly Route[] => [
  defineRoute({
    method: 'POST',
    path: '/api/Admin/GetStatistics',
    policy: 'admin',
    summary: 'program statistics of the program years and date range (small groups as "fewer than 5"); ?language=en|de',
    query: LanguageQuery,
    body: StatisticsFilter,
    answers: StatisticsReport,
    handle: async ({ query, body }) => answer(await s.statistics.report(body, query.language ?? DEFAULT_LANGUAGE)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/ExportStatistics',
    policy: 'admin',
    summary:
      "one statistics chart's table as a spreadsheet; ?chart=funnel|matching|expiries|declineReasons|scores|poolBalance|breakdowns|outcomes&language=en|de",
    query: ChartQuery,
    body: StatisticsFilter,
    produces: 'spreadsheet',
    handle: async ({ actor, query, body }) => {
      const result = await s.statistics.spreadsheet(actor, query.chart, body, query.language ?? DEFAULT_LANGUAGE)
      return isLeft(result)
        ? answer(result)
        : { kind: 'stream', status: 200, contentType: XLSX_TYPE, filename: result.right.filename, write: result.right.write }
    },
  }),
]
