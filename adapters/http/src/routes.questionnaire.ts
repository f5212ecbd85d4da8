// The participant's questionnaire calls (docs/product.md#calls): the questions with the caller's
// answers, saving them, and a mentor's matching switch and capacity.
import { QuestionAnswerPairsQuery, SaveAnswersPayload, StatusUpdatePayload, MentorCapacityPayload } from '@tandem/core'
import { answer, defineRoute, type Route } from './route.js'
import type { Services } from '@tandem/application/ports'

export const questionnaireRoutes = (s: Services): readonly Route[] => [
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
]
