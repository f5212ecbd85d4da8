// The rows learning from outcomes reads (docs/learning.md): per scored matched team, its score
// breakdown at match time and what its timeline recorded. Unlike the statistics, the fit needs one
// row per team; only its aggregates leave the application. Portable Kysely.
import * as t from 'io-ts'
import { EndReasonId, QuestionScore, type LearningTeam } from '@tandem/core'
import type { Database } from '../portable/database.js'
import { decodeStored } from '../portable/rows.js'

export const createLearningQueries = (db: Database) => ({
  learningTeams: async (clusterId: number | null): Promise<LearningTeam[]> => {
    let query = db.kysely
      .selectFrom('mentorship_timelines')
      .innerJoin('tandems', 'tandems.id', 'mentorship_timelines.tandem_id')
      .where('tandems.manual', '=', 0)
      .select([
        'mentorship_timelines.matched_at',
        'mentorship_timelines.met_at',
        'mentorship_timelines.pulse_1',
        'mentorship_timelines.pulse_2',
        'mentorship_timelines.pulse_3',
        'mentorship_timelines.pulse_4',
        'mentorship_timelines.pulse_5',
        'tandems.ended_at',
        'tandems.end_reason',
        'tandems.score_breakdown',
      ])
      .orderBy('mentorship_timelines.tandem_id')
    if (clusterId !== null) query = query.where('tandems.cluster_id', '=', clusterId)
    const rows = await db.all(query)
    return rows.map((r) => ({
      outcome: {
        matchedAt: Number(r.matched_at),
        metAt: r.met_at === null ? null : Number(r.met_at),
        pulses: [r.pulse_1, r.pulse_2, r.pulse_3, r.pulse_4, r.pulse_5].map(Number),
        ending: r.ended_at !== null && EndReasonId.is(r.end_reason) ? { at: Number(r.ended_at), reasonId: r.end_reason } : null,
      },
      breakdown: decodeStored(t.array(QuestionScore), JSON.parse(r.score_breakdown), 'score of a tandem'),
    }))
  },
})
