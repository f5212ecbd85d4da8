// Administrator calls on program years: the list, a new year, and deactivating one (which releases
// its teams and sets its mentees INACTIVE, as one command).
import { deactivateCluster, validateClusterTitle } from '@tandem/core'
import type { Services } from '../ports/services.port.js'
import { isLeft, left, right } from 'fp-ts/lib/Either.js'
import type { ServiceContext } from '../context.js'
import { withMentorshipEnd } from '../mentorship/checkins.js'
import type { Unaudited } from '../audit/audit.js'

type ClustersAdmin = Pick<Unaudited<Services['admin']>, 'clusters' | 'createCluster' | 'closeCluster'>

export type ClustersAdminPorts = Pick<
  ServiceContext,
  | 'checkInMails'
  | 'clock'
  | 'clusters'
  | 'inOneTransaction'
  | 'lists'
  | 'logger'
  | 'meetingMails'
  | 'meetings'
  | 'mentorship'
  | 'outbox'
  | 'publicUrl'
  | 'store'
  | 'timeZone'
>

export const clustersAdmin = (ctx: ClustersAdminPorts): ClustersAdmin => ({
  clusters: async () => right(await ctx.clusters.list()),

  createCluster: async (title) => {
    const text = title.trim()
    const errors = validateClusterTitle(text)
    if (errors.length > 0) return left({ _tag: 'ValidationFailed', errors })
    const id = await ctx.clusters.create(text)
    const cluster = id === undefined ? undefined : await ctx.clusters.byId(id)
    return cluster === undefined ? left({ _tag: 'ClusterTitleTaken' }) : right(cluster)
  },

  closeCluster: async (clusterId) => {
    const now = ctx.clock()
    const members = await ctx.lists.clusterMemberIds(clusterId)
    // Its MATCHED teams end their check-in timelines in the same transaction (closing survey).
    const result = await withMentorshipEnd(ctx, members.tandemIds, () => ctx.store.run(members, deactivateCluster(now, { clusterId }), now))
    return isLeft(result) ? result : right(true)
  },
})
