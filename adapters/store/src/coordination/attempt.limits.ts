// The one limiter of sign-in, sign-up, forgot-password, the API's sign-up/sign-in calls and the
// browser error log, with its counters in the database (table `rate_limits`), so every process
// serving the data folder counts together and a restart forgets nothing. Each
// attempt is counted per account (the normalised e-mail) whatever the address, per address (IPv6
// masked to its /64, which one subscriber usually holds whole) and per both.
import { createHmac } from 'node:crypto'
import ipaddr from 'ipaddr.js'
import { sql } from 'kysely'
import { createRequire } from 'node:module'
import { RateLimiterRes, type RateLimiterStoreAbstract as StoreAbstract } from 'rate-limiter-flexible'
import type { Instant } from '@tandem/core'
import type { Database } from '../portable/database.js'
import { databaseRunner, type QueryRunner } from '../portable/query.runner.js'
import { secretNamed } from '../portable/secrets.js'

export type AttemptAction = 'signIn' | 'signUp' | 'forgot' | 'apiSignIn' | 'logError' | 'mailLink'

/** Who attempts: the client's address and, where the attempt names one, the account. */
export type Attempt = { readonly address?: string; readonly account?: string }

export type LimitDecision = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number }

export type AttemptLimiter = (action: AttemptAction, attempt: Attempt) => Promise<LimitDecision>

export type LimitRule = { readonly points: number; readonly seconds: number }

/** Per action, the budgets that apply; a budget whose key part the attempt lacks is skipped. */
export type AttemptRules = {
  readonly [A in AttemptAction]: { readonly addressAndAccount?: LimitRule; readonly account?: LimitRule; readonly address?: LimitRule }
}

const MINUTE = 60
const QUARTER = 15 * MINUTE
const HOUR = 60 * MINUTE

/**
 * Password guessing on one account is bounded whatever the addresses (30 a quarter hour); one
 * address or /64 cannot walk through many accounts (40). The account budget lets an attacker
 * lock an account's sign-in for the rest of the quarter hour; a reset link still works.
 */
export const DEFAULT_ATTEMPT_RULES: AttemptRules = {
  signIn: {
    addressAndAccount: { points: 10, seconds: QUARTER },
    account: { points: 30, seconds: QUARTER },
    address: { points: 40, seconds: QUARTER },
  },
  signUp: {
    addressAndAccount: { points: 5, seconds: HOUR },
    account: { points: 10, seconds: HOUR },
    address: { points: 20, seconds: HOUR },
  },
  forgot: {
    addressAndAccount: { points: 5, seconds: HOUR },
    account: { points: 10, seconds: HOUR },
    address: { points: 20, seconds: HOUR },
  },
  apiSignIn: { address: { points: 60, seconds: MINUTE } },
  // Keyed by the signed-in reporter when there is one, else by the address (routes pass one of them).
  logError: { account: { points: 30, seconds: MINUTE }, address: { points: 30, seconds: MINUTE } },
  // The mails' one-time links (check-ins, the waitlist's stop page), which need no sign-in: a person
  // makes two calls per link (the page's read and the click), a few more on a reload or a mistyped
  // answer, and a household or office behind one address opens a handful of mails; 30 a quarter hour
  // leaves that room many times over. The tokens are 256 random bits, so guessing is hopeless anyway:
  // the budget keeps a script from hammering the lookups and the answers.
  mailLink: { address: { points: 30, seconds: QUARTER } },
}

/** The address a limit counts: IPv4 as it is (also when IPv4-mapped), IPv6 as its /64 network. */
export const addressKey = (address: string): string => {
  const bare = address.replace(/%.*$/, '') // a zone index names the interface, not the host
  if (!ipaddr.isValid(bare)) return address
  const parsed = ipaddr.process(bare)
  if (parsed.kind() === 'ipv4') return parsed.toString()
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`
}

/** The account a limit counts: the e-mail as typed, without case or surrounding space. */
export const accountKey = (account: string): string => account.trim().normalize('NFC').toLowerCase()

const SWEEP_EVERY = 500

// The base class of the library's stores is typed by the package but not exported from its index.
const RateLimiterStoreAbstract = createRequire(import.meta.url)(
  'rate-limiter-flexible/lib/RateLimiterStoreAbstract.js',
) as typeof StoreAbstract

type Counter = { readonly points: number; readonly expire: number | null }

/**
 * rate-limiter-flexible's store contract (`_upsert`, `_get`, `_delete`, `_getRateLimiterRes`) over
 * table `rate_limits` (its row layout: key, points, expire) through Kysely, on the server's clock:
 * the library's own SQL stores read `Date.now()`, which the tests and the deadlines cannot move.
 * The counting, refusing and `msBeforeNext` arithmetic stay the library's.
 */
class RateLimitsTable extends RateLimiterStoreAbstract {
  readonly #db: QueryRunner
  readonly #now: () => Instant

  constructor(db: QueryRunner, now: () => Instant, options: { keyPrefix: string; points: number; duration: number }) {
    super({ ...options, storeClient: db, inMemoryBlockOnConsumed: 0 })
    this.#db = db
    this.#now = now
  }

  /** One atomic statement: a live window adds the points, an expired one starts again. */
  async _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<Counter> {
    const at = this.#now()
    const expire = msDuration > 0 ? at + msDuration : null
    const k = this.#db.kysely
    const live = sql<boolean>`rate_limits.expire is null or rate_limits.expire > ${at}`
    const row = await this.#db.first(
      k
        .insertInto('rate_limits')
        .values({ key: rlKey, points, expire })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet(
            forceExpire
              ? { points, expire }
              : {
                  points: sql<number>`case when ${live} then rate_limits.points + ${points} else ${points} end`,
                  expire: sql<number | null>`case when ${live} then rate_limits.expire else excluded.expire end`,
                },
          ),
        )
        .returning(['points', 'expire']),
    )
    return row ?? { points, expire }
  }

  async _get(rlKey: string): Promise<Counter | null> {
    const at = this.#now()
    const row = await this.#db.first(
      this.#db.kysely
        .selectFrom('rate_limits')
        .select(['points', 'expire'])
        .where('key', '=', rlKey)
        .where((w) => w.or([w('expire', 'is', null), w('expire', '>', at)])),
    )
    return row ?? null
  }

  async _delete(rlKey: string): Promise<boolean> {
    return (await this.#db.run(this.#db.kysely.deleteFrom('rate_limits').where('key', '=', rlKey))) > 0
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, counter: Counter): RateLimiterRes {
    const msBeforeNext = counter.expire === null ? -1 : Math.max(counter.expire - this.#now(), 0)
    return new RateLimiterRes(Math.max(this.points - counter.points, 0), msBeforeNext, counter.points, counter.points === changedPoints)
  }
}

/** The key (table `secrets`) of the hash that stands for an account in the counters. */
export const RATE_LIMITS_SECRET = 'rate-limits-hmac'

/** The limiter over any way of running its statements (the synchronous file or a Kysely pool). */
export const limiterOver = (db: QueryRunner, secret: string, now: () => Instant, rules: Partial<AttemptRules> = {}): AttemptLimiter => {
  const all: AttemptRules = { ...DEFAULT_ATTEMPT_RULES, ...rules }
  // The counters name no e-mail address: the account part of a key is a keyed hash of it.
  const hidden = (account: string): string => createHmac('sha256', secret).update(account).digest('base64url')
  const limiters = new Map<string, RateLimitsTable>()
  const limiter = (keyPrefix: string, rule: LimitRule): RateLimitsTable => {
    const known = limiters.get(keyPrefix)
    if (known !== undefined) return known
    const made = new RateLimitsTable(db, now, { keyPrefix, points: rule.points, duration: rule.seconds })
    limiters.set(keyPrefix, made)
    return made
  }
  let attempts = 0
  return async (action, attempt) => {
    const address = attempt.address === undefined ? undefined : addressKey(attempt.address)
    const account = attempt.account === undefined || attempt.account.trim() === '' ? undefined : hidden(accountKey(attempt.account))
    const budgets = all[action]
    const keyed: { limiter: RateLimitsTable; key: string }[] = []
    if (budgets.addressAndAccount !== undefined && address !== undefined && account !== undefined)
      keyed.push({ limiter: limiter(`${action}:address+account`, budgets.addressAndAccount), key: `${address} ${account}` })
    if (budgets.account !== undefined && account !== undefined)
      keyed.push({ limiter: limiter(`${action}:account`, budgets.account), key: account })
    if (budgets.address !== undefined && address !== undefined)
      keyed.push({ limiter: limiter(`${action}:address`, budgets.address), key: address })
    // Expired windows are useless; a sweep every few hundred attempts keeps the table small.
    if (++attempts % SWEEP_EVERY === 0) await db.run(db.kysely.deleteFrom('rate_limits').where('expire', '<', now()))
    // Every budget counts the attempt (a refused one still uses up the others).
    const outcomes = await Promise.allSettled(keyed.map(({ limiter, key }) => limiter.consume(key)))
    const waits = outcomes.flatMap((outcome) => {
      if (outcome.status === 'fulfilled') return []
      if (outcome.reason instanceof RateLimiterRes) return [outcome.reason.msBeforeNext]
      throw outcome.reason
    })
    return waits.length === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) }
  }
}

/**
 * Counts in fixed windows with rate-limiter-flexible, one limiter per budget, its counters in the
 * database (so every process counts together), on the server's clock so that tests and the
 * deadlines agree on time.
 */
export const createAttemptLimiter = async (db: Database, now: () => Instant, rules: Partial<AttemptRules> = {}): Promise<AttemptLimiter> =>
  limiterOver(databaseRunner(db), await secretNamed(db, RATE_LIMITS_SECRET), now, rules)
