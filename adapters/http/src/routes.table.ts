// Every call of docs/product.md#calls (participant calls under /api/Questionnaire/... and
// /api/MatchingTandem/...), with its policy. The authorization test walks this table; docs/api.md lists it.
import {
  AcceptConsentsPayload,
  AcceptDeclinePayload,
  AdminAcceptPayload,
  AdminDeclinePayload,
  AdminUserDetailQuery,
  AuditRecordsRequest,
  BooleanFromString,
  CloseClusterQuery,
  CloseTandemPayload,
  CreateClusterQuery,
  DeclineReasonQuery,
  DeleteUserQuery,
  DeleteOwnAccountPayload,
  EmailAddress,
  GetProposalsRequest,
  UserIdFromString,
  LogErrorPayload,
  ManualTandemCreatePayload,
  MatchingTandemByIdQuery,
  MatchingTandemListRequest,
  MenteeStateChangeQuery,
  MenteeStateSavePayload,
  NotifyUserPayload,
  ResendNotificationPayload,
  ProfileUpdateRequest,
  ProposedProfileQuery,
  QuestionAnswerPairsQuery,
  SaveAnswersPayload,
  SignInPayload,
  SignUpPayload,
  StartMatchingRequest,
  StatusSelection,
  StatusUpdatePayload,
  MentorCapacityPayload,
  UserDetailsQuery,
  UserProfileQuery,
  UserView,
  fail,
  fieldError,
  ok,
  validatePhotoBytes,
} from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { MAX_IMAGE_BYTES, reencodeImage } from './image.js'
import { answer, defineRoute, denied, json, type Route } from './route.js'
import { cohortRoutes } from './routes.cohort.js'
import { endingRoutes } from './routes.ending.js'
import { waitlistRoutes } from './routes.waitlist.js'
import { learningRoutes } from './routes.learning.js'
import { checkInRoutes } from './routes.checkins.js'
import { meetingRoutes } from './routes.meetings.js'
import { questionnaireVersionRoutes } from './routes.questionnaire-versions.js'
import { exportRoutes } from './routes.exports.js'
import { statisticsRoutes } from './routes.statistics.js'
import { docsRoutes } from './routes.docs.js'
import { openApiDocument, type OpenApiDocument } from './openapi/openapi.document.js'
import type { Services } from '@tandem/application'

/** The characters of a browser error report that are kept (how many a caller may send: the limiter's logError budget). */
export const LOG_ERROR_MAX_CHARACTERS = 2000

const ImageForm = t.strict({ email: EmailAddress, IsDeleted: t.union([BooleanFromString, t.undefined]) })
const ImageParams = t.strict({ userId: UserIdFromString })

/** The version the API description states. */
export const API_VERSION = '1.0.0'

export const routeTable = (s: Services): readonly Route[] => {
  const calls = serviceRoutes(s)
  // Built on first request: the document describes the whole table, its own two routes included.
  let document: OpenApiDocument | undefined
  const routes: readonly Route[] = [...calls, ...docsRoutes(() => (document ??= openApiDocument(routes, API_VERSION)))]
  return routes
}

const serviceRoutes = (s: Services): readonly Route[] => [
  defineRoute({
    method: 'GET',
    path: '/api/health',
    policy: 'anonymous',
    summary: 'liveness and database check',
    handle: async () => json(200, ok(await s.health())),
  }),

  // Account
  defineRoute({
    method: 'POST',
    path: '/api/account/signup',
    policy: 'self',
    summary: 'register the token holder with the role of the entry point',
    body: SignUpPayload,
    owner: (_q, b) => [b.Email],
    limit: 'apiSignIn',
    handle: async ({ actor, body }) => answer(await s.account.signUp(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Account/signin',
    policy: 'self',
    whileConsentsDue: true,
    summary: 'the signed-in user (adds the entry role when new to it)',
    body: SignInPayload,
    owner: (_q, b) => [b.Email],
    limit: 'apiSignIn',
    handle: async ({ actor, body }) => answer(await s.account.signIn(actor, body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Account/GetUserDetails',
    policy: 'self',
    whileConsentsDue: true,
    summary:
      "the participant view of the caller (a mentee's status entry after a run that found nobody names the must-fit answers nobody offers)",
    query: UserDetailsQuery,
    answers: UserView,
    owner: (q) => [q.emailId],
    handle: async ({ actor }) => answer(await s.account.userDetails(actor)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Account/AcceptConsents',
    policy: 'self',
    whileConsentsDue: true,
    summary: "accept the privacy policy and terms in the versions in force (the body names the versions shown); answers the caller's view",
    body: AcceptConsentsPayload,
    owner: (_q, b) => [b.email],
    handle: async ({ actor, body }) => answer(await s.account.acceptConsents(actor, body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Account/DeleteUserFromIdp',
    policy: 'admin',
    summary: 'delete a user (releasing their live tandems)',
    query: DeleteUserQuery,
    handle: async ({ actor, query }) => answer(await s.account.deleteUser(actor, query)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Account/DeleteMyAccount',
    policy: 'self',
    whileConsentsDue: true,
    summary: "delete the caller's own account for good: live tandems end (partners told), personal data erased everywhere",
    body: DeleteOwnAccountPayload,
    owner: (_q, b) => [b.email],
    handle: async ({ actor, body }) => answer(await s.account.deleteOwnAccount(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Account/PrepareMyData',
    policy: 'self',
    whileConsentsDue: true,
    summary: "start preparing the caller's own data as one zip (GDPR Art. 15/20); answers the job's state at once",
    body: UserDetailsQuery,
    owner: (_q, b) => [b.emailId],
    handle: async ({ actor }) => answer(await s.personalData.start(actor)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Account/MyDataStatus',
    policy: 'self',
    whileConsentsDue: true,
    summary: "the state and progress (0-100) of the caller's data download; 404 when none was started",
    query: UserDetailsQuery,
    owner: (q) => [q.emailId],
    handle: async ({ actor }) => answer(await s.personalData.status(actor)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Account/DownloadMyData',
    policy: 'self',
    whileConsentsDue: true,
    summary: "the caller's prepared data as a zip (data.json, photo, summary), once; 404 when none is ready",
    query: UserDetailsQuery,
    owner: (q) => [q.emailId],
    produces: 'archive',
    handle: async ({ actor }) => {
      const result = await s.personalData.download(actor)
      if (isLeft(result)) return answer(result)
      const { filename, bytes } = result.right
      return { kind: 'stream', status: 200, contentType: 'application/zip', filename, write: async (out) => void out.end(bytes) }
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Logger/LogError',
    policy: 'anonymous',
    summary: `log a browser error (signed out too; limited per caller, 429 beyond; first ${LOG_ERROR_MAX_CHARACTERS} characters kept)`,
    body: LogErrorPayload,
    limit: 'logError',
    handle: async ({ actor, body }) => {
      return answer(await s.account.logError(actor, { ErrorMessage: body.ErrorMessage.slice(0, LOG_ERROR_MAX_CHARACTERS) }))
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Notification/NotifyUser',
    policy: 'admin',
    summary: 'send a notification of a template type to a user',
    body: NotifyUserPayload,
    handle: async ({ actor, body }) => answer(await s.account.notifyUser(actor, body)),
  }),

  // User
  defineRoute({
    method: 'POST',
    path: '/api/user/UpdateProfile',
    policy: 'self',
    summary: 'save the profile (no image)',
    body: ProfileUpdateRequest,
    owner: (_q, b) => [b.email],
    handle: async ({ actor, body }) => answer(await s.user.updateProfile(actor, body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/user/GetUserProfile',
    policy: 'self',
    whileConsentsDue: true,
    summary: 'profile, master data and statuses of the caller',
    query: UserProfileQuery,
    owner: (q) => [q.email],
    side: (q) => q.role,
    handle: async ({ actor, query }) => answer(await s.user.profile(actor, query)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/user/UpdateProfileImage',
    policy: 'self',
    multipart: true,
    summary: 'multipart email, imageFile (png/jpeg/gif ≤ 5 MB by content), IsDeleted',
    body: ImageForm,
    owner: (_q, b) => [b.email],
    handle: async ({ actor, body, incoming }) => {
      if (body.IsDeleted === true) return answer(await s.user.updateImage(actor, null))
      const file = incoming.file
      if (file === null) return json(400, fail('ValidationFailed', [fieldError('imageFile', 'requiredFieldError')]))
      if (file.bytes.length > MAX_IMAGE_BYTES) return json(413, fail('InvalidProfileImage'))
      const refused = validatePhotoBytes(file.bytes)
      const image = refused.length > 0 ? null : await reencodeImage(file.bytes)
      if (image === null)
        return json(400, fail('ValidationFailed', refused.length > 0 ? refused : [fieldError('imageFile', 'invalid-profile-image')]))
      return answer(await s.user.updateImage(actor, image))
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/User/ProfileImage/:userId',
    policy: 'self',
    summary: 'a photo, for its owner, a tandem partner or an admin',
    produces: 'image',
    handle: async ({ actor, incoming }) => {
      const params = ImageParams.decode(incoming.params)
      if (isLeft(params)) return json(404, fail('NotFound'))
      const result = await s.user.image(actor, params.right.userId)
      if (isLeft(result)) return answer(result)
      if (result.right === null) return json(404, fail('NotFound'))
      return { kind: 'bytes', status: 200, contentType: result.right.mime, bytes: result.right.bytes }
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/User/GetProposedUserProfile',
    policy: 'self',
    summary: 'the other side of the best current proposal',
    query: ProposedProfileQuery,
    owner: (q) => [q.email],
    side: (q) => q.role,
    handle: async ({ actor, query }) => answer(await s.user.proposedProfile(actor, query)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/User/GetAllStatus',
    policy: 'self',
    summary: 'the status master list',
    handle: async () => answer(await s.user.allStatuses()),
  }),

  // Questionnaire
  defineRoute({
    method: 'GET',
    path: '/api/Questionnaire/GetQuestionAnswerPairs',
    policy: 'self',
    summary: "questions of a side with the caller's answers",
    query: QuestionAnswerPairsQuery,
    owner: (q) => [q.emailId],
    side: (q) => q.role,
    handle: async ({ actor, query }) => answer(await s.questionnaire.questionAnswerPairs(actor, query)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Questionnaire/CreateAnswer',
    policy: 'self',
    summary: "first save of a side's answers (publish for mentors)",
    body: SaveAnswersPayload,
    owner: (_q, b) => [b.email],
    side: (_q, b) => b.roleName,
    handle: async ({ actor, body }) => answer(await s.questionnaire.saveAnswers(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Questionnaire/UpdateAnswer',
    policy: 'self',
    summary: "later saves of a side's answers",
    body: SaveAnswersPayload,
    owner: (_q, b) => [b.email],
    side: (_q, b) => b.roleName,
    handle: async ({ actor, body }) => answer(await s.questionnaire.saveAnswers(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Questionnaire/UpdateUserStatus',
    policy: 'self',
    summary: 'a mentor enables or disables their matching',
    body: StatusUpdatePayload,
    owner: (_q, b) => [b.email],
    side: (_q, b) => b.roleName,
    handle: async ({ actor, body }) => answer(await s.questionnaire.updateUserStatus(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Questionnaire/UpdateMentorCapacity',
    policy: 'self',
    summary: 'a mentor chooses how many mentees they take at once (1 to 5)',
    body: MentorCapacityPayload,
    owner: (_q, b) => [b.email],
    side: () => 'Mentor',
    handle: async ({ actor, body }) => answer(await s.questionnaire.updateMentorCapacity(actor, body)),
  }),

  // Matching team (participant)
  defineRoute({
    method: 'POST',
    path: '/api/MatchingTandem/GetProposals',
    policy: 'self',
    summary: "the caller's proposals with remaining times (deadlines applied)",
    body: GetProposalsRequest,
    owner: (_q, b) => [b.email],
    handle: async ({ actor }) => answer(await s.matching.proposals(actor)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/MatchingTandem/AcceptProposal',
    policy: 'self',
    summary: 'accept a proposal as mentee or mentor',
    body: AcceptDeclinePayload,
    owner: (_q, b) => [b.email],
    side: (_q, b) => b.role,
    handle: async ({ actor, body }) => answer(await s.matching.accept(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/MatchingTandem/DeclineProposal',
    policy: 'self',
    summary: 'decline a proposal with a reason',
    body: AcceptDeclinePayload,
    owner: (_q, b) => [b.email],
    side: (_q, b) => b.role,
    handle: async ({ actor, body }) => answer(await s.matching.decline(actor, body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/MatchingTandem/GetDeclineReason',
    policy: 'self',
    summary: 'decline reasons of a side in a language',
    query: DeclineReasonQuery,
    owner: (q) => [q.email],
    side: (q) => q.role,
    handle: async ({ query }) => answer(await s.matching.declineReasons(query)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/MatchingTandem/CreateMatchingTandem',
    policy: 'self',
    summary: 'start matching: a run for the mentee',
    body: StartMatchingRequest,
    owner: (_q, b) => [b.menteeEmail],
    side: () => 'Mentee',
    // The web app reads statusCode in the body (docs/product.md#calls), on refusals decided before the run too.
    reportsStatus: true,
    handle: async ({ actor }) => answer(await s.matching.startMatching(actor)),
  }),

  // Admin
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetAllUsers',
    policy: 'admin',
    summary: 'every user',
    handle: async ({ actor }) => answer(await s.admin.allUsers(actor)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetUserDetail',
    policy: 'admin',
    summary: 'account, answers, tandems and notification history of a user',
    query: AdminUserDetailQuery,
    handle: async ({ actor, query }) => answer(await s.admin.userDetail(actor, query)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetMasterDataForMenteeStateChange',
    policy: 'admin',
    summary: "clusters, statuses and a mentee's current ones",
    query: MenteeStateChangeQuery,
    handle: async ({ actor, query }) => answer(await s.admin.menteeStateChangeData(actor, query.email)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/UpdateMenteeInformation',
    policy: 'admin',
    summary: "change a mentee's status and program year",
    body: MenteeStateSavePayload,
    handle: async ({ actor, body }) => answer(await s.admin.updateMenteeInformation(actor, body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetManualMatchingMasterData',
    policy: 'admin',
    summary: 'states, available mentees and mentors, clusters',
    handle: async ({ actor }) => answer(await s.admin.manualMatchingMasterData(actor)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/CreateMatchingTandemManual',
    policy: 'admin',
    summary: 'create a tandem by hand',
    body: ManualTandemCreatePayload,
    handle: async ({ actor, body }) => answer(await s.admin.createManualTandem(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/UpdateUserStatus',
    policy: 'admin',
    summary: "enable or disable a mentor's matching",
    body: StatusUpdatePayload,
    handle: async ({ actor, body }) => answer(await s.admin.updateUserStatus(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/UpdateMentorCapacity',
    policy: 'admin',
    summary: 'set how many mentees a mentor takes at once (1 to 5)',
    body: MentorCapacityPayload,
    handle: async ({ actor, body }) => answer(await s.admin.updateMentorCapacity(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/GetMatchingTandemList',
    policy: 'admin',
    summary: 'tandems by state, id, user search and program year',
    body: MatchingTandemListRequest,
    handle: async ({ actor, body }) => answer(await s.admin.tandemList(actor, body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetStatusMaster',
    policy: 'admin',
    summary: 'the status master list',
    handle: async ({ actor }) => answer(await s.admin.statusMaster(actor)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/GetMentees',
    policy: 'admin',
    summary: 'mentees with the selected statuses',
    body: StatusSelection,
    handle: async ({ actor, body }) => answer(await s.admin.usersByStatus(actor, 'Mentee', body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/GetMentors',
    policy: 'admin',
    summary: 'mentors with the selected statuses',
    body: StatusSelection,
    handle: async ({ actor, body }) => answer(await s.admin.usersByStatus(actor, 'Mentor', body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/GetMatchingTandemById',
    policy: 'admin',
    summary: 'a tandem with both proposals and its version',
    query: MatchingTandemByIdQuery,
    handle: async ({ actor, query }) => answer(await s.admin.tandemById(actor, query.matchingTandemId)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/CloseMatchingTandem',
    policy: 'admin',
    summary: 'release a tandem (both proposals CLOSED)',
    body: CloseTandemPayload,
    handle: async ({ actor, body }) => answer(await s.admin.closeTandem(actor, body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetClusters',
    policy: 'admin',
    summary: 'program years',
    handle: async ({ actor }) => answer(await s.admin.clusters(actor)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/CreateCluster',
    policy: 'admin',
    summary: 'create a program year from yearText',
    query: CreateClusterQuery,
    handle: async ({ actor, query }) => answer(await s.admin.createCluster(actor, query.yearText)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/CloseCluster',
    policy: 'admin',
    summary: 'deactivate a program year, releasing its tandems',
    query: CloseClusterQuery,
    handle: async ({ actor, query }) => answer(await s.admin.closeCluster(actor, query.clusterId)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/SyncDBFromIdp',
    policy: 'admin',
    summary: 'overwrite names and e-mails from the identity provider',
    handle: async ({ actor }) => answer(await s.admin.syncFromIdp(actor)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/AcceptProposal',
    policy: 'admin',
    summary: 'accept proposals on behalf of participants (version checked)',
    body: AdminAcceptPayload,
    handle: async ({ actor, body }) => answer(await s.admin.accept(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/DeclineProposal',
    policy: 'admin',
    summary: 'decline a proposal on behalf of a participant (version checked)',
    body: AdminDeclinePayload,
    handle: async ({ actor, body }) => answer(await s.admin.decline(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/ResendNotification',
    policy: 'admin',
    summary: 'queue a failed notification of the history again',
    body: ResendNotificationPayload,
    handle: async ({ actor, body }) => answer(await s.admin.resendNotification(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/GetAuditRecords',
    policy: 'admin',
    summary:
      "the administrators' audit trail (who read or changed whose data, when), filtered by admin, person, action and dates; one page",
    body: AuditRecordsRequest,
    handle: async ({ actor, body }) => answer(await s.admin.auditRecords(actor, body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetRetentionDue',
    policy: 'admin',
    summary: 'the people the retention sweep will erase (RETENTION_MONTHS), with their notice',
    handle: async ({ actor }) => answer(await s.admin.retentionDue(actor)),
  }),
  ...endingRoutes(s),
  ...waitlistRoutes(s),
  ...checkInRoutes(s),
  ...meetingRoutes(s),
  ...cohortRoutes(s),
  ...questionnaireVersionRoutes(s),
  ...exportRoutes(s),
  ...statisticsRoutes(s),
  ...learningRoutes(s),
]

export { denied }
