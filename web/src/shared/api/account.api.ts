// Account and profile calls (docs/product.md#calls: Account, User): who the user is, the profile with its master
// data, profile and photo updates, and the sign-up / sign-in pair of the register routes.
import type {
  AcceptConsentsPayload,
  DeleteOwnAccountPayload,
  Language,
  ProfileUpdateRequest,
  SignInPayload,
  SignUpPayload,
  UserProfileResponse,
  UserView,
} from '@tandem/core'
import { ADMIN_TAGS, api, TAGS } from '../../state/api.js'

/** A download of the person's own data in preparation (the server's PersonalDataJob). */
export type PersonalDataJob = { readonly state: 'preparing' | 'ready' | 'failed'; readonly progress: number }

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserProfile: build.query<UserProfileResponse, { email: string; language: Language; role?: string }>({
      query: ({ email, language, role }) => ({ url: '/api/User/GetUserProfile', params: { email, language, role } }),
      providesTags: ['Profile'],
    }),
    updateProfile: build.mutation<unknown, ProfileUpdateRequest>({
      query: (body) => ({ url: '/api/user/UpdateProfile', method: 'POST', body }),
      invalidatesTags: ['Profile', 'Me', 'Questionnaire'],
    }),
    updateProfileImage: build.mutation<unknown, { email: string; file: File | null }>({
      query: ({ email, file }) => {
        const form = new FormData()
        form.set('email', email)
        form.set('IsDeleted', file === null ? 'true' : 'false')
        if (file !== null) form.set('imageFile', file, file.name)
        return { url: '/api/user/UpdateProfileImage', method: 'POST', body: form }
      },
    }),
    signUp: build.mutation<unknown, SignUpPayload>({
      query: (body) => ({ url: '/api/account/signup', method: 'POST', body }),
    }),
    signIn: build.mutation<unknown, SignInPayload>({
      query: (body) => ({ url: '/api/Account/signin', method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
    acceptConsents: build.mutation<UserView, AcceptConsentsPayload>({
      query: (body) => ({ url: '/api/Account/AcceptConsents', method: 'POST', body }),
      // calls refused while the consents were due (403 ConsentsDue) are asked again
      invalidatesTags: [...TAGS, ...ADMIN_TAGS],
    }),
    deleteOwnAccount: build.mutation<boolean, DeleteOwnAccountPayload>({
      query: (body) => ({ url: '/api/Account/DeleteMyAccount', method: 'POST', body }),
    }),
    prepareMyData: build.mutation<PersonalDataJob, { emailId: string }>({
      query: (body) => ({ url: '/api/Account/PrepareMyData', method: 'POST', body }),
    }),
    getMyDataStatus: build.query<PersonalDataJob, { email: string }>({
      query: ({ email }) => ({ url: '/api/Account/MyDataStatus', params: { emailId: email } }),
      keepUnusedDataFor: 0,
    }),
    logError: build.mutation<unknown, { ErrorMessage: string }>({
      query: (body) => ({ url: '/api/Logger/LogError', method: 'POST', body }),
    }),
  }),
})

export const {
  useGetUserProfileQuery,
  useUpdateProfileMutation,
  useUpdateProfileImageMutation,
  useSignUpMutation,
  useSignInMutation,
  useAcceptConsentsMutation,
  useDeleteOwnAccountMutation,
  usePrepareMyDataMutation,
  useGetMyDataStatusQuery,
} = accountApi
