// The mail adapter's delivery properties run against an in-memory copy of the outbox's lease rules
// (adapters/mail/test/support/outbox.memory.ts). This contract holds the copy to the real outbox on
// the database under test (SQLite here, PostgreSQL in project server-pg): the same random sequence
// of enqueues, claims, attempts, deliveries, retries, failures, recoveries, requeues and clock moves
// gives the same answers and leaves the same rows on both.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createOutboxRepository, type Database, type OutboxRepository } from '@tandem/store'
import fc from 'fast-check'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { memoryOutbox, type MemoryOutbox } from '../../../mail/test/support/outbox.memory.js'
import { openDatabaseOf, releaseDatabase } from '../support/database.under-test.js'
import { runOn } from '../support/store.statements.js'

const dir = mkdtempSync(join(tmpdir(), 'tandem-outbox-contract-'))
let db: Database
let outbox: OutboxRepository
beforeAll(async () => {
  db = await openDatabaseOf(dir)
  outbox = createOutboxRepository(db)
})
afterAll(async () => {
  await db.close()
  await releaseDatabase(dir)
  rmSync(dir, { recursive: true, force: true })
})

type Message = number | 'last claimed'
/** One step; messages are named by the order they were enqueued in (the two stores number rows apart). */
type Step =
  | { readonly kind: 'enqueue'; readonly dueIn: number }
  | { readonly kind: 'advance'; readonly ms: number }
  | { readonly kind: 'claim'; readonly limit: number; readonly lease: number; readonly worker: string }
  | { readonly kind: 'attempt' | 'sent' | 'requeue'; readonly message: Message; readonly worker: string }
  | { readonly kind: 'retry'; readonly message: Message; readonly delay: number; readonly worker: string }
  | { readonly kind: 'fail'; readonly message: Message; readonly worker: string }
  | { readonly kind: 'recover'; readonly maxAttempts: number }

const worker = fc.constantFrom('A', 'B')
/** A message by enqueue order, or (more often) the one claimed last, by its claimer or the other worker. */
const message = fc.oneof(fc.nat(7), fc.constant('last claimed' as const), fc.constant('last claimed' as const))
const actor = fc.constantFrom('A', 'B', 'claimer', 'claimer')
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('enqueue' as const), dueIn: fc.constantFrom(-1000, 0, 500, 3000) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.constantFrom(1, 400, 1000, 5000) }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('claim' as const),
      limit: fc.integer({ min: 1, max: 3 }),
      lease: fc.constantFrom(500, 2000),
      worker,
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('attempt' as const), message, worker: actor }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constantFrom('sent' as const, 'requeue' as const), message, worker: actor }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('retry' as const), message, delay: fc.constantFrom(0, 1000), worker: actor }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('fail' as const), message, worker: actor }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('recover' as const), maxAttempts: fc.constantFrom(1, 1, 2, 3) }), weight: 2 },
)

/** What a store shows of a row: the port's fields, and who holds the lease while it is being sent. */
type Seen = {
  readonly status: string
  readonly attempts: number
  readonly due: number
  readonly error: string | null
  readonly holder: string | null
}

const T0 = Date.UTC(2026, 2, 2, 9, 0)

/** What the sequences reached, over every run: the rules are compared on these, not only on fresh rows. */
const reached = { attempted: 0, sent: 0, failed: 0, retried: 0, recovered: 0, abandoned: 0 }

/** Runs the steps on both outboxes; after each, the answers and the rows must be the same. */
const runBoth = async (steps: readonly Step[]): Promise<void> => {
  await runOn(db, sql`delete from outbox`)
  const memory: MemoryOutbox = memoryOutbox()
  const memoryIds: number[] = []
  const sqlIds: number[] = []
  let now = T0
  let lastClaim: { readonly message: number; readonly worker: string } | undefined
  const nameOf = (ids: readonly number[], id: number) => ids.indexOf(id)
  const sqlRows = async (): Promise<Seen[]> => {
    const rows = await runOn(
      db,
      sql<{ id: number; status: string; attempts: number; next_attempt_at: number; last_error: string | null; locked_by: string | null }>`
        select id, status, attempts, next_attempt_at, last_error, locked_by from outbox order by id`,
    )
    return rows.map((r) => ({
      status: r.status,
      attempts: Number(r.attempts),
      due: Number(r.next_attempt_at),
      error: r.last_error,
      holder: r.status === 'sending' ? r.locked_by : null,
    }))
  }
  const memoryRows = (): Seen[] =>
    [...memory.rows()]
      .sort((a, b) => a.id - b.id)
      .map((r) => ({
        status: r.status,
        attempts: r.attempts,
        due: r.nextAttemptAt,
        error: r.lastError,
        holder: r.status === 'sending' ? r.lockedBy : null,
      }))

  for (const [index, s] of steps.entries()) {
    let answers: [unknown, unknown] = [undefined, undefined]
    const pick = (m: Message): [number, number] | undefined => {
      const n = m === 'last claimed' ? lastClaim?.message : m
      return n === undefined || memoryIds.length === 0 ? undefined : [memoryIds[n % memoryIds.length]!, sqlIds[n % sqlIds.length]!]
    }
    if (s.kind === 'enqueue') {
      const row = {
        type: 'NEW_TANDEM',
        language: 'en',
        recipient: { email: `m${memoryIds.length}@example.org`, name: 'M' },
        userId: null,
        data: {},
        subject: 's',
        createdAt: now,
        nextAttemptAt: now + s.dueIn,
      }
      memoryIds.push(memory.enqueue(row))
      await outbox.enqueue(row)
      sqlIds.push((await outbox.all()).at(-1)!.id)
    } else if (s.kind === 'advance') {
      now += s.ms
    } else if (s.kind === 'claim') {
      const m = await memory.claimDue(now, s.limit, now + s.lease, s.worker)
      const q = await outbox.claimDue(now, s.limit, now + s.lease, s.worker)
      answers = [m.map((r) => nameOf(memoryIds, r.id)), q.map((r) => nameOf(sqlIds, r.id))]
      const first = m[0]
      if (first !== undefined) lastClaim = { message: nameOf(memoryIds, first.id), worker: s.worker }
    } else if (s.kind === 'recover') {
      answers = [await memory.recoverExpired(now, s.maxAttempts), await outbox.recoverExpired(now, s.maxAttempts)]
    } else {
      const ids = pick(s.message)
      if (ids === undefined) continue
      const [m, q] = ids
      const w = s.kind === 'requeue' || s.worker !== 'claimer' ? s.worker : (lastClaim?.worker ?? 'A')
      if (s.kind === 'attempt') answers = [await memory.markAttempt(m, now, w), await outbox.markAttempt(q, now, w)]
      else if (s.kind === 'sent') await Promise.all([memory.markSent(m, now, w), outbox.markSent(q, now, w)])
      else if (s.kind === 'retry')
        await Promise.all([memory.markRetry(m, now + s.delay, 'busy', w), outbox.markRetry(q, now + s.delay, 'busy', w)])
      else if (s.kind === 'fail') await Promise.all([memory.markFailed(m, 'refused', w), outbox.markFailed(q, 'refused', w)])
      else answers = [memory.requeueFailed(m, now), await outbox.requeueFailed(q, now)]
    }
    const where = `step ${index} ${JSON.stringify(s)}`
    expect([where, answers[1]]).toEqual([where, answers[0]])
    const rows = await sqlRows()
    expect([where, rows]).toEqual([where, memoryRows()])
    if (s.kind === 'attempt' && answers[0] === true) reached.attempted += 1
    if (s.kind === 'recover' && JSON.stringify(answers[0]) !== JSON.stringify({ requeued: 0, interrupted: 0, abandoned: 0 }))
      reached.recovered += 1
    if (s.kind === 'recover' && (answers[0] as { abandoned: number }).abandoned > 0) reached.abandoned += 1
    if (s.kind === 'sent' && rows.some((r) => r.status === 'sent')) reached.sent += 1
    if (s.kind === 'fail' && rows.some((r) => r.status === 'failed')) reached.failed += 1
    if (s.kind === 'retry' && rows.some((r) => r.error === 'busy')) reached.retried += 1
  }
}

/**
 * A row given up after its attempts, the rarest path (a claim, an attempt, the lease running out, a
 * recovery): random sequences reach it in most runs but not all, so two sequences that surely reach it
 * run first, and the random ones follow.
 */
const givenUp = (claimer: string): Step[] => [
  { kind: 'enqueue', dueIn: 0 },
  { kind: 'enqueue', dueIn: 500 },
  { kind: 'claim', limit: 1, lease: 500, worker: claimer },
  { kind: 'attempt', message: 'last claimed', worker: 'claimer' },
  { kind: 'advance', ms: 1000 },
  { kind: 'recover', maxAttempts: 1 },
  { kind: 'claim', limit: 3, lease: 500, worker: 'B' },
]

describe('the in-memory outbox of the mail tests', () => {
  it('answers and keeps rows as the SQL outbox does, for any sequence of claims, leases, deliveries and clock moves', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 40, size: 'max' }), async (steps) => await runBoth(steps)),
      { numRuns: 250, examples: [[givenUp('A')], [givenUp('B')]] },
    )
    // The sequences reach attempts, deliveries, retries, failures and recoveries, not only fresh rows.
    // (a row given up after its attempts is the rarest: a claim, an attempt, the lease running out, a recovery).
    expect(Object.entries(reached).filter(([, count]) => count < 2)).toEqual([])
  }, 120_000)
})
