// The administrators' audit trail: who read or changed whose data, when, and what (an action name
// and an object id). Ids only: a record never copies names, addresses or answers.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Instant, UserId } from '@tandem/core'
import type { Database } from '../portable/database.js'

export type AuditEntry = {
  readonly at: Instant
  /** The administrator's user id. */
  readonly adminId: UserId
  /** What was done, e.g. `user.read` or `team.release` (the server's table of actions names them). */
  readonly action: string
  /** The object acted on besides people (a team, a program year, a notification), if any. */
  readonly objectId: number | null
  /** The people whose data was read or changed. */
  readonly subjectIds: readonly UserId[]
}

export type AuditRecord = AuditEntry & { readonly id: number; readonly subjectCount: number }

export type AuditFilter = {
  readonly adminId?: UserId
  readonly subjectId?: UserId
  readonly action?: string
  /** Epoch ms, inclusive. */
  readonly from?: Instant
  /** Epoch ms, exclusive. */
  readonly until?: Instant
}

export type AuditPage = { readonly records: readonly AuditRecord[]; readonly total: number }

export type AuditRecords = {
  /** Appends one record now, in its own transaction (reads: nothing else is written). */
  readonly append: (entry: AuditEntry) => Promise<void>
  /**
   * Runs `work` (an administrator's change); the first transaction it commits that wrote anything
   * carries `entry` too, so the record and the change commit together. A change that wrote nothing
   * (refused) leaves no record.
   */
  readonly during: <T>(entry: AuditEntry, work: () => Promise<T>) => Promise<T>
  /** Newest first, `limit` records from `offset`, with the number matching the filter. */
  readonly list: (filter: AuditFilter, offset: number, limit: number) => Promise<AuditPage>
  /** Every record about the person, newest first (their data download lists these). */
  readonly auditRecordsAbout: (userId: UserId) => Promise<readonly AuditRecord[]>
  /** The distinct actions recorded so far, for the filter's choices. */
  readonly actions: () => Promise<readonly string[]>
  /** Removes records older than `before` (the retention period); answers how many. */
  readonly removeOlderThan: (before: Instant) => Promise<number>
}

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
        subjects.set(s.record_id, [...(subjects.get(s.record_id) ?? []), s.subject_id])
    return rows.map((r): AuditRecord => ({
      id: r.id,
      at: r.at,
      adminId: r.admin_id,
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
