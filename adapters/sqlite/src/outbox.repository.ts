// The outbox: notifications written in the same transaction as the state change, delivered later by
// the mail worker. It is also the notification history shown to administrators.
import type { UserId } from '@tandem/core'
import type { Database } from './database.js'

export type OutboxRow = {
  readonly id: number
  readonly createdAt: number
  readonly userId: UserId | null
  readonly recipient: string
  readonly language: string
  readonly type: string
  readonly subject: string
  readonly payload: unknown
  readonly sentAt: number | null
  readonly attempts: number
}

export const createOutboxRepository = (db: Database) => {
  const k = db.kysely
  const rowOf = (r: { id: number; created_at: number; user_id: number | null; recipient: string; language: string; type: string; subject: string; payload: string; sent_at: number | null; attempts: number }): OutboxRow => ({
    id: r.id, createdAt: r.created_at, userId: r.user_id, recipient: r.recipient, language: r.language, type: r.type,
    subject: r.subject, payload: JSON.parse(r.payload) as unknown, sentAt: r.sent_at, attempts: r.attempts,
  })
  return {
    historyOf: (userId: UserId): OutboxRow[] =>
      db.all(k.selectFrom('outbox').selectAll().where('user_id', '=', userId).orderBy('id', 'desc')).map(rowOf),
    pending: (limit: number, maxAttempts: number): OutboxRow[] =>
      db.all(k.selectFrom('outbox').selectAll().where('sent_at', 'is', null).where('attempts', '<', maxAttempts).orderBy('id').limit(limit)).map(rowOf),
    markSent: (id: number, now: number, subject?: string): void => {
      db.run(k.updateTable('outbox').set(subject === undefined ? { sent_at: now } : { sent_at: now, subject }).where('id', '=', id))
    },
    markFailed: (id: number, error: string): void => {
      db.run(k.updateTable('outbox').set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 500) })).where('id', '=', id))
    },
    enqueue: (m: { userId: UserId | null; recipient: string; language: string; type: string; subject: string; payload: unknown }, now: number): number =>
      db.first(k.insertInto('outbox').values({
        created_at: now, user_id: m.userId, recipient: m.recipient, language: m.language, type: m.type, subject: m.subject,
        payload: JSON.stringify(m.payload), sent_at: null, attempts: 0, last_error: null,
      }).returning('id'))?.id ?? 0,
    all: (): OutboxRow[] => db.all(k.selectFrom('outbox').selectAll().orderBy('id')).map(rowOf),
  }
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>
