// The admin's cohort page calls: start a whole-cohort run (it runs in a worker thread), follow and
// cancel it, review and edit its draft, publish it. Admin only; see docs/api.md.
import { CohortChoicesQuery, CohortDraftEdit, CohortDraftQuery, CohortRunQuery, CohortRunRequest, LatestCohortRunQuery } from '@tandem/core'
import { answer, defineRoute, type Route } from './route.js'
import type { Services } from '@tandem/application/ports'

export const cohortRoutes = (s: Services): readonly Route[] => [
  defineRoute({
    method: 'POST',
    path: '/api/Admin/StartCohortRun',
    policy: 'admin',
    summary: 'start a whole-cohort run for a program year (objective, minimum percentage); it runs off the request thread',
    body: CohortRunRequest,
    handle: async ({ actor, body }) => answer(await s.cohort.start(actor, body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetCohortRunProgress',
    policy: 'admin',
    summary: "a cohort run's state, phase and fraction (the latest run without runId; null when none)",
    query: LatestCohortRunQuery,
    handle: async ({ query }) => answer(await s.cohort.progress(query)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/CancelCohortRun',
    policy: 'admin',
    summary: 'cancel a running cohort run',
    query: CohortRunQuery,
    handle: async ({ query }) => answer(await s.cohort.cancel(query)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetCohortDraft',
    policy: 'admin',
    summary:
      "a cohort run's draft, one page of each list: pairs with score and what they share, the unmatched with their reason, the skipped; counts and totals beside first-come-first-served",
    query: CohortDraftQuery,
    handle: async ({ query }) => answer(await s.cohort.draft(query)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetCohortMentorChoices',
    policy: 'admin',
    summary: 'the mentors an admin may pick for a mentee of a draft, each with that pair’s score',
    query: CohortChoicesQuery,
    handle: async ({ query }) => answer(await s.cohort.choices(query)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/EditCohortDraft',
    policy: 'admin',
    summary: "drop a mentee's pair (mentorId null) or pick another mentor for them",
    body: CohortDraftEdit,
    handle: async ({ body }) => answer(await s.cohort.edit(body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/PublishCohortDraft',
    policy: 'admin',
    summary:
      'create the reviewed tandems (one proposal per mentee, NEW_TANDEM mails) in one transaction; changed pairs are skipped and listed',
    query: CohortRunQuery,
    handle: async ({ actor, query }) => answer(await s.cohort.publish(actor, query)),
  }),
]
