// The store's audit as the application needs it; @tandem/store implements it.
import type { Instant, UserId } from '@tandem/core'

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

export type AuditRecord = AuditEntry & {
  readonly id: number
  readonly subjectCount: number
}

export type AuditFilter = {
  readonly adminId?: UserId
  readonly subjectId?: UserId
  readonly action?: string
  /** Any of these actions (the "changes only" view: every action a change records). */
  readonly actions?: readonly string[]
  /** Epoch ms, inclusive. */
  readonly from?: Instant
  /** Epoch ms, exclusive. */
  readonly until?: Instant
}

export type AuditPage = {
  readonly records: readonly AuditRecord[]
  readonly total: number
}

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
