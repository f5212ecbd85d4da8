// Questionnaire calls (docs/product.md#calls, under /api/Questionnaire/...): the questions with the
// user's answers, saving them (CreateAnswer the first time, UpdateAnswer after), the mentor toggle
// and the mentor's capacity.
import type { Language, MentorCapacityPayload, QuestionAnswerResponse, SaveAnswersPayload, Side, StatusUpdatePayload } from '@tandem/core'
import { api } from '../../state/api.js'

export const questionnaireApi = api.injectEndpoints({
  endpoints: (build) => ({
    getQuestionAnswerPairs: build.query<QuestionAnswerResponse, { emailId: string; role: Side; language: Language }>({
      query: ({ emailId, role, language }) => ({ url: '/api/Questionnaire/GetQuestionAnswerPairs', params: { language, role, emailId } }),
      providesTags: ['Questionnaire'],
    }),
    saveAnswers: build.mutation<unknown, { payload: SaveAnswersPayload; firstTime: boolean }>({
      query: ({ payload, firstTime }) => ({
        url: `/api/Questionnaire/${firstTime ? 'CreateAnswer' : 'UpdateAnswer'}`,
        method: 'POST',
        body: payload,
      }),
      invalidatesTags: ['Questionnaire', 'Me', 'Proposals'],
    }),
    updateUserStatus: build.mutation<unknown, StatusUpdatePayload>({
      query: (body) => ({ url: '/api/Questionnaire/UpdateUserStatus', method: 'POST', body }),
      invalidatesTags: ['Questionnaire', 'Me', 'Proposals'],
    }),
    updateMentorCapacity: build.mutation<unknown, MentorCapacityPayload>({
      query: (body) => ({ url: '/api/Questionnaire/UpdateMentorCapacity', method: 'POST', body }),
      invalidatesTags: ['Questionnaire', 'Me', 'Proposals'],
    }),
  }),
})

export const { useGetQuestionAnswerPairsQuery, useSaveAnswersMutation, useUpdateUserStatusMutation, useUpdateMentorCapacityMutation } =
  questionnaireApi
