// Moves an installation from its SQLite file into an empty PostgreSQL database that the same
// migrations built: every table's rows in one PostgreSQL transaction, parents before children, the
// database-numbered keys continued after the highest copied one, and verified before the commit —
// each table's row count and a digest of its rows must equal the source's, or nothing is kept.
import { createHash } from 'node:crypto'
import type BetterSqlite3 from 'better-sqlite3'
import { sql, type Kysely, type Transaction } from 'kysely'

/** What one table looked like after the copy. */
export type CopiedTable = { readonly table: string; readonly rows: number; readonly digest: string }

export type CopyFailure =
  | { readonly _tag: 'TargetNotEmpty'; readonly tables: readonly string[] }
  | { readonly _tag: 'TablesMissing'; readonly tables: readonly string[] }
  | { readonly _tag: 'Mismatch'; readonly table: string; readonly source: CopiedTable; readonly target: CopiedTable }
  | { readonly _tag: 'Refused'; readonly table: string; readonly message: string }

/** The migrators' own bookkeeping: each database keeps the rows its own migrations wrote. */
const isBookkeeping = (table: string): boolean => /(^|_)migration(_lock)?$/.test(table)

/** PostgreSQL takes at most 65,535 parameters per statement. */
const MAX_PARAMETERS = 60_000
/** Rows read from the source at a time, so a large installation never sits in memory whole. */
const READ_BATCH = 5_000

type Row = Record<string, unknown>

/** The user tables of the PostgreSQL database (its current schema), before any migration ran. */
export const postgresTables = async (target: Kysely<unknown>): Promise<string[]> => {
  const result = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(target)
  return result.rows.map((row) => row.name)
}

/** Refuses a target that holds any table: the copy never merges into an existing installation. */
export const checkTargetEmpty = async (target: Kysely<unknown>): Promise<CopyFailure | null> => {
  const tables = await postgresTables(target)
  return tables.length === 0 ? null : { _tag: 'TargetNotEmpty', tables }
}

type TableInfo = {
  readonly name: string
  readonly columns: readonly string[]
  readonly key: readonly string[]
  readonly parents: readonly string[]
}

const sqliteTables = (source: BetterSqlite3.Database): TableInfo[] => {
  const names = (
    source.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as {
      name: string
    }[]
  )
    .map((row) => row.name)
    .filter((name) => !isBookkeeping(name))
  return names.map((name) => {
    const columns = source.prepare(`select name, pk from pragma_table_info(?) order by cid`).all(name) as { name: string; pk: number }[]
    const key = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk)
    const parents = source.prepare('select distinct "table" as parent from pragma_foreign_key_list(?)').all(name) as { parent: string }[]
    return {
      name,
      columns: columns.map((c) => c.name),
      // A table without a declared key is ordered by every column: the digest needs one order on both sides.
      key: (key.length > 0 ? key : columns).map((c) => c.name),
      parents: parents.map((p) => p.parent).filter((parent) => parent !== name),
    }
  })
}

/** Parents before children, so every foreign key finds its row when PostgreSQL checks it. */
const inDependencyOrder = (tables: readonly TableInfo[]): TableInfo[] => {
  const byName = new Map(tables.map((t) => [t.name, t]))
  const ordered: TableInfo[] = []
  const placed = new Set<string>()
  const visit = (table: TableInfo, path: ReadonlySet<string>): void => {
    if (placed.has(table.name)) return
    if (path.has(table.name)) throw new Error(`foreign keys form a cycle through ${table.name}`)
    for (const parent of table.parents) {
      const info = byName.get(parent)
      if (info !== undefined) visit(info, new Set([...path, table.name]))
    }
    placed.add(table.name)
    ordered.push(table)
  }
  for (const table of tables) visit(table, new Set())
  return ordered
}

/** One spelling of a value on both sides: numbers as numbers, bytes as hex, text as text. */
const canonical = (value: unknown): unknown => {
  if (value === null || value === undefined) return null
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`
  if (typeof value === 'bigint') return Number(value)
  return value
}

/**
 * A digest of a table's rows that does not depend on their order: text keys sort differently on
 * the two databases (byte order against collations), so each row is hashed and the sorted hashes
 * are hashed again.
 */
class TableDigest {
  private readonly rowHashes: string[] = []
  constructor(
    private readonly table: string,
    private readonly columns: readonly string[],
  ) {}
  add(row: Row): void {
    this.rowHashes.push(
      createHash('sha256')
        .update(JSON.stringify(this.columns.map((c) => canonical(row[c]))))
        .digest('hex'),
    )
  }
  result(): CopiedTable {
    const hash = createHash('sha256')
    for (const rowHash of this.rowHashes.sort()) hash.update(rowHash)
    return { table: this.table, rows: this.rowHashes.length, digest: hash.digest('hex') }
  }
}

const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`

function* sourceRows(source: BetterSqlite3.Database, table: TableInfo): Generator<Row> {
  const order = table.key.map(quoted).join(', ')
  const statement = source.prepare(`select ${table.columns.map(quoted).join(', ')} from ${quoted(table.name)} order by ${order}`)
  yield* statement.iterate() as IterableIterator<Row>
}

async function* targetRows(trx: Transaction<unknown>, table: TableInfo): AsyncGenerator<Row[]> {
  const order = sql.raw(table.key.map(quoted).join(', '))
  const columns = sql.raw(table.columns.map(quoted).join(', '))
  for (let offset = 0; ; offset += READ_BATCH) {
    const batch =
      await sql<Row>`select ${columns} from ${sql.table(table.name)} order by ${order} limit ${READ_BATCH} offset ${offset}`.execute(trx)
    if (batch.rows.length === 0) return
    yield batch.rows
  }
}

const sourceDigest = (source: BetterSqlite3.Database, table: TableInfo): CopiedTable => {
  const digest = new TableDigest(table.name, table.columns)
  for (const row of sourceRows(source, table)) digest.add(row)
  return digest.result()
}

const targetDigest = async (trx: Transaction<unknown>, table: TableInfo): Promise<CopiedTable> => {
  const digest = new TableDigest(table.name, table.columns)
  for await (const batch of targetRows(trx, table)) for (const row of batch) digest.add(row)
  return digest.result()
}

const insertAll = async (trx: Transaction<unknown>, source: BetterSqlite3.Database, table: TableInfo): Promise<void> => {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / table.columns.length))
  let batch: Row[] = []
  const flush = async () => {
    if (batch.length === 0) return
    const rows = batch
    batch = []
    await trx
      .insertInto(table.name as never)
      .values(rows.map((row) => Object.fromEntries(table.columns.map((c) => [c, canonicalForInsert(row[c])]))))
      .execute()
  }
  for (const row of sourceRows(source, table)) {
    batch.push(row)
    if (batch.length >= perStatement) await flush()
  }
  await flush()
}

const canonicalForInsert = (value: unknown): unknown => (typeof value === 'bigint' ? Number(value) : value)

/** Continues every database-numbered key, and the tandems' id sequence, after the highest copied value. */
const continueNumbering = async (trx: Transaction<unknown>): Promise<void> => {
  const identities = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and is_identity = 'YES'`.execute(trx)
  for (const { table_name: table, column_name: column } of identities.rows) {
    await sql`select setval(pg_get_serial_sequence(${quoted(table)}, ${column}),
      coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(trx)
  }
  // The tandems' ids come from a sequence of their own (migration 0016; decision 0022).
  await sql`select setval('tandem_ids', coalesce((select max(id) from tandems), 0) + 1, false)`.execute(trx)
}

/**
 * Copies every table of `source` into `target` (already migrated to the same version) in one
 * transaction. Rows the target's migrations seeded are replaced by the source's. Answers the
 * verified tables, or why nothing was kept.
 */
export const copyIntoPostgres = async (
  source: BetterSqlite3.Database,
  target: Kysely<unknown>,
  onTable: (table: string, rows: number) => void = () => {},
): Promise<{ readonly copied: readonly CopiedTable[] } | { readonly failure: CopyFailure }> => {
  const tables = inDependencyOrder(sqliteTables(source))
  const present = new Set(await postgresTables(target))
  const missing = tables.map((t) => t.name).filter((name) => !present.has(name))
  if (missing.length > 0) return { failure: { _tag: 'TablesMissing', tables: missing } }
  class Abort extends Error {
    constructor(readonly failure: CopyFailure) {
      super(failure._tag)
    }
  }
  try {
    const copied = await target.transaction().execute(async (trx) => {
      for (const table of [...tables].reverse()) await trx.deleteFrom(table.name as never).execute()
      for (const table of tables) {
        try {
          await insertAll(trx, source, table)
        } catch (error) {
          throw new Abort({ _tag: 'Refused', table: table.name, message: error instanceof Error ? error.message : String(error) })
        }
      }
      await continueNumbering(trx)
      const verified: CopiedTable[] = []
      for (const table of tables) {
        const expected = sourceDigest(source, table)
        const actual = await targetDigest(trx, table)
        if (expected.rows !== actual.rows || expected.digest !== actual.digest)
          throw new Abort({ _tag: 'Mismatch', table: table.name, source: expected, target: actual })
        onTable(table.name, actual.rows)
        verified.push(actual)
      }
      return verified
    })
    return { copied }
  } catch (error) {
    if (error instanceof Abort) return { failure: error.failure }
    throw error
  }
}
