// Program years (clusters). Deactivation goes through the world store, since it releases tandems.
import { clusterIdOf, type Cluster, type ClusterId } from '@tandem/core'
import type { Database } from '../portable/database.js'
import { serialiseTransactions } from '../portable/dialect.js'
import { clusterOf } from '../portable/rows.js'
import type { ClustersRepository } from '@tandem/application/ports'

export type { ClustersRepository }

export const createClustersRepository = (db: Database): ClustersRepository => {
  const k = db.kysely
  const list = async (): Promise<Cluster[]> => (await db.all(k.selectFrom('clusters').selectAll().orderBy('id'))).map(clusterOf)
  return {
    list,
    byId: async (id: ClusterId): Promise<Cluster | undefined> => (await list()).find((c) => c.clusterId === id),
    defaultCluster: async (): Promise<Cluster | undefined> => (await list()).find((c) => c.isDefault && !c.isEnded),
    /** Creates a cluster; undefined when the title is taken. The first cluster becomes the default. */
    create: (title: string, isDefault = false): Promise<ClusterId | undefined> =>
      db.transaction(async () => {
        // Instances starting together on an empty PostgreSQL database each create the default
        // year: one after another, the later ones find it (SQLite's writer holds the file anyway).
        await serialiseTransactions(db, 'clusters')
        if ((await db.first(k.selectFrom('clusters').select('id').where('title', '=', title))) !== undefined) return undefined
        const first = (await db.first(k.selectFrom('clusters').select('id'))) === undefined
        const inserted = await db.first(
          k
            .insertInto('clusters')
            .values({ title, is_ended: 0, is_default: isDefault || first ? 1 : 0 })
            .returning('id'),
        )
        return inserted === undefined ? undefined : clusterIdOf(inserted.id)
      }),
  }
}
