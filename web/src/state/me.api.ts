// The person's details (GetUserDetails): the one endpoint the state layer injects itself, as the
// shell, the guards and the no-match listener need it before any feature loads.
import type { UserView } from '@tandem/core'
import { api } from './api.js'

export const meApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<UserView, { email: string }>({
      query: ({ email }) => ({ url: '/api/Account/GetUserDetails', params: { emailId: email } }),
      providesTags: ['Me'],
    }),
  }),
})

export const { useGetMeQuery } = meApi
