// The one limiter of sign-in, sign-up, forgot-password, the API's sign-up/sign-in calls and the
// browser error log, with its counters in the database (table `rate_limits`), so every process
// serving the data folder counts together and a restart forgets nothing. Each
// attempt is counted per account (the normalised e-mail) whatever the address, per address (IPv6
// masked to its /64, which one subscriber usually holds whole) and per both.
import { createHmac } from 'node:crypto'
import ipaddr from 'ipaddr.js'
import { sql } from 'kysely'
import type { Instant } from '@tandem/core'
import type { Database } from './database.js'
import { secretNamed } from './secrets.js'

export type AttemptAction = 'signIn' | 'signUp' | 'forgot' | 'apiSignIn' | 'logError'

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

/**
 * Counts in fixed windows, one atomic upsert per budget (the row layout rate-limiter-flexible uses:
 * key, points, expire), on the server's clock so that tests and the deadlines agree on time.
 */
export const createAttemptLimiter = (db: Database, now: () => Instant, rules: Partial<AttemptRules> = {}): AttemptLimiter => {
  const k = db.kysely
  const all: AttemptRules = { ...DEFAULT_ATTEMPT_RULES, ...rules }
  // The counters name no e-mail address: the account part of a key is a keyed hash of it.
  const secret = secretNamed(db, 'rate-limits-hmac')
  const hidden = (account: string): string => createHmac('sha256', secret).update(account).digest('base64url')
  const count = (key: string, rule: LimitRule, at: Instant): { points: number; expire: number | null } | undefined =>
    db.first(
      k
        .insertInto('rate_limits')
        .values({ key, points: 1, expire: at + rule.seconds * 1000 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            points: sql<number>`case when rate_limits.expire > ${at} then rate_limits.points + 1 else 1 end`,
            expire: sql<number>`case when rate_limits.expire > ${at} then rate_limits.expire else excluded.expire end`,
          }),
        )
        .returning(['points', 'expire']),
    )
  let attempts = 0
  return async (action, attempt) => {
    const at = now()
    const address = attempt.address === undefined ? undefined : addressKey(attempt.address)
    const account = attempt.account === undefined || attempt.account.trim() === '' ? undefined : hidden(accountKey(attempt.account))
    const budgets = all[action]
    const keyed: { rule: LimitRule; key: string }[] = []
    if (budgets.addressAndAccount !== undefined && address !== undefined && account !== undefined)
      keyed.push({ rule: budgets.addressAndAccount, key: `${action}:address+account:${address} ${account}` })
    if (budgets.account !== undefined && account !== undefined) keyed.push({ rule: budgets.account, key: `${action}:account:${account}` })
    if (budgets.address !== undefined && address !== undefined) keyed.push({ rule: budgets.address, key: `${action}:address:${address}` })
    // Every budget counts the attempt (a refused one still uses up the others), all in one transaction.
    const waits = db.transaction(() => {
      // Expired windows are useless; a sweep every few hundred attempts keeps the table small.
      if (++attempts % SWEEP_EVERY === 0) db.run(k.deleteFrom('rate_limits').where('expire', '<', at))
      return keyed.flatMap(({ rule, key }) => {
        const counted = count(key, rule, at)
        return counted !== undefined && counted.points > rule.points ? [(counted.expire ?? at) - at] : []
      })
    })
    return waits.length === 0 ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) }
  }
}
