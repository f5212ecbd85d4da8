// The one API slice of the app (RTK Query): every call goes through `envelopeQuery` as the base
// query, with the auth port from the store's services and the API base URL from the session.
// Features inject their endpoints (`api.injectEndpoints`); the cache tags are declared here, typed.
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react'
import { envelopeQuery, type ApiError, type ApiRequest, type Services } from './envelope.js'
import type { SessionState } from './session.slice.js'

export { skipToken } from '@reduxjs/toolkit/query/react'
export { apiErrorOf, errorCodeIn, type ApiError, type ApiRequest, type CallResult, type Services } from './envelope.js'

/** The participant's tags: the language switch reloads every one of them. */
export const TAGS = ['Me', 'Profile', 'Questionnaire', 'Proposals', 'ProposedProfile', 'DeclineReasons', 'CheckIns'] as const
/** The administrator's tags: their server texts (user detail, master data) are per language too. */
export const ADMIN_TAGS = ['AdminTeams', 'AdminTeam', 'AdminClusters', 'AdminUsers', 'AdminUserDetail', 'AdminCohort'] as const

const envelopeBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiError> = (request, { getState, extra }) =>
  envelopeQuery(request, {
    auth: (extra as Services).auth,
    apiBaseUrl: (getState() as { readonly session: SessionState }).session.config?.apiBaseUrl ?? '',
  })

export const api = createApi({
  reducerPath: 'api',
  baseQuery: envelopeBaseQuery,
  tagTypes: [...TAGS, ...ADMIN_TAGS],
  endpoints: () => ({}),
})
