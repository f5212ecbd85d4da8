import { CheckInAnswer, teamOutcomeFigures } from '@tandem/core'
import { isLeft } from 'fp-ts/lib/Either.js'
import { type Kysely, type Migration, sql } from 'kysely'
import { portable } from '../dialect.js'
import { OUTCOME_FIGURE_COUNTS, outcomeColumnsOf } from '../rows.js'
import type { Schema } from '../schema.js'

/**
 * Each team's outcome figures on its timeline row (core teamOutcomeFigures: the first "yes, we have
 * met", the answered pulses and closing surveys per score), so that the statistics sum one row per
 * team: counting them from the answers' JSON cost about 0.8 s per page over 40,000 teams
 * (`npm run bench -- statistics`). The answers already given are counted here.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    const t = portable(db)
    await db.schema.alterTable('mentorship_timelines').addColumn('met_at', t.integer).execute()
    for (const column of OUTCOME_FIGURE_COUNTS)
      await db.schema
        .alterTable('mentorship_timelines')
        .addColumn(column, t.integer, (c) => c.notNull().defaultTo(0))
        .execute()
    const answered = await sql<{ tandem_id: number; answered_at: number; answer: string }>`
      select tandem_id, answered_at, answer from mentorship_checkins where answer is not null order by tandem_id`.execute(db)
    const byTeam = new Map<number, { answer: CheckInAnswer; answeredAt: number }[]>()
    for (const row of answered.rows) {
      const answer = CheckInAnswer.decode(JSON.parse(row.answer))
      if (isLeft(answer)) throw new Error(`the check-in answer of team ${row.tandem_id} does not decode`)
      const team = Number(row.tandem_id)
      byTeam.set(team, [...(byTeam.get(team) ?? []), { answer: answer.right, answeredAt: Number(row.answered_at) }])
    }
    for (const [tandemId, checkIns] of byTeam) {
      await (db as unknown as Kysely<Pick<Schema, 'mentorship_timelines'>>)
        .updateTable('mentorship_timelines')
        .set(outcomeColumnsOf(teamOutcomeFigures(checkIns)))
        .where('tandem_id', '=', tandemId)
        .execute()
    }
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['met_at', ...OUTCOME_FIGURE_COUNTS])
      await db.schema.alterTable('mentorship_timelines').dropColumn(column).execute()
  },
}
