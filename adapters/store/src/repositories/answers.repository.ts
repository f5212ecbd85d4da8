// Questionnaire answers per user and side, and the published mentors a matching run packs into its
// pool. Decoded mentor answers stay in memory keyed by user version, so a repack reads only ids and
// versions from the file for mentors whose answers did not change.
import { userIdOf, type Answers, type Side, type UserId } from '@tandem/core'
import { sql } from 'kysely'
import type { Database } from '../portable/database.js'
import { answersOf } from '../portable/rows.js'
import type { Candidate, AnswersRepository } from '@tandem/application/ports'

export type { Candidate, AnswersRepository }

export const createAnswersRepository = (db: Database): AnswersRepository => {
  const k = db.kysely
  const cache = new Map<number, { readonly version: number; readonly answers: Answers }>()

  const load = async (userId: UserId, side: Side): Promise<{ answers: Answers; savedAt: number } | undefined> => {
    const row = await db.first(
      k.selectFrom('answers').select(['answers', 'saved_at']).where('user_id', '=', userId).where('side', '=', side),
    )
    return row === undefined ? undefined : { answers: answersOf(row.answers, `answers of ${userId}`), savedAt: row.saved_at }
  }

  return {
    load,
    /**
     * Saves one side's answers and raises the user's version (so pools elsewhere see the change).
     * `complete` records whether they make a complete questionnaire (the statistics' funnel counts it).
     */
    save: async (userId: UserId, side: Side, answers: Answers, now: number, complete: boolean): Promise<void> => {
      await db.transaction(async () => {
        const json = JSON.stringify(answers)
        const done = complete ? 1 : 0
        await db.run(
          k
            .insertInto('answers')
            .values({ user_id: userId, side, answers: json, saved_at: now })
            .onConflict((oc) => oc.columns(['user_id', 'side']).doUpdateSet({ answers: json, saved_at: now })),
        )
        await db.run(
          k
            .updateTable('users')
            .set((eb) => ({
              version: eb('version', '+', 1),
              ...(side === 'Mentor'
                ? { mentor_last_saved_at: now, mentor_questionnaire_complete: done }
                : { mentee_questionnaire_complete: done }),
            }))
            .where('id', '=', userId),
        )
        if (side === 'Mentor') await db.bumpMentorPool()
      })
    },

    /** Every published mentor whatever their status, with answers: the pool a run packs once and reuses. */
    publishedMentors: async (): Promise<Candidate[]> => {
      const rows = await db.all(k.selectFrom('users').select(['id', 'version', 'mentor_pool_since']).where('mentor_published', '=', 1))
      const stale = rows.filter((r) => cache.get(r.id)?.version !== r.version).map((r) => r.id)
      for (let i = 0; i < stale.length; i += 500) {
        const chunk = stale.slice(i, i + 500)
        const found = new Map(
          (
            await db.all(k.selectFrom('answers').select(['user_id', 'answers']).where('side', '=', 'Mentor').where('user_id', 'in', chunk))
          ).map((r) => [r.user_id, r.answers]),
        )
        const versions = new Map(rows.filter((r) => chunk.includes(r.id)).map((r) => [r.id, r.version]))
        for (const [id, version] of versions) {
          const json = found.get(id)
          cache.set(id, { version, answers: json === undefined ? [] : answersOf(json, `answers of ${id}`) })
        }
      }
      return rows.map((r) => ({ id: userIdOf(r.id), answers: cache.get(r.id)?.answers ?? [], poolSince: r.mentor_pool_since }))
    },

    /** The saved answers of one side with their time, for the person's own copy of their data. */
    answersOf: (userId: UserId, side: Side) => load(userId, side),

    /** Whether any answers exist for the side (CreateAnswer vs UpdateAnswer). */
    exists: async (userId: UserId, side: Side): Promise<boolean> =>
      (await db.first(
        k
          .selectFrom('answers')
          .select(sql<number>`1`.as('one'))
          .where('user_id', '=', userId)
          .where('side', '=', side),
      )) !== undefined,
  }
}
