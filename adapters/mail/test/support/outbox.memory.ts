// An in-memory outbox for the mail tests: a stand-in for the SQLite port with the same rules
// (leases, conditional marks, recovery). Each method's body runs without awaiting, so it is atomic
// the way one SQL statement is, while two workers still interleave between calls.
import type { Instant } from '@tandem/core'
import { INTERRUPTED_ERROR, INTERRUPTED_GIVEN_UP, type NewOutboxMessage, type OutboxMessage, type OutboxPort } from '../../src/index.js'

export type StoredRow = OutboxMessage & {
  readonly lockedBy: string | null
  readonly lockedUntil: Instant | null
  readonly attemptedAt: Instant | null
  readonly sentAt: Instant | null
}

export type MemoryOutbox = OutboxPort & {
  readonly enqueue: (row: NewOutboxMessage) => number
  readonly rows: () => readonly StoredRow[]
  readonly row: (id: number) => StoredRow
  readonly requeueFailed: (id: number, now: Instant) => boolean
}

export const memoryOutbox = (): MemoryOutbox => {
  const rows = new Map<number, StoredRow>()
  let nextId = 1
  const update = (id: number, when: (r: StoredRow) => boolean, change: Partial<StoredRow>): boolean => {
    const r = rows.get(id)
    if (r === undefined || !when(r)) return false
    rows.set(id, { ...r, ...change })
    return true
  }

  return {
    enqueue: (row) => {
      const id = nextId++
      rows.set(id, {
        ...row,
        id,
        attempts: 0,
        status: 'pending',
        lastError: null,
        lockedBy: null,
        lockedUntil: null,
        attemptedAt: null,
        sentAt: null,
      })
      return id
    },
    rows: () => [...rows.values()],
    row: (id) => {
      const r = rows.get(id)
      if (r === undefined) throw new Error(`no outbox row ${id}`)
      return r
    },
    claimDue: async (now, limit, leaseUntil, worker) => {
      const due = [...rows.values()]
        .filter((r) => r.status === 'pending' && r.nextAttemptAt <= now)
        // In id order, as the SQL outbox claims them (it read due rows oldest first by due time before the contract test).
        .sort((a, b) => a.id - b.id)
        .slice(0, limit)
      for (const r of due) rows.set(r.id, { ...r, status: 'sending', lockedBy: worker, lockedUntil: leaseUntil, attemptedAt: null })
      return due.map((r) => rows.get(r.id) as StoredRow)
    },
    markAttempt: async (id, now, worker) =>
      update(id, (r) => r.status === 'sending' && r.lockedBy === worker && (r.lockedUntil ?? 0) > now, {
        attemptedAt: now,
        attempts: (rows.get(id)?.attempts ?? 0) + 1,
      }),
    markSent: async (id, now) => {
      // Whoever holds the row now: a late success is the truth (the message did go out).
      update(id, (r) => r.status !== 'sent', { status: 'sent', sentAt: now, lastError: null, lockedBy: null, lockedUntil: null })
    },
    markRetry: async (id, nextAttemptAt, error, worker) => {
      update(id, (r) => r.status === 'sending' && r.lockedBy === worker, {
        status: 'pending',
        nextAttemptAt,
        lastError: error,
        lockedBy: null,
        lockedUntil: null,
        attemptedAt: null,
      })
    },
    markFailed: async (id, error, worker) => {
      update(id, (r) => r.status === 'sending' && r.lockedBy === worker, { status: 'failed', lastError: error, lockedUntil: null })
    },
    recoverExpired: async (now, maxAttempts) => {
      let requeued = 0
      let interrupted = 0
      let abandoned = 0
      for (const r of rows.values()) {
        if (r.status !== 'sending' || (r.lockedUntil ?? 0) > now) continue
        if (r.attemptedAt === null) {
          rows.set(r.id, { ...r, status: 'pending', lockedBy: null, lockedUntil: null })
          requeued += 1
        } else if (r.attempts >= maxAttempts) {
          rows.set(r.id, { ...r, status: 'failed', lastError: INTERRUPTED_GIVEN_UP, lockedBy: null, lockedUntil: null })
          abandoned += 1
        } else {
          rows.set(r.id, {
            ...r,
            status: 'pending',
            lastError: INTERRUPTED_ERROR,
            nextAttemptAt: now,
            lockedBy: null,
            lockedUntil: null,
            attemptedAt: null,
          })
          interrupted += 1
        }
      }
      return { requeued, interrupted, abandoned }
    },
    requeueFailed: (id, now) =>
      update(id, (r) => r.status === 'failed', {
        status: 'pending',
        nextAttemptAt: now,
        attempts: 0,
        lockedBy: null,
        lockedUntil: null,
        attemptedAt: null,
      }),
  }
}
