// Leases of the server's periodic tasks, so that of several server processes on one database only
// one runs a sweep at a time: the holder renews its lease each round, others take over when it ends.
import type { Kysely } from 'kysely'
import type { Instant } from '@tandem/core'
import type { Database } from '../portable/database.js'
import type { Schema } from '../portable/schema.js'

export type LeaseHolding = { readonly name: string; readonly holder: string; readonly until: Instant }

export type SchedulerLeases = {
  /**
   * Takes or renews the lease `name` for `holder` until `now + ttl`, in one atomic upsert: succeeds
   * when nobody holds it, `holder` already does, or the other holder's lease ran out. Answers
   * whether `holder` now holds it.
   */
  readonly take: (name: string, holder: string, now: Instant, ttl: number) => Promise<boolean>
  /** Ends `holder`'s lease at once (on shutdown), so another process need not wait for it to run out. */
  readonly release: (name: string, holder: string) => Promise<void>
  readonly current: (name: string) => Promise<LeaseHolding | undefined>
}

/**
 * The claim, one statement on SQLite and PostgreSQL alike: a new name is inserted; an existing one
 * is updated only where the condition holds, and a row comes back only when `holder` got it (on
 * PostgreSQL the condition is checked again on the row as a concurrent claim left it).
 */
export const takeLease = (k: Kysely<Schema>, name: string, holder: string, now: Instant, ttl: number) => {
  if (!Number.isFinite(ttl) || ttl <= 0) throw new Error(`lease ttl must be positive, got ${ttl}`)
  return k
    .insertInto('scheduler_leases')
    .values({ name, holder, until: now + ttl })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet((eb) => ({ holder: eb.ref('excluded.holder'), until: eb.ref('excluded.until') }))
        .where((eb) => eb.or([eb('scheduler_leases.holder', '=', holder), eb('scheduler_leases.until', '<=', now)])),
    )
    .returning('name')
}

export const releaseLease = (k: Kysely<Schema>, name: string, holder: string) =>
  k.updateTable('scheduler_leases').set({ until: 0 }).where('name', '=', name).where('holder', '=', holder)

export const currentLease = (k: Kysely<Schema>, name: string) => k.selectFrom('scheduler_leases').selectAll().where('name', '=', name)

export const createSchedulerLeases = (db: Database): SchedulerLeases => {
  const k = db.kysely
  return {
    take: async (name, holder, now, ttl) => (await db.first(takeLease(k, name, holder, now, ttl))) !== undefined,
    release: async (name, holder) => {
      await db.run(releaseLease(k, name, holder))
    },
    current: (name) => db.first(currentLease(k, name)),
  }
}
