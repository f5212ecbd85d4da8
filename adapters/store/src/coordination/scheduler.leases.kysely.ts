// The scheduler leases over Kysely on either dialect, asynchronous, for server instances sharing one
// PostgreSQL database (or one SQLite file): the same statements as the synchronous leases.
import type { Kysely } from 'kysely'
import type { Instant } from '@tandem/core'
import { currentLease, releaseLease, takeLease, type LeaseHolding } from './scheduler.leases.js'
import type { Schema } from '../portable/schema.js'

export type SharedSchedulerLeases = {
  /** Takes or renews the lease `name` for `holder` until `now + ttl`; answers whether `holder` holds it. */
  readonly take: (name: string, holder: string, now: Instant, ttl: number) => Promise<boolean>
  readonly release: (name: string, holder: string) => Promise<void>
  readonly current: (name: string) => Promise<LeaseHolding | undefined>
}

export const createSharedSchedulerLeases = (db: Kysely<Schema>): SharedSchedulerLeases => ({
  take: async (name, holder, now, ttl) => (await takeLease(db, name, holder, now, ttl).executeTakeFirst()) !== undefined,
  release: async (name, holder) => {
    await releaseLease(db, name, holder).execute()
  },
  current: (name) => currentLease(db, name).executeTakeFirst(),
})
