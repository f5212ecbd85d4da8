// The waitlist's storage (migration 0021): the mentee's opt-out flag and the "places changed"
// triggers the world store writes with every command that opened a place.
import type { UserId } from '@tandem/core'
import type { WaitlistRepository } from '@tandem/application'
import type { Database } from '../portable/database.js'

export type { WaitlistRepository }

export const createWaitlistRepository = (db: Database): WaitlistRepository => {
  const k = db.kysely
  return {
    isOff: async (menteeId: UserId) =>
      ((await db.first(k.selectFrom('users').select('mentee_waitlist_off').where('id', '=', menteeId)))?.mentee_waitlist_off ?? 0) !== 0,
    setOff: async (menteeId: UserId, off: boolean) =>
      (await db.run(
        k
          .updateTable('users')
          .set({ mentee_waitlist_off: off ? 1 : 0 })
          .where('id', '=', menteeId),
      )) > 0,
    maybeWaitingIds: async () =>
      (
        await db.all(
          k
            .selectFrom('users')
            .select('id')
            .where('mentee_no_match', '=', 1)
            .where('mentee_waitlist_off', '=', 0)
            .where('mentee_status', 'in', ['NEW', 'AVAILABLE'])
            .orderBy('mentee_last_started_at')
            .orderBy('id'),
        )
      ).map((r) => r.id),
    pendingTrigger: async () => (await db.first(k.selectFrom('places_changed').select((eb) => eb.fn.max('id').as('last'))))?.last ?? null,
    served: async (upTo: number) => {
      await db.send(k.deleteFrom('places_changed').where('id', '<=', upTo))
    },
  }
}
