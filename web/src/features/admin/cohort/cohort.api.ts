// The cohort page's calls (docs/api.md, whole-cohort matching), injected into the one API slice.
import type {
  CohortDraftEdit,
  CohortDraftView,
  CohortMentorChoice,
  CohortPublishResult,
  CohortRunId,
  CohortRunRequest,
  CohortRunView,
} from '@tandem/core'
import { api } from '../../../state/api.js'
import { PAGE_SIZE } from '../pagination.js'

/** The page shown of each list of the draft, from 1. */
export type DraftPages = { readonly pairs: number; readonly unmatched: number; readonly skipped: number }

const cohortApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminStartCohortRun: build.mutation<CohortRunView, CohortRunRequest>({
      query: (body) => ({ url: '/api/Admin/StartCohortRun', method: 'POST', body }),
      invalidatesTags: ['AdminCohort'],
    }),
    /** The latest run: polled while it runs. */
    adminGetCohortProgress: build.query<CohortRunView | null, void>({
      query: () => ({ url: '/api/Admin/GetCohortRunProgress' }),
      providesTags: ['AdminCohort'],
    }),
    adminCancelCohortRun: build.mutation<CohortRunView, CohortRunId>({
      query: (runId) => ({ url: '/api/Admin/CancelCohortRun', method: 'POST', params: { runId } }),
      invalidatesTags: ['AdminCohort'],
    }),
    /** One page of each list of the draft (a cohort may have 50,000 mentees). */
    adminGetCohortDraft: build.query<CohortDraftView | null, DraftPages & { readonly runId: CohortRunId }>({
      query: ({ runId, pairs, unmatched, skipped }) => ({
        url: '/api/Admin/GetCohortDraft',
        params: { runId, pairsPage: pairs, unmatchedPage: unmatched, skippedPage: skipped, pageSize: PAGE_SIZE },
      }),
      providesTags: ['AdminCohort'],
    }),
    adminGetCohortMentorChoices: build.query<readonly CohortMentorChoice[], { readonly runId: CohortRunId; readonly menteeId: number }>({
      query: ({ runId, menteeId }) => ({ url: '/api/Admin/GetCohortMentorChoices', params: { runId, menteeId } }),
      providesTags: ['AdminCohort'],
    }),
    adminEditCohortDraft: build.mutation<CohortDraftView, CohortDraftEdit>({
      query: (body) => ({ url: '/api/Admin/EditCohortDraft', method: 'POST', body }),
      invalidatesTags: ['AdminCohort'],
    }),
    adminPublishCohortDraft: build.mutation<CohortPublishResult, CohortRunId>({
      query: (runId) => ({ url: '/api/Admin/PublishCohortDraft', method: 'POST', params: { runId } }),
      invalidatesTags: ['AdminCohort', 'AdminTeams', 'AdminUsers'],
    }),
  }),
})

/** The latest run as cached, without subscribing: its state decides whether the page polls. */
export const useCohortProgressState = cohortApi.endpoints.adminGetCohortProgress.useQueryState

export const {
  useAdminStartCohortRunMutation,
  useAdminGetCohortProgressQuery,
  useAdminCancelCohortRunMutation,
  useAdminGetCohortDraftQuery,
  useAdminGetCohortMentorChoicesQuery,
  useAdminEditCohortDraftMutation,
  useAdminPublishCohortDraftMutation,
} = cohortApi
