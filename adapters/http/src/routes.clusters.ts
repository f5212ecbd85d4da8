// Program years (docs/admin.md): the list, a new year, and deactivating one, which releases its
// teams. Admin only.
import { CloseClusterQuery, CreateClusterQuery } from '@tandem/core'
import { answer, defineRoute, type Route } from './route.js'
import type { Services } from '@tandem/application/ports'

export const clusterRoutes = (s: Services): readonly Route[] => [
  defineRoute({
    method: 'GET',
    path: '/api/Admin/GetClusters',
    policy: 'admin',
    summary: 'program years',
    handle: async ({ actor }) => answer(await s.admin.clusters(actor)),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/Admin/CreateCluster',
    policy: 'admin',
    summary: 'create a program year from yearText',
    query: CreateClusterQuery,
    handle: async ({ actor, query }) => answer(await s.admin.createCluster(actor, query.yearText)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Admin/CloseCluster',
    policy: 'admin',
    summary: 'deactivate a program year, releasing its tandems',
    query: CloseClusterQuery,
    handle: async ({ actor, query }) => answer(await s.admin.closeCluster(actor, query.clusterId)),
  }),
]
