// The waitlist's storage (migration 0021): the mentee's opt-out flag and the "places changed"
// triggers the world store writes with every command that opened a place; and the mail's one-time
// stop links (migration 0024), which the world store writes with the mail.
import { userIdOf, type Answers, type UserId } from '@tandem/core'
import type { WaitlistRepository } from '@tandem/application/ports'
import type { Database } from '../portable/database.js'
import { answersOf } from '../portable/rows.js'
import { mayStartRun } from '../queries/mentee.predicates.js'

export type { WaitlistRepository }

/** The row of `meta` that holds when the last waitlist round started. */
const LAST_ROUND_KEY = 'waitlist_last_round_at'

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
            // A superset of the core's waiting mentees: the last run found nobody, or a team of
            // theirs was ended at or after their last run started (the core asks whether it was the most
            // recent and for which reason).
            .where((eb) =>
              eb.or([
                eb('mentee_no_match', '=', 1),
                eb.exists(
                  eb
                    .selectFrom('tandems')
                    .select('tandems.id')
                    .whereRef('tandems.mentee_id', '=', 'users.id')
                    .where('tandems.ended_at', 'is not', null)
                    .where((t) =>
                      t.or([
                        t('users.mentee_last_started_at', 'is', null),
                        t('tandems.ended_at', '>=', t.ref('users.mentee_last_started_at')),
                      ]),
                    ),
                ),
              ]),
            )
            .where('mentee_waitlist_off', '=', 0)
            .where(mayStartRun)
            .orderBy('mentee_last_started_at')
            .orderBy('id'),
        )
      ).map((r) => userIdOf(r.id)),
    pendingTrigger: async () => {
      const rows = await db.all(k.selectFrom('places_changed').select(['id', 'mentor_id']).orderBy('id'))
      const last = rows.at(-1)
      if (last === undefined) return null
      const named = rows.every((r) => r.mentor_id !== null)
      const lastRound = await db.first(k.selectFrom('meta').select('value').where('key', '=', LAST_ROUND_KEY))
      return {
        upTo: last.id,
        mentorIds: named ? [...new Set(rows.map((r) => r.mentor_id as UserId))] : null,
        lastRoundAt: lastRound === undefined ? null : Number(lastRound.value),
      }
    },
    menteeAnswers: async (menteeIds) => {
      const found = new Map<UserId, { answers: Answers; savedAt: number }>()
      // In chunks: SQLite's and PostgreSQL's limits on bound parameters.
      for (let i = 0; i < menteeIds.length; i += 500) {
        const chunk = menteeIds.slice(i, i + 500)
        const rows = await db.all(
          k.selectFrom('answers').select(['user_id', 'answers', 'saved_at']).where('side', '=', 'Mentee').where('user_id', 'in', chunk),
        )
        for (const r of rows)
          found.set(userIdOf(r.user_id), { answers: answersOf(r.answers, `answers of ${r.user_id}`), savedAt: r.saved_at })
      }
      return found
    },
    served: async (upTo: number, roundAt: number) => {
      await db.transaction(async () => {
        await db.send(k.deleteFrom('places_changed').where('id', '<=', upTo))
        await db.send(
          k
            .insertInto('meta')
            .values({ key: LAST_ROUND_KEY, value: roundAt })
            .onConflict((oc) => oc.column('key').doUpdateSet({ value: roundAt })),
        )
      })
    },
    stopLinkOf: async (tokenHash) => {
      const row = await db.first(k.selectFrom('waitlist_stop_links').selectAll().where('token_hash', '=', tokenHash))
      return row === undefined
        ? undefined
        : {
            menteeId: userIdOf(Number(row.user_id)),
            expiresAt: Number(row.expires_at),
            usedAt: row.used_at === null ? null : Number(row.used_at),
          }
    },
    useStopLink: async (tokenHash, at) =>
      (await db.run(
        k.updateTable('waitlist_stop_links').set({ used_at: at }).where('token_hash', '=', tokenHash).where('used_at', 'is', null),
      )) === 1,
  }
}
