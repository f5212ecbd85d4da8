// Ending a MATCHED team (docs/api.md): a participant ends their own, an administrator ends any, each
// with a reason from the core's list. Refusals come from the core: 400 for the request, 403 for a
// team the caller is not part of, 404 unknown, 409 when the team is not MATCHED or changed.
import { AdminEndTandemPayload, EndTandemPayload } from '@tandem/core'
import { answer, defineRoute, type Route } from './route.js'
import type { Services } from '@tandem/application/ports'

export const endingRoutes = (s: Services): readonly Route[] => [
  defineRoute({
    method: 'POST',
    path: '/api/MatchingTandem/EndMatchingTandem',
    policy: 'self',
    summary: "end the caller's own MATCHED team with a reason; a mentor may ask to be paused",
    body: EndTandemPayload,
    owner: (_q, b) => [b.email],
    handle: async ({ actor, body }) => answer(await s.matching.endTandem(actor, body)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/EndMatchingTandem',
    policy: 'admin',
    summary: 'end a MATCHED team with a reason (version checked); optionally pause the mentor',
    body: AdminEndTandemPayload,
    handle: async ({ actor, body }) => answer(await s.admin.endTandem(actor, body)),
  }),
]
