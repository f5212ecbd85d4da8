// The calls of the waitlist mail's stop page (docs/api.md#waitlist): its GET only reads the link and
// never turns anything off (mail scanners open links); the button's POST turns the waitlist off.
import type { WaitlistStopLinkView } from '@tandem/core'
import { api } from '../../state/api.js'

export const waitlistStopApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWaitlistStopByLink: build.query<WaitlistStopLinkView, { token: string }>({
      query: (params) => ({ url: '/api/MatchingTandem/GetWaitlistStopByLink', params }),
      keepUnusedDataFor: 0,
    }),
    stopWaitlistByLink: build.mutation<boolean, { token: string }>({
      query: (body) => ({ url: '/api/MatchingTandem/StopWaitlistByLink', method: 'POST', body }),
    }),
  }),
})

export const { useGetWaitlistStopByLinkQuery, useStopWaitlistByLinkMutation } = waitlistStopApi
