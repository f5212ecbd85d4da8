// The waitlist overview's one call (docs/admin.md#waitlist), injected beside the other admin endpoints.
import type { Language, WaitlistOverviewView } from '@tandem/core'
import { api } from '../../../state/api.js'

export const waitlistApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminGetWaitlistOverview: build.query<WaitlistOverviewView, { readonly clusterId: number | null; readonly language: Language }>({
      query: ({ clusterId, language }) => ({
        url: '/api/Admin/GetWaitlistOverview',
        params: clusterId === null ? { language } : { clusterId: String(clusterId), language },
      }),
    }),
  }),
})

export const { useAdminGetWaitlistOverviewQuery } = waitlistApi
