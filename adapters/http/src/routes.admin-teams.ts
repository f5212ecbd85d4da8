// The administrator's calls on teams (docs/admin.md): pairing by hand, the team list, one team,
// releasing it, and accepting or declining on a participant's behalf. Admin only.
import {
  AdminAcceptPayload,
  AdminDeclinePayload,
  CloseTandemPayload,
  ManualTandemCreatePayload,
  MatchingTandemByIdQuery,
  MatchingTandemListRequest,
} from '@tandem/core'
import { answer, defineRoute, type Route } from './route.js'
import type { Services } from '@tandem/application/ports'

export const adminTeamRoutes = (s: Services): readonly Route[] => [
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
    path: '/api/Admin/GetMatchingTandemList',
    policy: 'admin',
    summary: 'tandems by state, id, user search and program year',
    body: MatchingTandemListRequest,
    handle: async ({ actor, body }) => answer(await s.admin.tandemList(actor, body)),
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
]
