// The schema a database ended up with, read from its own catalog (SQLite's pragmas, PostgreSQL's
// pg_catalog) into one neutral shape, so a test can compare what the migrations built on each.
// The named dialect differences (dialect.ts) are mapped to one name here: bigint and INTEGER are
// `integer`, double precision and REAL are `real`, bytea and BLOB are `blob`, citext and TEXT COLLATE
// NOCASE are `text-ci`, identity and AUTOINCREMENT are `generated`.
import type BetterSqlite3 from 'better-sqlite3'
import pg from 'pg'

export type ColumnShape = {
  readonly name: string
  readonly type: string
  readonly nullable: boolean
  readonly default: string | null
  readonly generated: boolean
}

export type TableShape = {
  readonly columns: readonly ColumnShape[]
  readonly primaryKey: readonly string[]
  /** `column -> table.column on delete ACTION`, sorted. */
  readonly foreignKeys: readonly string[]
  /**
   * `name: unique (a, b) where …`, sorted; indexes behind a unique constraint are named
   * `(constraint)`, since each dialect names those itself. Primary keys are in `primaryKey`.
   */
  readonly indexes: readonly string[]
}

export type SchemaShape = Readonly<Record<string, TableShape>>

/** Tables of the migrator itself are not the product's schema. */
const OWN = /^(kysely_|sqlite_)/

const indexShape = (name: string | null, unique: boolean, columns: readonly string[], predicate: string | null): string =>
  `${name ?? '(constraint)'}: ${unique ? 'unique ' : ''}(${columns.join(', ')})${predicate === null ? '' : ` where ${predicate}`}`

const byName = (shape: Record<string, TableShape>): SchemaShape =>
  Object.fromEntries(Object.entries(shape).sort(([a], [b]) => a.localeCompare(b)))

export const sqliteSchema = (db: BetterSqlite3.Database): SchemaShape => {
  const tables = db.prepare("select name, sql from sqlite_master where type = 'table'").all() as { name: string; sql: string }[]
  const shape: Record<string, TableShape> = {}
  for (const { name: table, sql } of tables.filter((t) => !OWN.test(t.name))) {
    const definition = (column: string) => new RegExp(`"${column}"[^,]*`, 'i').exec(sql)?.[0].toLowerCase() ?? ''
    const info = db.pragma(`table_info("${table}")`) as {
      name: string
      type: string
      notnull: number
      dflt_value: string | null
      pk: number
    }[]
    const columns = info.map((c) => ({
      name: c.name,
      type: c.type.toLowerCase() === 'text' && definition(c.name).includes('collate nocase') ? 'text-ci' : c.type.toLowerCase(),
      // SQLite lets a non-INTEGER primary key hold NULL (a legacy quirk); the product never stores one.
      nullable: c.notnull === 0 && c.pk === 0,
      default: c.dflt_value,
      generated: definition(c.name).includes('autoincrement'),
    }))
    const primaryKey = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name)
    const foreignKeys = (db.pragma(`foreign_key_list("${table}")`) as { table: string; from: string; to: string; on_delete: string }[])
      .map((fk) => `${fk.from} -> ${fk.table}.${fk.to} on delete ${fk.on_delete.toLowerCase()}`)
      .sort()
    const indexes = (db.pragma(`index_list("${table}")`) as { name: string; unique: number; origin: string; partial: number }[])
      .filter((index) => index.origin !== 'pk')
      .map((index) => {
        const columns = (db.pragma(`index_info("${index.name}")`) as { seqno: number; name: string }[])
          .sort((a, b) => a.seqno - b.seqno)
          .map((c) => c.name)
        const indexSql = (db.prepare('select sql from sqlite_master where name = ?').get(index.name) as { sql: string | null }).sql
        const predicate = index.partial === 1 ? (/\bwhere\s+(.*)$/is.exec(indexSql ?? '')?.[1]?.trim() ?? '?') : null
        return indexShape(index.origin === 'c' ? index.name : null, index.unique === 1, columns, predicate)
      })
      .sort()
    shape[table] = { columns, primaryKey, foreignKeys, indexes }
  }
  return byName(shape)
}

const PG_TYPES: Readonly<Record<string, string>> = { int8: 'integer', float8: 'real', text: 'text', bytea: 'blob', citext: 'text-ci' }
const PG_ON_DELETE: Readonly<Record<string, string>> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' }

/** `(state = ANY (ARRAY['ACTIVE'::text, …]))` as SQLite keeps it: `state in ('ACTIVE', …)`. */
const pgPredicate = (expression: string): string => {
  const bare = expression.replace(/::[a-z]+( [a-z]+)*/g, '').replace(/^\((.*)\)$/s, '$1')
  const any = /^(\w+) = ANY \(ARRAY\[(.*)\]\)$/s.exec(bare)
  return any === null ? bare : `${any[1]} in (${any[2]})`
}

export const postgresSchema = async (url: string): Promise<SchemaShape> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const columns = await client.query<{
      table_name: string
      column_name: string
      udt_name: string
      is_nullable: string
      column_default: string | null
      is_identity: string
    }>(`select table_name, column_name, udt_name, is_nullable, column_default, is_identity from information_schema.columns
        where table_schema = current_schema() order by table_name, ordinal_position`)
    const keys = await client.query<{ table_name: string; columns: string[] }>(
      `select c.relname as table_name,
              array(select a.attname from unnest(i.indkey) with ordinality k(attnum, n)
                    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum order by k.n)::text[] as columns
       from pg_index i join pg_class c on c.oid = i.indrelid
       where i.indisprimary and c.relnamespace = current_schema()::regnamespace`,
    )
    const foreign = await client.query<{ table_name: string; columns: string[]; target: string; target_columns: string[]; action: string }>(
      `select c.conrelid::regclass::text as table_name, c.confrelid::regclass::text as target, c.confdeltype as action,
              array(select attname from pg_attribute where attrelid = c.conrelid and attnum = any(c.conkey))::text[] as columns,
              array(select attname from pg_attribute where attrelid = c.confrelid and attnum = any(c.confkey))::text[] as target_columns
       from pg_constraint c where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`,
    )
    const indexes = await client.query<{
      table_name: string
      index_name: string
      is_unique: boolean
      columns: string[]
      predicate: string | null
      of_constraint: boolean
    }>(
      `select t.relname as table_name, x.relname as index_name, i.indisunique as is_unique,
              array(select pg_get_indexdef(i.indexrelid, k, true) from generate_series(1, i.indnatts) k order by k)::text[] as columns,
              pg_get_expr(i.indpred, i.indrelid, true) as predicate,
              exists(select 1 from pg_constraint c where c.conindid = i.indexrelid) as of_constraint
       from pg_index i join pg_class t on t.oid = i.indrelid join pg_class x on x.oid = i.indexrelid
       where not i.indisprimary and t.relnamespace = current_schema()::regnamespace`,
    )
    const shape: Record<string, TableShape> = {}
    for (const table of new Set(columns.rows.map((c) => c.table_name))) {
      if (OWN.test(table)) continue
      shape[table] = {
        columns: columns.rows
          .filter((c) => c.table_name === table)
          .map((c) => ({
            name: c.column_name,
            type: PG_TYPES[c.udt_name] ?? c.udt_name,
            nullable: c.is_nullable === 'YES',
            default: c.column_default === null ? null : c.column_default.replace(/::[a-z]+( [a-z]+)*$/, ''),
            generated: c.is_identity === 'YES',
          })),
        primaryKey: keys.rows.find((k) => k.table_name === table)?.columns ?? [],
        foreignKeys: foreign.rows
          .filter((fk) => fk.table_name === table)
          .map(
            (fk) =>
              `${fk.columns.join(', ')} -> ${fk.target}.${fk.target_columns.join(', ')} on delete ${PG_ON_DELETE[fk.action] ?? fk.action}`,
          )
          .sort(),
        indexes: indexes.rows
          .filter((index) => index.table_name === table)
          .map((index) =>
            indexShape(
              index.of_constraint ? null : index.index_name,
              index.is_unique,
              index.columns,
              index.predicate === null ? null : pgPredicate(index.predicate),
            ),
          )
          .sort(),
      }
    }
    return byName(shape)
  } finally {
    await client.end()
  }
}
