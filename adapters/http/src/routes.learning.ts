// What the outcomes say (docs/learning.md): the report of a program year or all years, and "Try in a
// draft", which saves the suggested weights into the questionnaire draft. Admin only; docs/api.md.
import { LearningQuery, LearningTryInDraftRequest, LearningView, QuestionnaireDraftConflict, QuestionnaireDraftView } from '@tandem/core'
import type { Services } from '@tandem/application/ports'
import { answer, defineRoute, type Route } from './route.js'

export const learningRoutes = (s: Services): readonly Route[] => [
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetLearningReport',
    policy: 'admin',
    summary:
      "what the outcomes say about the questions: per question its effect with an interval, the shares of good teams, today's and the suggested weight (small groups hidden); NotEnough below 200 finished teams; ?clusterId= (none: all years)",
    query: LearningQuery,
    answers: LearningView,
    handle: async ({ actor, query }) => answer(await s.learning.report(actor, query.clusterId ?? null)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/TryLearningInDraft',
    policy: 'admin',
    summary:
      'save the suggested weights of the report into the questionnaire draft edited at `revision` (nothing is published); 400 when there is not enough to learn from; 409 as SaveQuestionnaireDraft when the draft moved',
    body: LearningTryInDraftRequest,
    answers: QuestionnaireDraftView,
    conflict: QuestionnaireDraftConflict,
    handle: async ({ actor, body }) => answer(await s.learning.tryInDraft(actor, body)),
  }),
]
