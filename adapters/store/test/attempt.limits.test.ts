// The sign-in limiter on a real SQLite file: an IPv6 /64 counts as one address, one account is
// limited whatever the addresses, two connections (two processes) share the counters, a refusal
// says when to come back, and ordinary use stays within every budget.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { accountKey, addressKey, createAttemptLimiter, openDatabase, type AttemptLimiter, type SqliteDatabase } from '../src/index.js'

let dir: string
let dbs: SqliteDatabase[]
const open = async (): Promise<SqliteDatabase> => {
  const db = await openDatabase(join(dir, 'tandem.db'))
  dbs.push(db)
  return db
}
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-limits-'))
  dbs = []
})
afterEach(async () => {
  for (const db of dbs) await db.close()
  rmSync(dir, { recursive: true, force: true })
})

const allowedOf = async (limit: AttemptLimiter, attempts: readonly { address: string; account: string }[]): Promise<number> => {
  let allowed = 0
  for (const attempt of attempts) if ((await limit('signIn', attempt)).allowed) allowed += 1
  return allowed
}
const hex = (n: number): string => n.toString(16)

describe('keys', () => {
  it('masks IPv6 to its /64 and keeps IPv4 (also IPv4-mapped) whole', () => {
    expect(addressKey('2001:db8:1:2:aaaa:bbbb:cccc:1')).toBe(addressKey('2001:db8:1:2::ffff'))
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'))
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7')
    expect(addressKey('192.0.2.7')).not.toBe(addressKey('192.0.2.8'))
  })
  it('normalises the account: case and surrounding space do not make a new one', () => {
    expect(accountKey('  Ada.Lovelace@Example.ORG ')).toBe(accountKey('ada.lovelace@example.org'))
  })
})

describe('sign-in budgets', () => {
  it('limits 100 attempts on one account rotating addresses inside one IPv6 /64 to the per-address budget', async () => {
    const limit = await createAttemptLimiter(await open(), Date.now)
    const attempts = Array.from({ length: 100 }, (_, i) => ({
      address: `2001:db8:aa:bb:${hex(i)}:${hex(i * 7)}::${hex(i + 1)}`,
      account: 'victim@example.org',
    }))
    expect(await allowedOf(limit, attempts)).toBe(10)
  })

  it('limits attempts on one account from 100 different addresses (per account, whatever the address)', async () => {
    const limit = await createAttemptLimiter(await open(), Date.now)
    const attempts = Array.from({ length: 100 }, (_, i) => ({
      address: `198.51.${Math.floor(i / 250)}.${i % 250}`,
      account: 'Victim@Example.org',
    }))
    expect(await allowedOf(limit, attempts)).toBe(30)
  })

  it('limits one /64 trying many accounts', async () => {
    const limit = await createAttemptLimiter(await open(), Date.now)
    const attempts = Array.from({ length: 100 }, (_, i) => ({
      address: `2001:db8:cc:dd::${hex(i + 1)}`,
      account: `person${i}@example.org`,
    }))
    expect(await allowedOf(limit, attempts)).toBe(40)
  })

  it('two processes on one database share the counters', async () => {
    const first = await createAttemptLimiter(await open(), Date.now)
    const second = await createAttemptLimiter(await open(), Date.now)
    const attempt = { address: '203.0.113.5', account: 'shared@example.org' }
    const decisions = []
    for (let i = 0; i < 12; i++) decisions.push((await (i % 2 === 0 ? first : second)('signIn', attempt)).allowed)
    expect(decisions.filter((d) => d)).toHaveLength(10)
    expect(decisions.slice(10)).toEqual([false, false])
  })

  it('names no e-mail address in its counters (a keyed hash stands for the account)', async () => {
    const db = await open()
    const limit = await createAttemptLimiter(db, Date.now)
    await limit('signIn', { address: '203.0.113.10', account: 'Private.Person@example.org' })
    const keys = db.raw.prepare('select key from rate_limits').pluck().all() as string[]
    expect(keys.length).toBeGreaterThan(0)
    expect(keys.join('\n').toLowerCase()).not.toContain('private.person')
  })

  it('says when to come back: within the 15-minute window', async () => {
    const limit = await createAttemptLimiter(await open(), Date.now)
    const attempt = { address: '203.0.113.9', account: 'wait@example.org' }
    for (let i = 0; i < 10; i++) expect((await limit('signIn', attempt)).allowed).toBe(true)
    const refused = await limit('signIn', attempt)
    expect(refused.allowed).toBe(false)
    const seconds = refused.allowed ? 0 : refused.retryAfterSeconds
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(15 * 60)
  })

  it("counts on the server's clock: the window opens again when that clock has passed it, and not before", async () => {
    let now = Date.UTC(2026, 2, 2, 9, 0)
    const limit = await createAttemptLimiter(await open(), () => now)
    const attempt = { address: '203.0.113.12', account: 'clock@example.org' }
    for (let i = 0; i < 10; i++) expect((await limit('signIn', attempt)).allowed).toBe(true)
    expect(await limit('signIn', attempt)).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 })
    now += 15 * 60_000 - 1
    expect((await limit('signIn', attempt)).allowed).toBe(false)
    now += 1
    expect((await limit('signIn', attempt)).allowed).toBe(true)
  })

  it('leaves ordinary use alone: many people, each signing in a few times, from their own addresses or one shared office address', async () => {
    const limit = await createAttemptLimiter(await open(), Date.now)
    const own = Array.from({ length: 200 }, (_, i) => ({ address: `2001:db8:${hex(i + 1)}::1`, account: `user${i}@example.org` }))
    expect(await allowedOf(limit, [...own, ...own, ...own])).toBe(600)
    const office = Array.from({ length: 13 }, (_, i) => ({ address: '192.0.2.200', account: `colleague${i}@example.org` }))
    expect(await allowedOf(limit, [...office, ...office, ...office])).toBe(39)
  })
})
