// A participant's matching calls (docs/matching.md): their proposals, accepting or declining one,
// the decline reasons, and a mentee's start of a matching run.
import { AcceptDeclinePayload, DeclineReasonQuery, GetProposalsRequest, StartMatchingRequest } from '@tandem/core'
import { answer, defineRoute, type Route } from './route.js'
import type { Services } from '@tandem/application/ports'

export const matchingRoutes = (s: Services): readonly Route[] => [
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
]
