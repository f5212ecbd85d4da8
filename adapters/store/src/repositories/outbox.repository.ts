// The outbox table: notifications written in the same transaction as the state change, delivered by
// the mail worker through the OutboxPort below (leases; none lost to a crash), and the admin's history.
import { userIdOf, type Instant, type UserId } from '@tandem/core'
import type { Selectable } from 'kysely'
import type { Database } from '../portable/database.js'
import { forUpdate } from '../portable/dialect.js'
import type { OutboxTable } from '../portable/schema.js'
import type { OutboxStatus, StoredOutboxMessage, NewOutboxRow, OutboxRepository } from '@tandem/application/ports'

export type { OutboxStatus, StoredOutboxMessage, NewOutboxRow, OutboxRepository }

const STATUSES: readonly OutboxStatus[] = ['pending', 'sending', 'sent', 'failed']
// The texts of @tandem/mail's INTERRUPTED_ERROR and INTERRUPTED_GIVEN_UP (adapters do not import each other).
const INTERRUPTED = 'interrupted while sending; queued again'
const INTERRUPTED_GIVEN_UP = 'interrupted while sending on every attempt; given up'

const messageOf = (r: Selectable<OutboxTable>): StoredOutboxMessage => ({
  id: r.id,
  type: r.type,
  language: r.language,
  recipient: { email: r.recipient_email, name: r.recipient_name },
  userId: r.user_id === null ? null : userIdOf(r.user_id),
  data: JSON.parse(r.data) as unknown,
  subject: r.subject,
  createdAt: r.created_at,
  attempts: r.attempts,
  status: STATUSES.find((s) => s === r.status) ?? 'failed',
  nextAttemptAt: r.next_attempt_at,
  lastError: r.last_error,
})

export const insertOutboxRow = async (db: Database, m: NewOutboxRow): Promise<void> => insertOutboxRows(db, [m])

/**
 * The rows in one statement (one round trip for all the mails of a command), sent without waiting
 * (`send`): inside a transaction on PostgreSQL its answer is read with the next statement's, at the
 * latest the commit's, which fails with its error should it fail.
 */
export const insertOutboxRows = async (db: Database, rows: readonly NewOutboxRow[]): Promise<void> => {
  if (rows.length === 0) return
  await db.send(
    db.kysely.insertInto('outbox').values(
      rows.map((m) => ({
        created_at: m.createdAt,
        user_id: m.userId,
        recipient_email: m.recipient.email,
        recipient_name: m.recipient.name,
        language: m.language,
        type: m.type,
        data: JSON.stringify(m.data),
        subject: m.subject,
        status: 'pending',
        next_attempt_at: m.nextAttemptAt,
        attempts: 0,
        attempted_at: null,
        locked_by: null,
        locked_until: null,
        sent_at: null,
        last_error: null,
      })),
    ),
  )
}

export const createOutboxRepository = (db: Database): OutboxRepository => {
  const k = db.kysely
  const leased = (id: number, worker: string) => k.updateTable('outbox').where('id', '=', id).where('locked_by', '=', worker)
  return {
    enqueue: (m: NewOutboxRow): Promise<void> => insertOutboxRow(db, m),
    historyOf: async (userId: UserId): Promise<StoredOutboxMessage[]> =>
      (await db.all(k.selectFrom('outbox').selectAll().where('user_id', '=', userId).orderBy('id', 'desc'))).map(messageOf),
    all: async (): Promise<StoredOutboxMessage[]> => (await db.all(k.selectFrom('outbox').selectAll().orderBy('id'))).map(messageOf),

    // OutboxPort of @tandem/mail: each method one atomic statement or transaction.
    claimDue: async (now: Instant, limit: number, leaseUntil: Instant, worker: string): Promise<readonly StoredOutboxMessage[]> =>
      db.transaction(async () => {
        // Another instance's claim in progress is skipped, not waited for (PostgreSQL; SQLite has one writer).
        const due = await db.all(
          forUpdate(
            db,
            k
              .selectFrom('outbox')
              .selectAll()
              .where('status', '=', 'pending')
              .where('next_attempt_at', '<=', now)
              .orderBy('id')
              .limit(limit),
            'skip locked',
          ),
        )
        for (const row of due)
          await db.run(
            k.updateTable('outbox').set({ status: 'sending', locked_by: worker, locked_until: leaseUntil }).where('id', '=', row.id),
          )
        return due.map((row) => messageOf({ ...row, status: 'sending' }))
      }),
    markAttempt: async (id: number, now: Instant, worker: string): Promise<boolean> =>
      (await db.run(
        leased(id, worker)
          .set((eb) => ({ attempted_at: now, attempts: eb('attempts', '+', 1) }))
          .where('status', '=', 'sending')
          .where('locked_until', '>', now),
      )) === 1,
    markSent: async (id: number, now: Instant, _worker: string): Promise<void> => {
      // Whoever holds the row now: a late success is the truth, the message did go out.
      await db.run(
        k
          .updateTable('outbox')
          .set({ status: 'sent', sent_at: now, locked_by: null, locked_until: null, last_error: null })
          .where('id', '=', id)
          .where('status', '!=', 'sent'),
      )
    },
    markRetry: async (id: number, nextAttemptAt: Instant, error: string, worker: string): Promise<void> => {
      await db.run(
        leased(id, worker).set({
          status: 'pending',
          next_attempt_at: nextAttemptAt,
          last_error: error.slice(0, 500),
          attempted_at: null,
          locked_by: null,
          locked_until: null,
        }),
      )
    },
    markFailed: async (id: number, error: string, worker: string): Promise<void> => {
      await db.run(leased(id, worker).set({ status: 'failed', last_error: error.slice(0, 500), locked_by: null, locked_until: null }))
    },
    recoverExpired: async (
      now: Instant,
      maxAttempts: number,
    ): Promise<{ readonly requeued: number; readonly interrupted: number; readonly abandoned: number }> =>
      db.transaction(async () => {
        const expired = k.updateTable('outbox').where('status', '=', 'sending').where('locked_until', '<=', now)
        const free = { locked_by: null, locked_until: null, attempted_at: null }
        const requeued = await db.run(expired.where('attempted_at', 'is', null).set({ status: 'pending', ...free }))
        const abandoned = await db.run(
          expired.where('attempts', '>=', maxAttempts).set({ status: 'failed', last_error: INTERRUPTED_GIVEN_UP, ...free }),
        )
        // Handed over when the worker died: sent again (at least once; .eml counts an existing file as sent).
        const interrupted = await db.run(expired.set({ status: 'pending', next_attempt_at: now, last_error: INTERRUPTED, ...free }))
        return { requeued, interrupted, abandoned }
      }),
    /** The admin's "send again" for a failed message: due now, attempts counted afresh. */
    requeueFailed: async (id: number, now: Instant): Promise<boolean> =>
      (await db.run(
        k
          .updateTable('outbox')
          .set({ status: 'pending', next_attempt_at: now, attempts: 0, locked_by: null, locked_until: null, attempted_at: null })
          .where('id', '=', id)
          .where('status', '=', 'failed'),
      )) === 1,
    byId: async (id: number): Promise<StoredOutboxMessage | undefined> => {
      const row = await db.first(k.selectFrom('outbox').selectAll().where('id', '=', id))
      return row === undefined ? undefined : messageOf(row)
    },
  }
}
