// Leases of the server's periodic tasks, so that of several server processes on one database only
// one runs a sweep at a time: the holder renews its lease each round, others take over when it ends.
import type { Instant } from '@tandem/core'
import type { Database } from './database.js'

export type LeaseHolding = { readonly name: string; readonly holder: string; readonly until: Instant }

export type SchedulerLeases = {
  /**
   * Takes or renews the lease `name` for `holder` until `now + ttl`, in one BEGIN IMMEDIATE
   * transaction: succeeds when nobody holds it, `holder` already does, or the other holder's lease
   * ran out. Answers whether `holder` now holds it.
   */
  readonly take: (name: string, holder: string, now: Instant, ttl: number) => boolean
  /** Ends `holder`'s lease at once (on shutdown), so another process need not wait for it to run out. */
  readonly release: (name: string, holder: string) => void
  readonly current: (name: string) => LeaseHolding | undefined
}

export const createSchedulerLeases = (db: Database): SchedulerLeases => {
  const k = db.kysely
  return {
    take: (name, holder, now, ttl) => {
      if (!Number.isFinite(ttl) || ttl <= 0) throw new Error(`lease ttl must be positive, got ${ttl}`)
      return db.transaction(() => {
        // A new name starts free (until 0); the conditional update below is the actual claim.
        db.run(
          k
            .insertInto('scheduler_leases')
            .values({ name, holder: '', until: 0 })
            .onConflict((oc) => oc.column('name').doNothing()),
        )
        return (
          db.run(
            k
              .updateTable('scheduler_leases')
              .set({ holder, until: now + ttl })
              .where('name', '=', name)
              .where((eb) => eb.or([eb('holder', '=', holder), eb('until', '<=', now)])),
          ) === 1
        )
      })
    },
    release: (name, holder) => {
      db.run(k.updateTable('scheduler_leases').set({ until: 0 }).where('name', '=', name).where('holder', '=', holder))
    },
    current: (name) => db.first(k.selectFrom('scheduler_leases').selectAll().where('name', '=', name)),
  }
}
