// What stored tandem rows say about their history, for the statistics. They follow from the
// transitions (docs/product.md#tandem-moves): a proposal keeps its decision time when it is closed later, so a
// tandem's outcome can be read from its row whatever happened after.
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely'
import type { Schema } from '../portable/schema.js'

/** Expired after the mentee accepted, while the mentor had to answer (72 h): the mentor was paused for it. */
export const mentorLetExpire = (eb: ExpressionBuilder<Schema, 'tandems'>): Expression<SqlBool> =>
  eb.and([eb('tandems.state', '=', 'NOREACTION'), eb('tandems.mentee_decided_at', 'is not', null)])

/** 1 when the condition holds, else 0: summed, it counts rows (portable, unlike summing a boolean). */
export const oneIf = (condition: Expression<SqlBool>): Expression<number> => sql<number>`case when ${condition} then 1 else 0 end`

/**
 * Tandems counted per (state, manual, percentage), with how many of them the mentor decided on and
 * how many the mentee never decided on: the database groups in index order, without sorting.
 */
export type TandemGroup = {
  readonly state: string
  readonly manual: boolean
  readonly percentage: number
  readonly count: number
  readonly mentorDecided: number
  readonly menteeUndecided: number
}

/** Teams whose mentor accepted: MATCHED, or released since (CLOSED). A mentor's decline leaves the team DECLINED. */
export const matchedIn = (g: TandemGroup): number => (g.state === 'DECLINED' ? 0 : g.mentorDecided)
export const declinedIn = (g: TandemGroup): number => (g.state === 'DECLINED' ? g.count : 0)
/** Expired while the mentee had to choose (48 h): NOREACTION with no mentee decision. */
export const menteeExpiredIn = (g: TandemGroup): number => (g.state === 'NOREACTION' ? g.menteeUndecided : 0)
/** Expired after the mentee accepted, while the mentor had to answer (72 h). */
export const mentorExpiredIn = (g: TandemGroup): number => (g.state === 'NOREACTION' ? g.count - g.menteeUndecided : 0)
