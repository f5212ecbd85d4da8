// Core's mentee rules as SQL, for the queries that pick or count mentees without loading them: the
// statuses come from core's status table (matching-pool.ts), so a status added there is classified
// here too.
import { POOL_WAITING_MENTEE_STATUSES, RUN_START_STATUSES } from '@tandem/core'
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import type { Schema } from '../portable/schema.js'

/** A run may start from the user's mentee status: mayStartRun. */
export const mayStartRun = (eb: ExpressionBuilder<Schema, 'users'>): Expression<SqlBool> =>
  eb('users.mentee_status', 'in', [...RUN_START_STATUSES])

/** The pool statistics count the mentee as waiting (started matching once, in a waiting status): isWaitingInPool. */
export const waitingInPool = (eb: ExpressionBuilder<Schema, 'users'>): Expression<SqlBool> =>
  eb.and([eb('users.mentee_status', 'in', [...POOL_WAITING_MENTEE_STATUSES]), eb('users.mentee_first_started_at', 'is not', null)])
