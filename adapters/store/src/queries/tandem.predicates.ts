// Core's deadline rule as SQL, for the sweep's work list: a tandem in a phase a passed deadline ends
// (core's DEADLINE_PHASES, read from the tandem move table and its phase shapes) whose waiting side's
// deadline is reached (isPast: at the deadline nothing can be answered). The same question as core's
// expiredSide, so the list holds exactly the tandems the sweep expires.
import { DEADLINE_PHASES, type Instant } from '@tandem/core'
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import type { Schema } from '../portable/schema.js'

/** The tandem's deadline has passed at `now` while the side it waits for still had to answer: expiredSide. */
export const proposalExpired =
  (now: Instant) =>
  (eb: ExpressionBuilder<Schema, 'tandems'>): Expression<SqlBool> =>
    eb.or(
      DEADLINE_PHASES.flatMap(({ side, shapes }) =>
        shapes.map((shape) =>
          eb.and([
            eb('tandems.state', '=', shape.state),
            eb('tandems.mentee_state', '=', shape.mentee),
            eb('tandems.mentor_state', '=', shape.mentor),
            eb(side === 'Mentee' ? 'tandems.mentee_deadline' : 'tandems.mentor_deadline', '<=', now),
          ]),
        ),
      ),
    )
