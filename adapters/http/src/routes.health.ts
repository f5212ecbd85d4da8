// Liveness: the server answers and its database does (docs/api.md). Anonymous, for load balancers
// and the operator's checks.
import { ok } from '@tandem/core'
import { defineRoute, json, type Route } from './route.js'
import type { Services } from '@tandem/application/ports'

export const healthRoutes = (s: Services): readonly Route[] => [
  defineRoute({
    method: 'GET',
    path: '/api/health',
    policy: 'anonymous',
    summary: 'liveness and database check',
    handle: async () => json(200, ok(await s.health())),
  }),
]
