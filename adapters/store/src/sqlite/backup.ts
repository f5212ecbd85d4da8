// Copies and checks database files for `npm run backup` / `npm run restore`: SQLite's online backup
// API (consistent while servers write) and the checks a backup must pass before it replaces anything.
import BetterSqlite3 from 'better-sqlite3'
import { MIGRATIONS } from '../portable/migrations/index.js'

/** The whole database in one backup step: one read snapshot, so concurrent writers cannot make it restart or tear. */
const ALL_PAGES = 0x7fffffff

/**
 * Copies the live database `source` (WAL mode, servers may be writing) to `target`, a new file that
 * stands alone: rollback-journal mode, so it needs no -wal or -shm beside it.
 */
export const backupDatabase = async (source: string, target: string): Promise<void> => {
  const db = new BetterSqlite3(source, { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 5000')
    await db.backup(target, { progress: () => ALL_PAGES })
  } finally {
    db.close()
  }
  const copy = new BetterSqlite3(target, { fileMustExist: true })
  try {
    copy.pragma('journal_mode = DELETE')
  } finally {
    copy.close()
  }
}

export type DatabaseCheck = {
  /** Empty when `integrity_check` says ok, no foreign key dangles and every migration is known here. */
  readonly problems: readonly string[]
  readonly migrations: readonly string[]
}

/** Checks a database file read-only (a backup must be checked before it is used, and not changed by that). */
export const checkDatabase = (file: string): DatabaseCheck => {
  let db: BetterSqlite3.Database
  try {
    db = new BetterSqlite3(file, { readonly: true, fileMustExist: true })
  } catch (err) {
    return { problems: [`cannot open ${file}: ${(err as Error).message}`], migrations: [] }
  }
  // Each check on its own: a badly damaged file makes SQLite throw instead of answering rows.
  const attempt = <T>(what: string, read: () => T, problems: string[]): T | undefined => {
    try {
      return read()
    } catch (err) {
      problems.push(`${what}: ${(err as Error).message}`)
      return undefined
    }
  }
  try {
    const problems: string[] = []
    const integrity =
      attempt(
        'integrity_check',
        () => (db.pragma('integrity_check') as { integrity_check: string }[]).map((r) => r.integrity_check),
        problems,
      ) ?? []
    const bad = integrity.filter((r) => r !== 'ok')
    if (bad.length > 0) problems.push(`integrity_check: ${bad.slice(0, 5).join('; ')}`)
    const dangling =
      attempt('foreign_key_check', () => db.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[], problems) ??
      []
    if (dangling.length > 0) {
      problems.push(
        `foreign_key_check: ${dangling.length} row(s) point nowhere, e.g. ${dangling
          .slice(0, 5)
          .map((d) => `${d.table} row ${d.rowid} -> ${d.parent}`)
          .join(', ')}`,
      )
    }
    const migrations =
      attempt('migrations', () => db.prepare('select name from kysely_migration order by name').pluck().all() as string[], problems) ?? []
    const unknown = migrations.filter((m) => !(m in MIGRATIONS))
    if (unknown.length > 0) problems.push(`made by a newer Tandem (unknown migrations ${unknown.join(', ')}); restore it with that version`)
    return { problems, migrations }
  } finally {
    db.close()
  }
}
