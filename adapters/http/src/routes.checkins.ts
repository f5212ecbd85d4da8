// Check-ins of matched teams (docs/api.md#check-ins): the signed-in participant's open questions and
// answer, the mail link's page (a GET shows the question and never answers, so mail scanners that
// open links change nothing) and its one-click answer, and the administrators' attention list.
// Refusals: 400 a bad answer (field and rule), 403 someone else's team, 404 an unknown link, 409 a
// question no longer open or a link used twice, 410 an expired link, 429 too many link calls from one address.
import {
  AnswerCheckInByLinkPayload,
  AnswerCheckInPayload,
  AttentionExportQuery,
  AttentionQuery,
  CheckInLinkQuery,
  DEFAULT_LANGUAGE,
  MyTimelinesQuery,
  OpenCheckInsQuery,
  TeamTimelineQuery,
} from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'
import { answer, defineRoute, type Route } from './route.js'
import { XLSX_TYPE } from './routes.exports.js'
import type { Services } from '@tandem/application/ports'

export const checkInRoutes = (s: Services): readonly Route[] => [
  defineRoute({
    method: 'GET',
    path: '/api/Mentorship/GetOpenCheckIns',
    policy: 'self',
    summary: "the caller's check-in questions open now (one per team and side at most): team, side, occasion, when asked",
    query: OpenCheckInsQuery,
    owner: (q) => [q.email],
    handle: async ({ actor }) => answer(await s.mentorship.openCheckIns(actor)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Mentorship/AnswerCheckIn',
    policy: 'self',
    summary: "answer an open check-in question of the caller's own team; seen by administrators only",
    body: AnswerCheckInPayload,
    owner: (_q, b) => [b.email],
    handle: async ({ actor, body }) => answer(await s.mentorship.answer(actor, body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Mentorship/GetCheckInByLink',
    policy: 'anonymous',
    limit: 'mailLink',
    summary: "the question a check-in mail's link asks and whether it is still open; never answers it",
    query: CheckInLinkQuery,
    handle: async ({ query }) => answer(await s.mentorship.linkCheckIn(query.token)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Mentorship/AnswerCheckInByLink',
    policy: 'anonymous',
    limit: 'mailLink',
    summary: "answer the question of a check-in mail's one-time link (the click on its page)",
    body: AnswerCheckInByLinkPayload,
    handle: async ({ body }) => answer(await s.mentorship.answerByLink(body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetTeamsNeedingAttention',
    policy: 'admin',
    summary: 'MATCHED teams needing attention (not met by day 21, pulse 1–2, two unanswered in a row, cannot reach), by program year',
    query: AttentionQuery,
    handle: async ({ actor, query }) => answer(await s.mentorship.attention(actor, query.clusterId ?? null)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Mentorship/GetMyTimelines',
    policy: 'self',
    summary:
      "the caller's check-in timelines (running teams and those ended within 60 days): their own answers only, never the partner's, and the next question's date",
    query: MyTimelinesQuery,
    owner: (q) => [q.email],
    handle: async ({ actor }) => answer(await s.mentorship.myTimelines(actor)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetTeamTimeline',
    policy: 'admin',
    summary:
      "one team's check-in timeline: every question with both sides' times, answers and notes, what comes next, how it ended (audited); null when it never matched",
    query: TeamTimelineQuery,
    handle: async ({ actor, query }) => answer(await s.mentorship.teamTimeline(actor, query.tandemId)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/ExportTeamsNeedingAttention',
    policy: 'admin',
    summary: 'the teams needing attention as a spreadsheet (program year, match date, days since, reasons); ?clusterId=&language=en|de',
    query: AttentionExportQuery,
    produces: 'spreadsheet',
    handle: async ({ actor, query }) => {
      const result = await s.exports.attention(actor, query.clusterId ?? null, query.language ?? DEFAULT_LANGUAGE)
      return isLeft(result)
        ? answer(result)
        : { kind: 'stream', status: 200, contentType: XLSX_TYPE, filename: result.right.filename, write: result.right.write }
    },
  }),
]
