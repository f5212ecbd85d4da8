// The few places where the identity tables differ between SQLite and PostgreSQL, named once (the
// same rules as the application's migrations, docs/decisions/0018-postgresql.md; adapters do not
// import each other, so the identity adapter keeps its own short list):
//
// | what                         | SQLite                        | PostgreSQL                                        |
// | ---------------------------- | ----------------------------- | ------------------------------------------------- |
// | `integer` (epoch ms)         | INTEGER                       | bigint (its integer is 32 bits)                   |
// | `caseInsensitiveText`        | TEXT COLLATE NOCASE           | citext (the extension is created first)           |
// | `columnNames(table)`         | pragma_table_info             | information_schema.columns of the current schema  |
// | `jsonText(column, member)`   | json_extract(column, '$.m')   | (column::json ->> 'm')                            |
import { PostgresAdapter, sql, type ColumnDataType, type Expression, type Kysely, type RawBuilder } from 'kysely'

export type DialectName = 'sqlite' | 'postgres'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before there is a schema
type AnyKysely = Kysely<any>

export type IdentityDialect = {
  readonly name: DialectName
  readonly integer: ColumnDataType | Expression<unknown>
  readonly caseInsensitiveText: ColumnDataType | Expression<unknown>
  readonly enableCaseInsensitiveText: () => Promise<void>
  /** The columns a table has now (a data folder of an earlier version may lack later ones). */
  readonly columnNames: (table: string) => Promise<readonly string[]>
  /** A top-level string member of a JSON text column. */
  readonly jsonText: (column: string, member: string) => RawBuilder<string | null>
}

export const identityDialect = (db: AnyKysely): IdentityDialect => {
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    return {
      name: 'postgres',
      integer: 'bigint',
      caseInsensitiveText: sql`citext`,
      enableCaseInsensitiveText: async () => {
        await sql`create extension if not exists citext`.execute(db)
      },
      columnNames: async (table) =>
        (
          await sql<{ name: string }>`select column_name as name from information_schema.columns
            where table_schema = current_schema() and table_name = ${table}`.execute(db)
        ).rows.map((row) => row.name),
      jsonText: (column, member) => sql<string | null>`(${sql.ref(column)}::json ->> ${sql.lit(member)})`,
    }
  return {
    name: 'sqlite',
    integer: 'integer',
    caseInsensitiveText: sql`text collate nocase`,
    enableCaseInsensitiveText: async () => undefined,
    columnNames: async (table) =>
      (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map((row) => row.name),
    jsonText: (column, member) => sql<string | null>`json_extract(${sql.ref(column)}, ${sql.lit(`$.${member}`)})`,
  }
}
