// The store's clusters as the application needs it; @tandem/store implements it.
import type { Cluster, ClusterId } from '@tandem/core'

export type ClustersRepository = {
  list: () => Promise<Cluster[]>
  byId: (id: ClusterId) => Promise<Cluster | undefined>
  defaultCluster: () => Promise<Cluster | undefined>
  /** Creates a cluster; undefined when the title is taken. The first cluster becomes the default. */
  create: (title: string, isDefault?: boolean) => Promise<ClusterId | undefined>
}
