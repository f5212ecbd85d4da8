// Core's pool rule as SQL, for the queries that count or exclude mentors without loading them: the
// statuses come from core's table (isInMentorPool), so a status added there is classified here too.
import { MENTOR_POOL_STATUSES } from '@tandem/core'
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import type { Schema } from '../portable/schema.js'

/** The user's mentor side is in the pool (published, in a status a run may propose from): isInMentorPool. */
export const inMentorPool = (eb: ExpressionBuilder<Schema, 'users'>): Expression<SqlBool> =>
  eb.and([eb('users.mentor_status', 'in', [...MENTOR_POOL_STATUSES]), eb('users.mentor_published', '=', 1)])
