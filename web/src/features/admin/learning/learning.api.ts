// What the outcomes say (docs/learning.md): the report and "Try in a draft", injected beside the other admin endpoints.
import type { LearningTryInDraftRequest, LearningView, QuestionnaireDraftView } from '@tandem/core'
import { api } from '../../../state/api.js'

export const learningApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminGetLearningReport: build.query<LearningView, { readonly clusterId: number | null }>({
      query: ({ clusterId }) => ({
        url: '/api/Admin/GetLearningReport',
        params: clusterId === null ? {} : { clusterId: String(clusterId) },
      }),
    }),
    adminTryLearningInDraft: build.mutation<QuestionnaireDraftView, LearningTryInDraftRequest>({
      query: (body) => ({ url: '/api/Admin/TryLearningInDraft', method: 'POST', body }),
    }),
  }),
})

export const { useAdminGetLearningReportQuery, useAdminTryLearningInDraftMutation } = learningApi
