// The statistics page's one call, injected into the API slice beside the other admin endpoints.
import type { Language, StatisticsFilter, StatisticsReport } from '@tandem/core'
import { api } from '../../../state/api.js'

export const statisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminGetStatistics: build.query<StatisticsReport, { readonly filter: StatisticsFilter; readonly language: Language }>({
      query: ({ filter, language }) => ({ url: '/api/Admin/GetStatistics', method: 'POST', body: filter, params: { language } }),
    }),
  }),
})

export const { useAdminGetStatisticsQuery } = statisticsApi
