// Wire values for component tests, shaped by the core's codecs (type-checked against them).
import type {
  ParticipantProposal,
  ProfileMasterData,
  QuestionnaireQuestion,
  RoleName,
  Side,
  StatusName,
  UserProfileResponse,
  UserStatusEntry,
  UserView,
} from '@tandem/core'
import { CURRENT_CONSENT_VERSIONS, STATUS_IDS } from '@tandem/core'

export const aStatus = (
  role: Side,
  userStatus: StatusName,
  dates: Partial<Pick<UserStatusEntry, 'questionLastPublishDate' | 'questionLastSavedDate'>> = {},
): UserStatusEntry => ({
  role,
  userStatus,
  userStatusId: STATUS_IDS[userStatus],
  questionLastPublishDate: dates.questionLastPublishDate ?? null,
  questionLastSavedDate: dates.questionLastSavedDate ?? null,
})

export const aUser = (
  email: string,
  roles: readonly RoleName[],
  statuses: readonly UserStatusEntry[],
  overrides: Partial<UserView> = {},
): UserView => ({
  email,
  firstName: 'Mia',
  lastName: 'Muster',
  gender: 'Female',
  dateOfBirth: '1990-04-07',
  profileImage: null,
  defaultLanguage: 1,
  countryCodeId: 64,
  stateOriginalId: 11,
  city: 'Berlin',
  professionalPosition: 'Engineer',
  company: 'ACME',
  clusterId: 3,
  userProfileQuestionAnswers: [],
  userRole: roles.map((name) => ({ name })),
  userStatuses: [...statuses],
  language: 'en',
  consentsDue: [],
  consentVersions: { ...CURRENT_CONSENT_VERSIONS },
  ...overrides,
})

export const masterData: ProfileMasterData = {
  federalState: [
    { stateName: 'Berlin', stateOriginalId: 11 },
    { stateName: 'Bayern', stateOriginalId: 9 },
  ],
  countryMaster: [
    { countryName: 'Germany', countryCodeId: 64 },
    { countryName: 'Austria', countryCodeId: 14 },
  ],
  language: [
    { languageName: 'English', languageId: 1 },
    { languageName: 'Deutsch', languageId: 2 },
  ],
  cluster: [
    { clusterText: '2025/26', clusterId: 3 },
    { clusterText: '2026/27', clusterId: 4 },
  ],
  userProfileQuestions: [{ userQuestionOriginalId: 1, userQuestionText: 'What drives you?', side: 'All' }],
}

export const aProfileResponse = (user: UserView): UserProfileResponse => ({
  userProfile: user,
  userProfileMasterModel: masterData,
  userStatuses: user.userStatuses,
})

export const aProposal = (overrides: Partial<ParticipantProposal> = {}): ParticipantProposal => ({
  proposalId: 11,
  pairedProposalId: 12,
  matchingTandemId: 6,
  proposalState: 'PROPOSED',
  tandemState: 'ACTIVE',
  tandemDate: '2026-11-20T10:00:00.000Z',
  email: null,
  firstName: 'Max',
  lastName: 'Mentor',
  profileImage: null,
  baseMatchRuleScore: 7,
  maxScore: 10,
  percentage: 70,
  breakdown: [{ questionPairId: 2, points: 3, max: 3, common: [21] }],
  ...overrides,
})

/** A questionnaire with one question of each kind: single choice, multiple choice, year, text. */
export const questions = (answers: Partial<Record<number, QuestionnaireQuestion['userSelectedAnswers']>> = {}): QuestionnaireQuestion[] => [
  {
    originalQuestionId: 101,
    questionPairId: 1,
    questionText: 'Which gender would you prefer?',
    ruleName: 'SingleFit',
    answerKind: 'choice',
    maxOption: 1,
    topic: 'gender',
    possibleAnswers: [
      { originalPossibleAnswerId: 11, optionText: 'Female', languageName: 'en', isNoPreference: false, isNoSuchBackground: false },
      { originalPossibleAnswerId: 12, optionText: 'No preference', languageName: 'en', isNoPreference: true, isNoSuchBackground: false },
    ],
    userSelectedAnswers: answers[1] ?? [],
  },
  {
    originalQuestionId: 102,
    questionPairId: 2,
    questionText: 'Which industries?',
    ruleName: 'MultipleMatchesFit',
    answerKind: 'choice',
    maxOption: 2,
    topic: 'industries',
    possibleAnswers: [
      { originalPossibleAnswerId: 21, optionText: 'IT', languageName: 'en', isNoPreference: false, isNoSuchBackground: false },
      { originalPossibleAnswerId: 22, optionText: 'Health', languageName: 'en', isNoPreference: false, isNoSuchBackground: false },
      { originalPossibleAnswerId: 23, optionText: 'Finance', languageName: 'en', isNoPreference: false, isNoSuchBackground: false },
      { originalPossibleAnswerId: 24, optionText: 'No preference', languageName: 'en', isNoPreference: true, isNoSuchBackground: false },
    ],
    userSelectedAnswers: answers[2] ?? [],
  },
  {
    originalQuestionId: 103,
    questionPairId: 3,
    questionText: 'Year you started working',
    ruleName: 'YearsFit',
    answerKind: 'year',
    maxOption: 0,
    topic: 'experience',
    possibleAnswers: [],
    userSelectedAnswers: answers[3] ?? [],
  },
  {
    originalQuestionId: 104,
    questionPairId: 4,
    questionText: 'What matters to you in working together?',
    ruleName: 'MentorOnly',
    answerKind: 'text',
    maxOption: 0,
    topic: 'working',
    possibleAnswers: [],
    userSelectedAnswers: answers[4] ?? [],
  },
]
