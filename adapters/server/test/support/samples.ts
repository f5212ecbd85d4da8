// One well-formed request per route, naming `owner` wherever the route names a user: the
// authorization matrix and the malformed-input property start from these.
import { CURRENT_CONSENT_VERSIONS } from '@tandem/core'
import type { Person } from './harness.js'

export type Sample = { readonly query?: Record<string, string>; readonly body?: unknown }

const save = (p: Person, role: string) => ({
  email: p.email,
  role,
  pairedUserEmail: 'partner@example.org',
  proposalSaveModel: { proposalId: 1, proposalState: 'ACCEPTED' },
  matchingTandemSaveModel: { matchingTandemId: 1, tandemState: 'ACTIVE' },
})

export const SAMPLES: Readonly<Record<string, (owner: Person, target: Person) => Sample>> = {
  'GET /api/health': () => ({}),
  'GET /api/openapi.json': () => ({}),
  'GET /api/docs': () => ({}),
  'POST /api/account/signup': (o) => ({
    body: {
      FirstName: o.firstName,
      LastName: o.lastName,
      DOB: null,
      Language: 'en',
      Gender: 'NA',
      Email: o.email,
      IsAcceptedDataPrivacyPolicy: true,
      IsAcceptedTermsConditions: true,
      Role: 'Mentee',
    },
  }),
  'POST /api/Account/signin': (o) => ({ body: { Email: o.email, Role: null } }),
  'GET /api/Account/GetUserDetails': (o) => ({ query: { emailId: o.email } }),
  'POST /api/Account/AcceptConsents': (o) => ({ body: { email: o.email, versions: { ...CURRENT_CONSENT_VERSIONS } } }),
  'GET /api/Account/DeleteUserFromIdp': (_o, t) => ({ query: { emailId: t.email, deletefromDB: 'false' } }),
  // A typed address that is not theirs: the policy lets the owner through (400, nothing deleted), so
  // the matrix can go on with the same people; the deletion itself is account.self-deletion.test.ts.
  'POST /api/Account/DeleteMyAccount': (o) => ({ body: { email: o.email, confirmEmail: 'someone.else@example.org' } }),
  'POST /api/Account/PrepareMyData': (o) => ({ body: { emailId: o.email } }),
  'GET /api/Account/MyDataStatus': (o) => ({ query: { emailId: o.email } }),
  'GET /api/Account/DownloadMyData': (o) => ({ query: { emailId: o.email } }),
  'POST /api/Logger/LogError': () => ({ body: { ErrorMessage: 'boom' } }),
  'POST /api/Notification/NotifyUser': (_o, t) => ({
    body: { email: t.email, notificationType: 'ACTIVATE_USER_PROFILE', matchingTandemId: null },
  }),
  'POST /api/user/UpdateProfile': (o) => ({
    body: {
      email: o.email,
      professionalPosition: 'x',
      company: 'y',
      countryCodeId: 1,
      stateOriginalId: null,
      city: 'Rome',
      languageId: 1,
      clusterId: 1,
      profileQuestionAnswer: [],
      isDeletedProfileImage: false,
    },
  }),
  'GET /api/user/GetUserProfile': (o) => ({ query: { email: o.email, language: 'en' } }),
  'POST /api/user/UpdateProfileImage': (o) => ({ body: { email: o.email, IsDeleted: 'true' } }),
  'GET /api/User/ProfileImage/:userId': () => ({}),
  'GET /api/User/GetProposedUserProfile': (o) => ({ query: { email: o.email, role: 'Mentee', language: 'en' } }),
  'GET /api/User/GetAllStatus': () => ({}),
  'GET /api/Questionnaire/GetQuestionAnswerPairs': (o) => ({ query: { language: 'en', role: 'Mentee', emailId: o.email } }),
  'POST /api/Questionnaire/CreateAnswer': (o) => ({
    body: { email: o.email, roleName: 'Mentee', isSavePublish: false, userSelectedAnswerSaveModel: [] },
  }),
  'POST /api/Questionnaire/UpdateAnswer': (o) => ({
    body: { email: o.email, roleName: 'Mentee', isSavePublish: false, userSelectedAnswerSaveModel: [] },
  }),
  'POST /api/Questionnaire/UpdateUserStatus': (o) => ({ body: { email: o.email, roleName: 'Mentor', disableMatching: true } }),
  'POST /api/MatchingTandem/GetProposals': (o) => ({ body: { email: o.email } }),
  'POST /api/MatchingTandem/AcceptProposal': (o) => ({ body: save(o, 'Mentee') }),
  'POST /api/MatchingTandem/DeclineProposal': (o) => ({ body: save(o, 'Mentee') }),
  'GET /api/MatchingTandem/GetDeclineReason': (o) => ({ query: { email: o.email, role: 'Mentee', language: 'de' } }),
  'POST /api/MatchingTandem/CreateMatchingTandem': (o) => ({ body: { menteeEmail: o.email } }),
  'GET /api/Admin/GetAllUsers': () => ({}),
  'POST /api/Admin/GetAuditRecords': (_o, t) => ({
    body: { admin: null, person: t.email, action: null, from: null, to: null, page: 1, pageSize: 20 },
  }),
  'GET /api/Admin/GetRetentionDue': () => ({}),
  'GET /api/Admin/GetUserDetail': (_o, t) => ({ query: { email: t.email, language: 'en' } }),
  'GET /api/Admin/GetMasterDataForMenteeStateChange': (_o, t) => ({ query: { email: t.email } }),
  'POST /api/Admin/UpdateMenteeInformation': (_o, t) => ({
    body: { statusId: 4, clusterId: 1, email: t.email, previousStatus: 'NEW', newStatus: 'AVAILABLE' },
  }),
  'GET /api/Admin/GetManualMatchingMasterData': () => ({}),
  'POST /api/Admin/CreateMatchingTandemManual': (_o, t) => ({
    body: { mentees: { userId: 1, email: t.email }, mentors: { userId: 2, email: t.email } },
  }),
  'POST /api/Admin/UpdateUserStatus': (_o, t) => ({ body: { email: t.email, roleName: 'Mentor', disableMatching: true } }),
  'POST /api/Admin/GetMatchingTandemList': () => ({ body: { tandemStates: [], tandemId: 0, email: '', filterCluster: [] } }),
  'GET /api/Admin/GetStatusMaster': () => ({}),
  'POST /api/Admin/GetMentees': () => ({ body: [{ id: 1, name: 'NEW' }] }),
  'POST /api/Admin/GetMentors': () => ({ body: [{ id: 4, name: 'AVAILABLE' }] }),
  'POST /api/MatchingTandem/EndMatchingTandem': (o) => ({
    body: { email: o.email, matchingTandemId: 999, reasonId: 'no-time', otherText: null, doNotPairAgain: false, pauseMatching: false },
  }),
  'POST /api/MatchingTandem/GetWaitlist': (o) => ({ body: { email: o.email } }),
  'POST /api/MatchingTandem/SetWaitlist': (o) => ({ body: { email: o.email, enabled: true } }),
  // An unknown stop link: 404, turning nothing off.
  'GET /api/MatchingTandem/GetWaitlistStopByLink': () => ({ query: { token: 'a'.repeat(43) } }),
  'POST /api/MatchingTandem/StopWaitlistByLink': () => ({ body: { token: 'a'.repeat(43) } }),
  'GET /api/Mentorship/GetOpenCheckIns': (o) => ({ query: { email: o.email } }),
  // An unknown team: 404, changing nothing.
  'POST /api/Mentorship/AnswerCheckIn': (o) => ({
    body: { email: o.email, matchingTandemId: 999, occasion: { kind: 'Met' }, answer: { kind: 'Met', met: 'Yes' } },
  }),
  // An unknown link: 404, changing nothing.
  'GET /api/Mentorship/GetCheckInByLink': () => ({ query: { token: 'a'.repeat(43) } }),
  'POST /api/Mentorship/AnswerCheckInByLink': () => ({ body: { token: 'a'.repeat(43), answer: { kind: 'Met', met: 'Yes' } } }),
  'GET /api/Admin/GetTeamsNeedingAttention': () => ({ query: { clusterId: '1' } }),
  'GET /api/Admin/GetTeamTimeline': () => ({ query: { tandemId: '1' } }),
  'GET /api/Mentorship/GetMyTimelines': (o) => ({ query: { email: o.email } }),
  // Meetings: an unknown team or meeting answers 404 and changes nothing.
  'GET /api/Meeting/GetMyMeetings': (o) => ({ query: { email: o.email } }),
  'POST /api/Meeting/ProposeMeeting': (o) => ({
    body: {
      email: o.email,
      matchingTandemId: 999,
      slots: [{ start: '2030-01-01T10:00:00.000Z', minutes: 60 }],
      link: 'https://meet.example.org/x',
      place: null,
      agenda: '',
    },
  }),
  'POST /api/Meeting/PickSlot': (o) => ({ body: { email: o.email, meetingId: 999, start: '2030-01-01T10:00:00.000Z' } }),
  'POST /api/Meeting/AskOtherTimes': (o) => ({ body: { email: o.email, meetingId: 999, note: '' } }),
  'POST /api/Meeting/MoveMeeting': (o) => ({
    body: { email: o.email, meetingId: 999, slots: [{ start: '2030-01-01T10:00:00.000Z', minutes: 60 }], note: '' },
  }),
  'POST /api/Meeting/CancelMeeting': (o) => ({ body: { email: o.email, meetingId: 999, note: '' } }),
  'POST /api/Meeting/AnswerTookPlace': (o) => ({ body: { email: o.email, meetingId: 999, tookPlace: true } }),
  'POST /api/Meeting/LogSession': (o) => ({
    body: { email: o.email, matchingTandemId: 999, startedAt: '2026-01-01T10:00:00.000Z', minutes: 60, note: '' },
  }),
  'POST /api/Meeting/SetTimeZone': (o) => ({ body: { email: o.email, timeZone: 'Europe/Berlin' } }),
  'POST /api/Meeting/RenewCalendarFeed': (o) => ({ body: { email: o.email } }),
  'GET /api/Meeting/CalendarFeed': () => ({ query: { token: 'a'.repeat(43) } }),
  'GET /api/Admin/GetWaitlistOverview': () => ({ query: { clusterId: '1', language: 'de' } }),
  'GET /api/Admin/GetLearningReport': () => ({ query: { clusterId: '1' } }),
  'POST /api/Admin/TryLearningInDraft': () => ({ body: { clusterId: null, revision: 0 } }),
  'GET /api/Admin/ExportTeamsNeedingAttention': () => ({ query: { clusterId: '1', language: 'de' } }),
  'POST /api/Questionnaire/UpdateMentorCapacity': (o) => ({ body: { email: o.email, capacity: 2 } }),
  'POST /api/Admin/UpdateMentorCapacity': (_o, t) => ({ body: { email: t.email, capacity: 2 } }),
  'POST /api/Admin/GetMatchingTandemById': () => ({ query: { matchingTandemId: '1' } }),
  'POST /api/Admin/CloseMatchingTandem': () => ({ body: [{ proposalId: 1, proposalState: 'CLOSED', comment: null }] }),
  'GET /api/Admin/GetClusters': () => ({}),
  'POST /api/Admin/CreateCluster': () => ({ query: { yearText: 'Matrix year' } }),
  'GET /api/Admin/CloseCluster': () => ({ query: { clusterId: '999' } }),
  'GET /api/Admin/SyncDBFromIdp': () => ({}),
  'POST /api/Admin/AcceptProposal': (_o, t) => ({
    body: [
      {
        email: t.email,
        role: 'Mentee',
        pairedUserEmail: t.email,
        proposalSaveModel: [{ proposalId: 1, proposalState: 'ACCEPTED' }],
        matchingTandemSaveModel: [{ matchingTandemId: 1, tandemState: 'ACTIVE', version: 1 }],
      },
    ],
  }),
  'POST /api/Admin/DeclineProposal': (_o, t) => ({
    body: {
      declineProposal: {
        proposalId: 1,
        proposalState: 'DECLINED',
        comment: null,
        declineMatchingTandem: { matchingTandemId: 1, tandemState: 'DECLINED', version: 1 },
      },
      menteeEmail: t.email,
      mentorEmail: t.email,
      role: 'Mentee',
    },
  }),
  'POST /api/Admin/ResendNotification': () => ({ body: { notificationId: 999 } }),
  // An unknown team: the call passes the policy and is answered 404, changing nothing.
  'POST /api/Admin/EndMatchingTandem': () => ({
    body: { matchingTandemId: 999, version: 1, reasonId: 'no-time', otherText: null, doNotPairAgain: false, pauseMentor: false },
  }),
  // An unknown program year: the admin's call is refused with 400 and starts nothing.
  'POST /api/Admin/StartCohortRun': () => ({ body: { clusterId: 999, objective: 'maxMatched', threshold: 30 } }),
  'GET /api/Admin/GetCohortRunProgress': () => ({}),
  'POST /api/Admin/CancelCohortRun': () => ({ query: { runId: '999' } }),
  'GET /api/Admin/GetCohortDraft': () => ({ query: { runId: '999' } }),
  'GET /api/Admin/GetCohortMentorChoices': () => ({ query: { runId: '999', menteeId: '1' } }),
  'POST /api/Admin/EditCohortDraft': () => ({ body: { runId: 999, menteeId: 1, mentorId: null } }),
  'POST /api/Admin/PublishCohortDraft': () => ({ query: { runId: '999' } }),
  'GET /api/Admin/GetQuestionnaireDraft': () => ({}),
  // A revision nobody edited: refused with 409, nothing saved or published.
  'POST /api/Admin/SaveQuestionnaireDraft': () => ({
    body: { revision: 999, draft: { questions: [], profileQuestions: [], threshold: 30 } },
  }),
  'GET /api/Admin/CheckQuestionnaireDraft': () => ({}),
  'POST /api/Admin/PublishQuestionnaireDraft': () => ({ body: { revision: 999 } }),
  'GET /api/Admin/GetQuestionnaireVersions': () => ({}),
  'GET /api/Admin/ExportQuestionnaire': () => ({}),
  'POST /api/Admin/ImportQuestionnaire': () => ({ body: { revision: 999, file: {} } }),
  'POST /api/Admin/StartQuestionnairePreview': () => ({ body: { clusterId: null } }),
  'GET /api/Admin/GetQuestionnairePreview': () => ({ query: { previewId: '999' } }),
  'POST /api/Admin/CancelQuestionnairePreview': () => ({ query: { previewId: '999' } }),
  'POST /api/Admin/ExportUserDataByRole': () => ({
    body: {
      role: 'Mentee',
      includeBasicAccountInformation: true,
      includeExtededAccountInformation: false,
      includeProfileInformation: false,
      filterData: {},
    },
  }),
  'POST /api/Admin/GetStatistics': () => ({ query: { language: 'en' }, body: { clusterIds: [], from: null, to: null } }),
  'POST /api/Admin/ExportStatistics': () => ({
    query: { chart: 'funnel', language: 'de' },
    body: { clusterIds: [], from: null, to: null },
  }),
  'GET /api/Admin/ExportMatchingTandemData': () => ({
    query: {
      includeUserAccountInformation: 'true',
      includeMatchingTandemInformation: 'true',
      includeProposalInformation: 'true',
      tandemDateRange: '7',
    },
  }),
}

/** The concrete path of a route (path parameters filled in). */
export const concretePath = (path: string, userId: number): string => path.replace(':userId', String(userId))
