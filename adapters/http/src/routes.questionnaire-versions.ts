// The administrator's questionnaire calls: read and save the draft (against the revision edited),
// check it, publish it, list the published versions. Admin only; see docs/api.md.
import {
  QUESTIONNAIRE_FILE_MAX_BYTES,
  QuestionnaireDraftConflict,
  QuestionnaireDraftSave,
  QuestionnaireDraftView,
  QuestionnaireExportQuery,
  QuestionnaireImportRequest,
  QuestionnairePreviewQuery,
  QuestionnairePreviewRequest,
  QuestionnairePublishRequest,
  QuestionnaireVersionSummary,
} from '@tandem/core'
import * as t from 'io-ts'
import type { Services } from '@tandem/application/ports'
import { answer, defineRoute, type Route } from './route.js'

export const questionnaireVersionRoutes = (s: Services): readonly Route[] => [
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetQuestionnaireDraft',
    policy: 'admin',
    summary:
      'the questionnaire draft to edit, with its revision (only growing, across publishes too), the version it follows, who saved it and when (an ISO instant; null for a fresh copy of the latest version)',
    answers: QuestionnaireDraftView,
    handle: async ({ actor }) => answer(await s.questionnaireVersions.draft(actor)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/SaveQuestionnaireDraft',
    policy: 'admin',
    summary:
      'save the questionnaire draft edited at `revision`; 400 for a text with markup; 409 when someone saved or published since, with the draft now and the fields that differ (nothing is saved); the other rules are checked when published',
    body: QuestionnaireDraftSave,
    answers: QuestionnaireDraftView,
    conflict: QuestionnaireDraftConflict,
    // A whole questionnaire, as large as a questionnaire file may be.
    bodyLimit: QUESTIONNAIRE_FILE_MAX_BYTES,
    handle: async ({ actor, body }) => answer(await s.questionnaireVersions.saveDraft(actor, body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/CheckQuestionnaireDraft',
    policy: 'admin',
    summary: 'every reason the saved draft cannot be published yet (field, message key, values), checked against the latest version',
    handle: async ({ actor }) => answer(await s.questionnaireVersions.check(actor)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/PublishQuestionnaireDraft',
    policy: 'admin',
    summary:
      'publish the saved draft at `revision` as the next version (checked again; 400 with the findings, 409 when it moved); scoring and the questionnaire use it from then on',
    body: QuestionnairePublishRequest,
    answers: QuestionnaireVersionSummary,
    handle: async ({ actor, body }) => answer(await s.questionnaireVersions.publish(actor, body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetQuestionnaireVersions',
    policy: 'admin',
    summary: 'the published questionnaire versions, oldest first: number, who published it and when (an ISO instant)',
    answers: t.array(QuestionnaireVersionSummary),
    handle: async ({ actor }) => answer(await s.questionnaireVersions.versions(actor)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/ExportQuestionnaire',
    policy: 'admin',
    summary: 'a published version (the latest without `version`) as a questionnaire file, to copy a setup to another installation',
    query: QuestionnaireExportQuery,
    handle: async ({ actor, query }) => answer(await s.questionnaireVersions.exportFile(actor, query)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/ImportQuestionnaire',
    policy: 'admin',
    summary:
      'a questionnaire file as the draft in place of the draft at `revision`: decoded and checked against the latest version, texts plain (400 with each field under `file.`), 409 when the draft moved, with what changed',
    body: QuestionnaireImportRequest,
    answers: QuestionnaireDraftView,
    conflict: QuestionnaireDraftConflict,
    bodyLimit: QUESTIONNAIRE_FILE_MAX_BYTES + 1024,
    handle: async ({ actor, body }) => answer(await s.questionnaireVersions.importFile(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/StartQuestionnairePreview',
    policy: 'admin',
    summary:
      "start the saved draft's impact preview on a program year's cohort (null: every year) against the latest version; it runs in a worker thread, follow it with GetQuestionnairePreview",
    body: QuestionnairePreviewRequest,
    handle: async ({ actor, body }) => answer(await s.questionnaireVersions.startPreview(actor, body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetQuestionnairePreview',
    policy: 'admin',
    summary:
      "an impact preview's state and share done, and once done its figures now and with the draft, from any instance (previews are stored); 404 for an unknown preview or one of the older than the last 20 finished",
    query: QuestionnairePreviewQuery,
    handle: async ({ actor, query }) => answer(await s.questionnaireVersions.preview(actor, query)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/CancelQuestionnairePreview',
    policy: 'admin',
    summary:
      'cancel a running impact preview from any instance: the preview, now `Cancelled` (the computing instance ends its worker within a moment, no figures are written); 409 `InvalidTransition` when it finished, 404 for an unknown one',
    query: QuestionnairePreviewQuery,
    handle: async ({ actor, query }) => answer(await s.questionnaireVersions.cancelPreview(actor, query)),
  }),
]
