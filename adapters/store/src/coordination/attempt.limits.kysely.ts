// The sign-in limiter over Kysely on either dialect, asynchronous, for server instances sharing one
// PostgreSQL database (or one SQLite file): the same store, keys and budgets as the synchronous
// limiter (attempt.limits.ts), its statements run through Kysely's executor.
import type { Kysely } from 'kysely'
import type { Instant } from '@tandem/core'
import { limiterOver, RATE_LIMITS_SECRET, type AttemptLimiter, type AttemptRules } from './attempt.limits.js'
import { kyselyRunner } from '../portable/query.runner.js'
import type { Schema } from '../portable/schema.js'
import { readSecret } from '../portable/secrets.js'

/** Reads (or makes) the key of the account hashes first, hence asynchronous. */
export const createSharedAttemptLimiter = async (
  db: Kysely<Schema>,
  now: () => Instant,
  rules: Partial<AttemptRules> = {},
): Promise<AttemptLimiter> => limiterOver(kyselyRunner(db), await readSecret(db, RATE_LIMITS_SECRET), now, rules)
