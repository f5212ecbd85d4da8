// The outbox table: notifications written in the same transaction as the state change, delivered by
// the mail worker through the OutboxPort below (leases, at-most-once), and the admin's history.
import type { Instant, UserId } from '@tandem/core'
import type { Selectable } from 'kysely'
import type { Database } from './database.js'
import type { OutboxTable } from './schema.js'

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed'

/** Shaped like @tandem/mail's OutboxMessage, so the server passes this store as its OutboxPort. */
export type StoredOutboxMessage = {
  readonly id: number
  readonly type: string
  readonly language: string
  readonly recipient: { readonly email: string; readonly name: string }
  readonly userId: UserId | null
  readonly data: unknown
  readonly subject: string
  readonly createdAt: Instant
  readonly attempts: number
  readonly status: OutboxStatus
  readonly nextAttemptAt: Instant
  readonly lastError: string | null
}

export type NewOutboxRow = Omit<StoredOutboxMessage, 'id' | 'attempts' | 'status' | 'lastError'>

const STATUSES: readonly OutboxStatus[] = ['pending', 'sending', 'sent', 'failed']
const INTERRUPTED = 'interrupted while sending; not re-sent (at most once)'

const messageOf = (r: Selectable<OutboxTable>): StoredOutboxMessage => ({
  id: r.id, type: r.type, language: r.language, recipient: { email: r.recipient_email, name: r.recipient_name }, userId: r.user_id,
  data: JSON.parse(r.data) as unknown, subject: r.subject, createdAt: r.created_at, attempts: r.attempts,
  status: STATUSES.find((s) => s === r.status) ?? 'failed', nextAttemptAt: r.next_attempt_at, lastError: r.last_error,
})

export const insertOutboxRow = (db: Database, m: NewOutboxRow): void => {
  db.run(db.kysely.insertInto('outbox').values({
    created_at: m.createdAt, user_id: m.userId, recipient_email: m.recipient.email, recipient_name: m.recipient.name, language: m.language,
    type: m.type, data: JSON.stringify(m.data), subject: m.subject, status: 'pending', next_attempt_at: m.nextAttemptAt, attempts: 0,
    attempted_at: null, locked_by: null, locked_until: null, sent_at: null, last_error: null,
  }))
}

export const createOutboxRepository = (db: Database) => {
  const k = db.kysely
  const leased = (id: number, worker: string) => k.updateTable('outbox').where('id', '=', id).where('locked_by', '=', worker)
  return {
    enqueue: (m: NewOutboxRow): void => insertOutboxRow(db, m),
    historyOf: (userId: UserId): StoredOutboxMessage[] =>
      db.all(k.selectFrom('outbox').selectAll().where('user_id', '=', userId).orderBy('id', 'desc')).map(messageOf),
    all: (): StoredOutboxMessage[] => db.all(k.selectFrom('outbox').selectAll().orderBy('id')).map(messageOf),

    // OutboxPort of @tandem/mail: each method one atomic statement or transaction.
    claimDue: async (now: Instant, limit: number, leaseUntil: Instant, worker: string): Promise<readonly StoredOutboxMessage[]> =>
      db.transaction(() => {
        const due = db.all(k.selectFrom('outbox').selectAll().where('status', '=', 'pending').where('next_attempt_at', '<=', now).orderBy('id').limit(limit))
        for (const row of due) db.run(k.updateTable('outbox').set({ status: 'sending', locked_by: worker, locked_until: leaseUntil }).where('id', '=', row.id))
        return due.map((row) => messageOf({ ...row, status: 'sending' }))
      }),
    markAttempt: async (id: number, now: Instant, worker: string): Promise<boolean> =>
      db.run(leased(id, worker).set((eb) => ({ attempted_at: now, attempts: eb('attempts', '+', 1) }))
        .where('status', '=', 'sending').where('locked_until', '>', now)) === 1,
    markSent: async (id: number, now: Instant, worker: string): Promise<void> => {
      // A late success still wins over a recovered failure: the message did go out.
      db.run(k.updateTable('outbox').set({ status: 'sent', sent_at: now, locked_by: null, locked_until: null, last_error: null })
        .where('id', '=', id).where((eb) => eb.or([eb('locked_by', '=', worker), eb('last_error', '=', INTERRUPTED)])))
    },
    markRetry: async (id: number, nextAttemptAt: Instant, error: string, worker: string): Promise<void> => {
      db.run(leased(id, worker).set({ status: 'pending', next_attempt_at: nextAttemptAt, last_error: error.slice(0, 500), attempted_at: null, locked_by: null, locked_until: null }))
    },
    markFailed: async (id: number, error: string, worker: string): Promise<void> => {
      db.run(leased(id, worker).set({ status: 'failed', last_error: error.slice(0, 500), locked_by: null, locked_until: null }))
    },
    recoverExpired: async (now: Instant): Promise<{ readonly requeued: number; readonly abandoned: number }> =>
      db.transaction(() => {
        const expired = k.updateTable('outbox').where('status', '=', 'sending').where('locked_until', '<=', now)
        const requeued = db.run(expired.where('attempted_at', 'is', null).set({ status: 'pending', locked_by: null, locked_until: null }))
        const abandoned = db.run(expired.where('attempted_at', 'is not', null).set({ status: 'failed', last_error: INTERRUPTED, locked_by: null, locked_until: null }))
        return { requeued, abandoned }
      }),
  }
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>
