// The administrator calls of docs/product.md#calls, injected into the one API slice with their own cache tags.
// Every endpoint name starts with 'admin': names are shared by the whole slice, and the participant
// features define acceptProposal, declineProposal and updateUserStatus of their own.
// The two exports are not here: they answer a file, fetched by `downloadExport` (export.download.ts).
import type {
  AdminAcceptPayload,
  AdminDeclinePayload,
  AdminEndTandemPayload,
  AdminUserDetail,
  AttentionRowView,
  AuditRecordsPage,
  AuditRecordsRequest,
  RetentionDueRow,
  CloseTandemPayload,
  Cluster,
  Language,
  ManualMatchingMasterData,
  ManualTandemCreatePayload,
  MatchingTandemListRequest,
  MatchingTandemListRow,
  MenteeStateChangeData,
  MenteeStateSavePayload,
  ResendNotificationPayload,
  StatusMasterItem,
  StatusSelection,
  StatusUpdatePayload,
  MentorCapacityPayload,
  TeamDetail,
  TimelineWire,
  UserListRow,
  QuestionnaireCheckView,
  QuestionnaireDraft,
  QuestionnaireDraftView,
  QuestionnairePreviewView,
  QuestionnaireVersionSummary,
} from '@tandem/core'
import { api } from '../../state/api.js'

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The questionnaire editor (docs/admin.md#questionnaire-versions): the draft with its revision, check, publish, versions, file.
    adminGetQuestionnaireDraft: build.query<QuestionnaireDraftView, void>({ query: () => ({ url: '/api/Admin/GetQuestionnaireDraft' }) }),
    adminSaveQuestionnaireDraft: build.mutation<QuestionnaireDraftView, { revision: number; draft: QuestionnaireDraft }>({
      query: (body) => ({ url: '/api/Admin/SaveQuestionnaireDraft', method: 'POST', body }),
    }),
    adminCheckQuestionnaireDraft: build.query<QuestionnaireCheckView, number>({
      // the revision is the cache key: a check answers for the draft as saved
      query: () => ({ url: '/api/Admin/CheckQuestionnaireDraft' }),
    }),
    adminPublishQuestionnaireDraft: build.mutation<QuestionnaireVersionSummary, { revision: number }>({
      query: (body) => ({ url: '/api/Admin/PublishQuestionnaireDraft', method: 'POST', body }),
    }),
    adminGetQuestionnaireVersions: build.query<readonly QuestionnaireVersionSummary[], void>({
      query: () => ({ url: '/api/Admin/GetQuestionnaireVersions' }),
    }),
    adminExportQuestionnaire: build.query<unknown, void>({ query: () => ({ url: '/api/Admin/ExportQuestionnaire' }) }),
    adminImportQuestionnaire: build.mutation<QuestionnaireDraftView, { revision: number; file: unknown }>({
      query: (body) => ({ url: '/api/Admin/ImportQuestionnaire', method: 'POST', body }),
    }),
    // The draft's impact preview: started, then polled while it runs.
    adminStartQuestionnairePreview: build.mutation<QuestionnairePreviewView, { clusterId: number | null }>({
      query: (body) => ({ url: '/api/Admin/StartQuestionnairePreview', method: 'POST', body }),
    }),
    adminGetQuestionnairePreview: build.query<QuestionnairePreviewView, number>({
      query: (previewId) => ({ url: '/api/Admin/GetQuestionnairePreview', params: { previewId } }),
    }),
    adminCancelQuestionnairePreview: build.mutation<QuestionnairePreviewView, number>({
      query: (previewId) => ({ url: '/api/Admin/CancelQuestionnairePreview', method: 'POST', params: { previewId } }),
    }),
    adminGetStatusMaster: build.query<readonly StatusMasterItem[], void>({ query: () => ({ url: '/api/Admin/GetStatusMaster' }) }),
    adminGetMentees: build.query<readonly UserListRow[], StatusSelection>({
      query: (body) => ({ url: '/api/Admin/GetMentees', method: 'POST', body }),
      providesTags: ['AdminUsers'],
    }),
    adminGetMentors: build.query<readonly UserListRow[], StatusSelection>({
      query: (body) => ({ url: '/api/Admin/GetMentors', method: 'POST', body }),
      providesTags: ['AdminUsers'],
    }),
    adminGetAllUsers: build.query<readonly UserListRow[], void>({
      query: () => ({ url: '/api/Admin/GetAllUsers' }),
      providesTags: ['AdminUsers'],
    }),
    adminGetUserDetail: build.query<AdminUserDetail, { email: string; language: Language }>({
      query: ({ email, language }) => ({ url: '/api/Admin/GetUserDetail', params: { email, language } }),
      providesTags: ['AdminUserDetail'],
    }),
    adminGetMenteeStateData: build.query<MenteeStateChangeData, { email: string }>({
      query: ({ email }) => ({ url: '/api/Admin/GetMasterDataForMenteeStateChange', params: { email } }),
      providesTags: ['AdminUserDetail'],
    }),
    adminUpdateMenteeInformation: build.mutation<boolean, MenteeStateSavePayload>({
      query: (body) => ({ url: '/api/Admin/UpdateMenteeInformation', method: 'POST', body }),
      invalidatesTags: ['AdminUserDetail', 'AdminUsers'],
    }),
    adminUpdateUserStatus: build.mutation<boolean, StatusUpdatePayload>({
      query: (body) => ({ url: '/api/Admin/UpdateUserStatus', method: 'POST', body }),
      invalidatesTags: ['AdminUserDetail', 'AdminUsers'],
    }),
    adminUpdateMentorCapacity: build.mutation<boolean, MentorCapacityPayload>({
      query: (body) => ({ url: '/api/Admin/UpdateMentorCapacity', method: 'POST', body }),
      invalidatesTags: ['AdminUserDetail', 'AdminUsers'],
    }),
    adminResendNotification: build.mutation<boolean, ResendNotificationPayload>({
      query: (body) => ({ url: '/api/Admin/ResendNotification', method: 'POST', body }),
      invalidatesTags: ['AdminUserDetail'],
    }),
    adminDeleteUser: build.mutation<boolean, { email: string }>({
      query: ({ email }) => ({ url: '/api/Account/DeleteUserFromIdp', params: { emailId: email, deletefromDB: true } }),
      invalidatesTags: ['AdminUsers', 'AdminUserDetail', 'AdminTeams'],
    }),
    adminGetManualMatchingMasterData: build.query<ManualMatchingMasterData, void>({
      query: () => ({ url: '/api/Admin/GetManualMatchingMasterData' }),
      providesTags: ['AdminUsers', 'AdminClusters'],
    }),
    adminCreateManualTandem: build.mutation<number, ManualTandemCreatePayload>({
      query: (body) => ({ url: '/api/Admin/CreateMatchingTandemManual', method: 'POST', body }),
      invalidatesTags: ['AdminTeams', 'AdminUsers'],
    }),
    adminGetTandemList: build.query<readonly MatchingTandemListRow[], MatchingTandemListRequest>({
      query: (body) => ({ url: '/api/Admin/GetMatchingTandemList', method: 'POST', body }),
      providesTags: ['AdminTeams'],
    }),
    adminGetTeamTimeline: build.query<TimelineWire | null, number>({
      query: (tandemId) => ({ url: '/api/Admin/GetTeamTimeline', params: { tandemId } }),
      providesTags: ['AdminTeam'],
    }),
    adminGetTandemById: build.query<TeamDetail, number>({
      query: (id) => ({ url: '/api/Admin/GetMatchingTandemById', method: 'POST', params: { matchingTandemId: id } }),
      providesTags: ['AdminTeam'],
    }),
    adminAcceptProposal: build.mutation<boolean, AdminAcceptPayload>({
      query: (body) => ({ url: '/api/Admin/AcceptProposal', method: 'POST', body }),
    }),
    adminDeclineProposal: build.mutation<boolean, AdminDeclinePayload>({
      query: (body) => ({ url: '/api/Admin/DeclineProposal', method: 'POST', body }),
    }),
    adminCloseTandem: build.mutation<boolean, CloseTandemPayload>({
      query: (body) => ({ url: '/api/Admin/CloseMatchingTandem', method: 'POST', body }),
    }),
    adminEndTandem: build.mutation<boolean, AdminEndTandemPayload>({
      query: (body) => ({ url: '/api/Admin/EndMatchingTandem', method: 'POST', body }),
    }),
    // Never cached across visits: the list depends on the clock and on answers given meanwhile.
    adminGetTeamsNeedingAttention: build.query<readonly AttentionRowView[], { readonly clusterId: number | undefined }>({
      query: ({ clusterId }) => ({ url: '/api/Admin/GetTeamsNeedingAttention', params: clusterId === undefined ? {} : { clusterId } }),
      keepUnusedDataFor: 0,
    }),
    adminGetClusters: build.query<readonly Cluster[], void>({
      query: () => ({ url: '/api/Admin/GetClusters' }),
      providesTags: ['AdminClusters'],
    }),
    adminCreateCluster: build.mutation<Cluster, string>({
      query: (yearText) => ({ url: '/api/Admin/CreateCluster', method: 'POST', params: { yearText } }),
      invalidatesTags: ['AdminClusters'],
    }),
    adminCloseCluster: build.mutation<boolean, number>({
      query: (clusterId) => ({ url: '/api/Admin/CloseCluster', params: { clusterId } }),
      invalidatesTags: ['AdminClusters', 'AdminTeams', 'AdminTeam', 'AdminUsers'],
    }),
    // Never cached across visits: every look at the trail is current.
    adminGetAuditRecords: build.query<AuditRecordsPage, AuditRecordsRequest>({
      query: (body) => ({ url: '/api/Admin/GetAuditRecords', method: 'POST', body }),
      keepUnusedDataFor: 0,
    }),
    adminGetRetentionDue: build.query<readonly RetentionDueRow[], void>({
      query: () => ({ url: '/api/Admin/GetRetentionDue' }),
      keepUnusedDataFor: 0,
    }),
    adminSyncFromIdp: build.mutation<number, void>({
      query: () => ({ url: '/api/Admin/SyncDBFromIdp' }),
      invalidatesTags: ['AdminUsers', 'AdminUserDetail', 'AdminTeams'],
    }),
  }),
})

export const {
  useAdminGetTeamsNeedingAttentionQuery,
  useAdminGetStatusMasterQuery,
  useLazyAdminGetMenteesQuery,
  useLazyAdminGetMentorsQuery,
  useAdminGetAllUsersQuery,
  useLazyAdminGetUserDetailQuery,
  useAdminGetUserDetailQuery,
  useLazyAdminGetMenteeStateDataQuery,
  useAdminUpdateMenteeInformationMutation,
  useAdminUpdateUserStatusMutation,
  useAdminUpdateMentorCapacityMutation,
  useAdminDeleteUserMutation,
  useAdminGetManualMatchingMasterDataQuery,
  useAdminCreateManualTandemMutation,
  useAdminGetTandemListQuery,
  useAdminGetTandemByIdQuery,
  useAdminGetTeamTimelineQuery,
  useAdminAcceptProposalMutation,
  useAdminDeclineProposalMutation,
  useAdminCloseTandemMutation,
  useAdminEndTandemMutation,
  useAdminGetClustersQuery,
  useAdminGetAuditRecordsQuery,
  useAdminGetRetentionDueQuery,
  useAdminCreateClusterMutation,
  useAdminCloseClusterMutation,
  useAdminSyncFromIdpMutation,
  useAdminResendNotificationMutation,
  useAdminGetQuestionnaireDraftQuery,
  useAdminSaveQuestionnaireDraftMutation,
  useLazyAdminCheckQuestionnaireDraftQuery,
  useAdminPublishQuestionnaireDraftMutation,
  useAdminGetQuestionnaireVersionsQuery,
  useAdminStartQuestionnairePreviewMutation,
  useAdminGetQuestionnairePreviewQuery,
  useAdminCancelQuestionnairePreviewMutation,
  useLazyAdminExportQuestionnaireQuery,
  useAdminImportQuestionnaireMutation,
} = adminApi
