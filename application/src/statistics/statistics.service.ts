// The Services['statistics'] port: the report of the filter (counted in the database, shown through
// the core's rules) and one chart's table as a spreadsheet.
import {
  validateStatisticsFilter,
  validationFailed,
  type Cluster,
  type Language,
  type StatisticsChart,
  type StatisticsFilter,
} from '@tandem/core'
import type { Services } from '../ports/services.port.js'
import { left, right } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'
import type { Unaudited } from '../audit/audit.js'
import { writeSheet } from '../exports/sheet.writer.js'
import { exporterOf } from '../exports/export.service.js'
import { CHART_TITLES, statisticsFilename } from './statistics.labels.js'
import { rangeOf, statisticsReport } from './statistics.report.js'
import { statisticsTable } from './statistics.sheet.js'
import { waitlistOverview } from './waitlist.overview.js'

/** The outcomes' program years: the filter's, or every year and the teams without one. */
const outcomeYears = (filter: StatisticsFilter, clusters: readonly Cluster[]): (number | null)[] =>
  filter.clusterIds.length > 0 ? [...filter.clusterIds] : [...clusters.map((c) => c.clusterId), null]

type ReportOfPorts = Pick<ServiceContext, 'clock' | 'clusters' | 'master' | 'statistics'>

const reportOf = async (ctx: ReportOfPorts, filter: StatisticsFilter, language: Language) => {
  const clusters = await ctx.clusters.list()
  const counts = await ctx.statistics.counts(rangeOf(filter), ctx.clock(), outcomeYears(filter, clusters))
  return statisticsReport(ctx, counts, language, clusters)
}

export type StatisticsServicePorts = Pick<
  ServiceContext,
  'activeQuestionnaire' | 'answers' | 'clock' | 'clusters' | 'master' | 'statistics' | 'store' | 'users' | 'waitlist'
>

export const statisticsService = (
  ctx: StatisticsServicePorts,
): Omit<Services['statistics'], 'waitlist'> & Unaudited<Pick<Services['statistics'], 'waitlist'>> => ({
  report: async (filter, language) => {
    const errors = validateStatisticsFilter(filter)
    return errors.length > 0 ? left(validationFailed(errors)) : right(await reportOf(ctx, filter, language))
  },
  spreadsheet: async (actor, chart: StatisticsChart, filter, language) => {
    const errors = validateStatisticsFilter(filter)
    if (errors.length > 0) return left(validationFailed(errors))
    const table = statisticsTable(await reportOf(ctx, filter, language), chart, language)
    return right({
      filename: statisticsFilename(chart),
      write: async (out: NodeJS.WritableStream) => {
        await writeSheet(out, CHART_TITLES[chart][language], table.columns, table.rows, await exporterOf(ctx, actor))
      },
    })
  },
  waitlist: async (clusterId, language) => right(await waitlistOverview(ctx, clusterId, language)),
})
