// Participant matching-team calls (docs/product.md#calls, under /api/MatchingTandem/...): proposals
// with remaining times, accept, decline, decline reasons, start matching, the proposed profile,
// ending a matched team.
import type {
  AcceptDeclinePayload,
  DeclineReasonItem,
  EndTandemPayload,
  Language,
  MyTimelineWire,
  ProposalsResponse,
  ProposedProfile,
  Side,
} from '@tandem/core'
import { api } from '../../state/api.js'
import type { OpenCheckIn } from '../../shared/api/checkins.api.js'

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProposals: build.query<ProposalsResponse, { email: string }>({
      query: (body) => ({ url: '/api/MatchingTandem/GetProposals', method: 'POST', body }),
      providesTags: ['Proposals'],
    }),
    getDeclineReasons: build.query<readonly DeclineReasonItem[], { email: string; role: Side; language: Language }>({
      query: (params) => ({ url: '/api/MatchingTandem/GetDeclineReason', params }),
      providesTags: ['DeclineReasons'],
    }),
    getProposedProfile: build.query<ProposedProfile, { email: string; role: Side; language: Language; matchingTandemId: number }>({
      query: (params) => ({ url: '/api/User/GetProposedUserProfile', params }),
      providesTags: ['ProposedProfile'],
    }),
    acceptProposal: build.mutation<unknown, AcceptDeclinePayload>({
      query: (body) => ({ url: '/api/MatchingTandem/AcceptProposal', method: 'POST', body }),
      invalidatesTags: ['Proposals', 'Me', 'ProposedProfile'],
    }),
    declineProposal: build.mutation<unknown, AcceptDeclinePayload>({
      query: (body) => ({ url: '/api/MatchingTandem/DeclineProposal', method: 'POST', body }),
      invalidatesTags: ['Proposals', 'Me', 'ProposedProfile'],
    }),
    // Ending asks both sides the closing survey at once: the open questions are read again; "pause
    // my matching" changes the mentor's status, which the questionnaire's switch shows.
    endTandem: build.mutation<boolean, EndTandemPayload>({
      query: (body) => ({ url: '/api/MatchingTandem/EndMatchingTandem', method: 'POST', body }),
      invalidatesTags: ['Proposals', 'Me', 'ProposedProfile', 'CheckIns', 'Questionnaire'],
    }),
    /** The open check-in questions; the check-in chunk's answers invalidate them (tag `CheckIns`). */
    getMyTimelines: build.query<readonly MyTimelineWire[], { email: string }>({
      query: (params) => ({ url: '/api/Mentorship/GetMyTimelines', params }),
      providesTags: ['CheckIns'],
    }),
    getOpenCheckIns: build.query<readonly OpenCheckIn[], { email: string }>({
      query: (params) => ({ url: '/api/Mentorship/GetOpenCheckIns', params }),
      providesTags: ['CheckIns'],
    }),
  }),
})

export const {
  useGetProposalsQuery,
  useGetDeclineReasonsQuery,
  useGetProposedProfileQuery,
  useAcceptProposalMutation,
  useDeclineProposalMutation,
  useEndTandemMutation,
  useGetOpenCheckInsQuery,
  useGetMyTimelinesQuery,
} = dashboardApi
