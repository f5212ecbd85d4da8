// Wire values for the pure tests of the proposal card and the dashboard rules (no server: these
// tests render a card or call a rule with a value), shaped by the core's codecs.
import { proposalIdOf, tandemIdOf, type ParticipantProposal, type QuestionnaireQuestion } from '@tandem/core'

export const aProposal = (overrides: Partial<ParticipantProposal> = {}): ParticipantProposal => ({
  proposalId: proposalIdOf(tandemIdOf(6), 'Mentee'),
  pairedProposalId: proposalIdOf(tandemIdOf(6), 'Mentor'),
  matchingTandemId: tandemIdOf(6),
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
