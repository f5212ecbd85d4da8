// Check-in calls of the check-in chunk (docs/api.md#check-ins): the signed-in participant's answer,
// and the mail link's page (its GET shows the question and never answers; the click answers). The
// open questions are asked by the dashboard (dashboard.api.ts), in the shape given here.
import type { CheckInAnswer, CheckInOccasion, Side } from '@tandem/core'
import { api } from '../../state/api.js'

/** A check-in question waiting for the caller's answer (docs/mentorship.md#check-ins-in-the-web-app). */
export type OpenCheckIn = {
  readonly matchingTandemId: number
  readonly role: Side
  readonly occasion: CheckInOccasion
  readonly askedAt: string
}

/** What a mail link's page shows before the click. */
export type LinkCheckIn = {
  readonly role: Side
  readonly occasion: CheckInOccasion
  readonly open: boolean
  /** The refusal a click would get (used, expired, no longer open); null while open. */
  readonly closedBecause: 'CheckInLinkUsed' | 'CheckInLinkExpired' | 'CheckInNotOpen' | null
}

export const checkInsApi = api.injectEndpoints({
  endpoints: (build) => ({
    answerCheckIn: build.mutation<boolean, { email: string; matchingTandemId: number; occasion: CheckInOccasion; answer: CheckInAnswer }>({
      query: (body) => ({ url: '/api/Mentorship/AnswerCheckIn', method: 'POST', body }),
      invalidatesTags: ['CheckIns'],
    }),
    getCheckInByLink: build.query<LinkCheckIn, { token: string }>({
      query: (params) => ({ url: '/api/Mentorship/GetCheckInByLink', params }),
      keepUnusedDataFor: 0,
    }),
    answerCheckInByLink: build.mutation<boolean, { token: string; answer: CheckInAnswer }>({
      query: (body) => ({ url: '/api/Mentorship/AnswerCheckInByLink', method: 'POST', body }),
    }),
  }),
})

export const { useAnswerCheckInMutation, useGetCheckInByLinkQuery, useAnswerCheckInByLinkMutation } = checkInsApi
