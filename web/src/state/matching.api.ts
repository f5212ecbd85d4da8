// Start matching (CreateMatchingTandem): injected by the state layer, as the dashboard's panel and
// the mentee's questionnaire both start a run (shared/start-matching.ts).
import { api } from './api.js'

export const matchingApi = api.injectEndpoints({
  endpoints: (build) => ({
    startMatching: build.mutation<boolean, { menteeEmail: string }>({
      query: (body) => ({ url: '/api/MatchingTandem/CreateMatchingTandem', method: 'POST', body }),
      invalidatesTags: ['Proposals', 'Me', 'Questionnaire'],
    }),
  }),
})

export const { useStartMatchingMutation } = matchingApi
