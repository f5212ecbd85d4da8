// The waitlist (docs/api.md, docs/matching.md#waitlist): a mentee reads and switches "tell me when a
// mentor is found". Both are POSTs naming the caller, like GetProposals. The mail's one-time stop
// link needs no sign-in: its page's GET only reads the link (mail scanners open links), the page's
// button POSTs and turns the waitlist off (404 unknown, 409 used, 410 expired link, 429 too many
// link calls from one address). Administrators read the waitlist's overview.
import {
  DEFAULT_LANGUAGE,
  SetWaitlistPayload,
  StopWaitlistByLinkPayload,
  WaitlistOverviewQuery,
  WaitlistQuery,
  WaitlistStopLinkQuery,
} from '@tandem/core'
import { answer, defineRoute, type Route } from './route.js'
import type { Services } from '@tandem/application/ports'

export const waitlistRoutes = (s: Services): readonly Route[] => [
  defineRoute({
    method: 'POST',
    path: '/api/MatchingTandem/GetWaitlist',
    policy: 'self',
    summary: "the caller's waitlist: whether it is on, and since when they wait (null: not waiting)",
    body: WaitlistQuery,
    owner: (_q, b) => [b.email],
    handle: async ({ actor }) => answer(await s.matching.waitlist(actor)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/MatchingTandem/SetWaitlist',
    policy: 'self',
    summary: 'turn the waitlist ("tell me when a mentor is found") on or off; mentees only',
    body: SetWaitlistPayload,
    owner: (_q, b) => [b.email],
    handle: async ({ actor, body }) => answer(await s.matching.setWaitlist(actor, body)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/MatchingTandem/GetWaitlistStopByLink',
    policy: 'anonymous',
    limit: 'mailLink',
    summary: "whether a waitlist mail's stop link still works (used or expired: why not); never turns anything off",
    query: WaitlistStopLinkQuery,
    handle: async ({ query }) => answer(await s.matching.waitlistStopByLink(query.token)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/MatchingTandem/StopWaitlistByLink',
    policy: 'anonymous',
    limit: 'mailLink',
    summary: "turn the waitlist off with a waitlist mail's one-time stop link (the click on its page; no sign-in)",
    body: StopWaitlistByLinkPayload,
    handle: async ({ body }) => answer(await s.matching.stopWaitlistByLink(body.token)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetWaitlistOverview',
    policy: 'admin',
    summary:
      'the waitlist for administrators: who waits (by name) and how many, for how long, and the answers no available mentor offers (small groups hidden); ?clusterId=&language=en|de',
    query: WaitlistOverviewQuery,
    handle: async ({ actor, query }) =>
      answer(await s.statistics.waitlist(actor, query.clusterId ?? null, query.language ?? DEFAULT_LANGUAGE)),
  }),
]
