// The administrators' audit trail: who read or changed whose data, when, and what (an action name
// and an object id). Ids only: a record never copies names, addresses or answers.
import { AsyncLocalStorage } from 'node:async_hooks'
import { userIdOf, type UserId } from '@tandem/core'
import type { Database } from '../portable/database.js'
import type { AuditEntry, AuditRecord, AuditFilter, AuditPage, AuditRecords } from '@tandem/application/ports'

export type { AuditEntry, AuditRecord, AuditFilter, AuditPage, AuditRecords }

type Pending = { readonly entry: AuditEntry; recorded: boolean }

export const createAuditRecords = (db: Database): AuditRecords => {
  const k = db.kysely
  const pending = new AsyncLocalStorage<Pending>()

  const insert = async (entry: AuditEntry): Promise<void> => {
    const subjects = [...new Set(entry.subjectIds)]
    const row = await db.first(
      k
        .insertInto('audit_records')
        .values({
          at: entry.at,
          admin_id: entry.adminId,
          action: entry.action,
          object_id: entry.objectId,
          subject_count: subjects.length,
        })
        .returning('id'),
    )
    if (row === undefined) throw new Error('the audit record was not written')
    // Chunks keep each statement under SQLite's limit of bound parameters.
    for (let i = 0; i < subjects.length; i += 400) {
      await db.run(
        k.insertInto('audit_subjects').values(subjects.slice(i, i + 400).map((subject_id) => ({ record_id: row.id, subject_id }))),
      )
    }
  }

  db.beforeCommit(async () => {
    const change = pending.getStore()
    if (change === undefined || change.recorded) return
    change.recorded = true
    await insert(change.entry)
  })

  type Row = { id: number; at: number; admin_id: number; action: string; object_id: number | null; subject_count: number }
  const withSubjects = async (rows: readonly Row[]) => {
    const ids = rows.map((r) => r.id)
    const subjects = new Map<number, UserId[]>()
    if (ids.length > 0)
      for (const s of await db.all(k.selectFrom('audit_subjects').selectAll().where('record_id', 'in', ids).orderBy('subject_id')))
        subjects.set(s.record_id, [...(subjects.get(s.record_id) ?? []), userIdOf(s.subject_id)])
    return rows.map((r): AuditRecord => ({
      id: r.id,
      at: r.at,
      adminId: userIdOf(r.admin_id),
      action: r.action,
      objectId: r.object_id,
      subjectIds: subjects.get(r.id) ?? [],
      subjectCount: r.subject_count,
    }))
  }

  const filtered = (filter: AuditFilter) => {
    let query = k.selectFrom('audit_records')
    if (filter.adminId !== undefined) query = query.where('admin_id', '=', filter.adminId)
    if (filter.action !== undefined) query = query.where('action', '=', filter.action)
    // an empty set of actions matches nothing (SQL has no empty IN list)
    if (filter.actions !== undefined)
      query = filter.actions.length === 0 ? query.where('id', '<', 0) : query.where('action', 'in', [...filter.actions])
    if (filter.from !== undefined) query = query.where('at', '>=', filter.from)
    if (filter.until !== undefined) query = query.where('at', '<', filter.until)
    const subject = filter.subjectId
    if (subject !== undefined)
      query = query.where('id', 'in', k.selectFrom('audit_subjects').select('record_id').where('subject_id', '=', subject))
    return query
  }

  return {
    append: (entry) => db.transaction(() => insert(entry)),
    during: (entry, work) => pending.run({ entry, recorded: false }, work),
    list: async (filter, offset, limit) => {
      const total = (await db.first(filtered(filter).select((eb) => eb.fn.countAll<number>().as('n'))))?.n ?? 0
      const rows = await db.all(
        filtered(filter)
          .select(['id', 'at', 'admin_id', 'action', 'object_id', 'subject_count'])
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset),
      )
      return { records: await withSubjects(rows), total: Number(total) }
    },
    auditRecordsAbout: async (userId) =>
      withSubjects(
        await db.all(
          filtered({ subjectId: userId })
            .select(['id', 'at', 'admin_id', 'action', 'object_id', 'subject_count'])
            .orderBy('at', 'desc')
            .orderBy('id', 'desc'),
        ),
      ),
    actions: async () => (await db.all(k.selectFrom('audit_records').select('action').distinct().orderBy('action'))).map((r) => r.action),
    removeOlderThan: (before) => db.run(k.deleteFrom('audit_records').where('at', '<', before)),
  }
}
