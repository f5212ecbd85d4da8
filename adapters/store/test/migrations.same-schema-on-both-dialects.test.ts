// One list of migrations, two databases: a fresh SQLite file and a fresh PostgreSQL database end up
// with the same tables, columns, keys, foreign keys and indexes (the partial index on live
// tandems included), once the named dialect differences are read as one; and every migration can
// be undone and applied again on both.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, Migrator, NO_MIGRATIONS, SqliteDialect } from 'kysely'
import { createTestDatabase, type TestDatabase } from '@tandem/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS, migrateToLatest, openPostgresKysely } from '../src/index.js'
import { postgresSchema, sqliteSchema, type SchemaShape } from './support/schema.snapshot.js'

let folder: string
let sqlite: BetterSqlite3.Database
let sqliteKysely: Kysely<unknown>
let postgres: TestDatabase
let postgresKysely: Kysely<unknown>

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'tandem-schema-'))
  sqlite = new BetterSqlite3(join(folder, 'tandem.db'))
  sqliteKysely = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) })
  postgres = await createTestDatabase()
  postgresKysely = openPostgresKysely(postgres.url) as unknown as Kysely<unknown>
  await migrateToLatest(sqliteKysely)
  await migrateToLatest(postgresKysely)
})

afterAll(async () => {
  await postgresKysely.destroy()
  await postgres.drop()
  await sqliteKysely.destroy()
  rmSync(folder, { recursive: true, force: true })
})

const migrator = (db: Kysely<unknown>) => new Migrator({ db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } })

const productTables = async (db: Kysely<unknown>): Promise<string[]> =>
  (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort()

describe('the migrations on SQLite and PostgreSQL', () => {
  it('build the same tables, columns, keys and indexes on both', async () => {
    const onSqlite: SchemaShape = sqliteSchema(sqlite)
    const onPostgres: SchemaShape = await postgresSchema(postgres.url)
    expect(Object.keys(onPostgres)).toEqual(Object.keys(onSqlite))
    for (const table of Object.keys(onSqlite)) expect({ table, ...onPostgres[table] }).toEqual({ table, ...onSqlite[table] })
  })

  it('read back what the schema is known to hold (so an empty reading cannot pass)', async () => {
    for (const schema of [sqliteSchema(sqlite), await postgresSchema(postgres.url)]) {
      expect(schema['tandems']?.indexes).toContain("tandems_live_by_mentor: (mentor_id) where state in ('ACTIVE', 'MATCHED')")
      expect(schema['users']?.indexes).toEqual(
        expect.arrayContaining([
          '(constraint): unique (email)',
          '(constraint): unique (issuer, subject)',
          'users_mentee_status: (mentee_status)',
        ]),
      )
      expect(schema['users']?.columns.find((c) => c.name === 'email')).toEqual({
        name: 'email',
        type: 'text-ci',
        nullable: false,
        default: null,
        generated: false,
      })
      expect(schema['users']?.columns.find((c) => c.name === 'id')).toMatchObject({ type: 'integer', generated: true })
      expect(schema['users']?.columns.find((c) => c.name === 'gender')).toMatchObject({ default: "'NA'", nullable: false })
      expect(schema['tandems']?.columns.find((c) => c.name === 'score_base')?.type).toBe('real')
      expect(schema['tandems']?.foreignKeys).toContain('mentor_id -> users.id on delete cascade')
      expect(schema['outbox']?.foreignKeys).toEqual(['user_id -> users.id on delete set null'])
      expect(schema['profile_answers']?.primaryKey).toEqual(['user_id', 'question_id'])
      expect(schema['profile_images']?.columns.find((c) => c.name === 'bytes')?.type).toBe('blob')
    }
  })

  for (const dialect of ['sqlite', 'postgres'] as const)
    it(`can all be undone and applied again on ${dialect}, ending where they started`, async () => {
      const db = dialect === 'sqlite' ? sqliteKysely : postgresKysely
      const read = () => (dialect === 'sqlite' ? Promise.resolve(sqliteSchema(sqlite)) : postgresSchema(postgres.url))
      const before = await read()
      const down = await migrator(db).migrateTo(NO_MIGRATIONS)
      expect(down.error).toBeUndefined()
      expect(down.results?.map((r) => r.status)).toEqual(Object.keys(MIGRATIONS).map(() => 'Success'))
      expect(await productTables(db)).toEqual([])
      expect(await migrateToLatest(db)).toEqual(Object.keys(MIGRATIONS))
      expect(await read()).toEqual(before)
    })
})
