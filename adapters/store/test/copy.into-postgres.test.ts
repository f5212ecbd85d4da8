// Moving an installation from its SQLite file into PostgreSQL: every row of every table arrives
// (checked by count and digest before the commit), parents before children, database-numbered keys
// continue after the copied ones, an e-mail is still found whatever its case; a target that is not
// empty, or a row PostgreSQL refuses, leaves the target as it was.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, SqliteDialect, sql } from 'kysely'
import { createTestDatabase, type TestDatabase } from '@tandem/testing'
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest'
import { checkTargetEmpty, copyIntoPostgres, migrateToLatest, openPostgresKysely, postgresTables, type Schema } from '../src/index.js'

let folder: string
let server: TestDatabase
let raw: BetterSqlite3.Database
let source: Kysely<Schema>
let target: Kysely<Schema>

beforeAll(async () => {
  server = await createTestDatabase()
})
afterAll(async () => {
  await server.drop()
})

const INSTANT = 1_900_000_000_123

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), 'tandem-copy-'))
  raw = new BetterSqlite3(join(folder, 'tandem.db'))
  source = new Kysely<Schema>({ dialect: new SqliteDialect({ database: raw }) })
  await migrateToLatest(source as unknown as Kysely<unknown>)
  target = openPostgresKysely(server.url)
  await sql`drop schema public cascade`.execute(target)
  await sql`create schema public`.execute(target)
})

afterEach(async () => {
  await source.destroy()
  await target.destroy()
  rmSync(folder, { recursive: true, force: true })
})

const addUser = async (email: string, first: string) =>
  (
    await source
      .insertInto('users')
      .values({
        issuer: 'https://id.example.org',
        subject: email.toLowerCase(),
        email,
        first_name: first,
        last_name: 'Müller',
        gender: 'NA',
        language: 'de',
        roles: '["MENTOR","MENTEE"]',
        city: 'Köln',
        professional_position: '',
        company: '',
        registered_at: INSTANT,
        accepted_privacy: 1,
        accepted_terms: 1,
        version: 3,
        mentee_no_match: 0,
        mentor_published: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id

const seed = async () => {
  const ada = await addUser('Ada@Example.org', 'Ada')
  const grace = await addUser('grace@example.org', 'Grace')
  const cluster = await source
    .insertInto('clusters')
    .values({ title: '2030', is_ended: 0, is_default: 1 })
    .returning('id')
    .executeTakeFirstOrThrow()
  await source
    .insertInto('tandems')
    .values({
      id: 7,
      version: 2,
      state: 'ACTIVE',
      mentee_id: ada,
      mentor_id: grace,
      cluster_id: cluster.id,
      created_at: INSTANT,
      manual: 0,
      score_base: 0.1 + 0.2,
      score_max: 1,
      score_percentage: 30.000000000000004,
      score_breakdown: '[]',
      mentee_proposal_id: 1,
      mentee_state: 'OPEN',
      mentor_proposal_id: 2,
      mentor_state: 'OPEN',
    })
    .execute()
  await source
    .insertInto('profile_images')
    .values({ user_id: grace, mime: 'image/png', bytes: Buffer.from([0, 1, 2, 255]) })
    .execute()
  await source.insertInto('rate_limits').values({ key: 'signIn:Zeta', points: 2, expire: null }).execute()
  await source.insertInto('rate_limits').values({ key: 'signIn:alpha', points: 1, expire: INSTANT }).execute()
  return { ada, grace }
}

it('carries every table over, verified, and the target works as the source did', async () => {
  const { grace } = await seed()
  expect(await checkTargetEmpty(target as unknown as Kysely<unknown>)).toBeNull()
  await migrateToLatest(target as unknown as Kysely<unknown>)
  const seen: string[] = []
  const result = await copyIntoPostgres(raw, target as unknown as Kysely<unknown>, (table) => seen.push(table))
  if (!('copied' in result)) throw new Error(`copy failed: ${JSON.stringify(result.failure)}`)

  const counts = Object.fromEntries(result.copied.map((t) => [t.table, t.rows]))
  expect(counts).toMatchObject({ users: 2, tandems: 1, profile_images: 1, rate_limits: 2, clusters: 1 })
  for (const { table, rows } of result.copied) {
    const sourceRows = raw.prepare(`select count(*) as n from "${table}"`).get() as { n: number }
    expect({ table, rows }).toEqual({ table, rows: sourceRows.n })
  }
  expect(seen.indexOf('users')).toBeLessThan(seen.indexOf('tandems'))

  const found = await target
    .selectFrom('users')
    .select(['id', 'first_name', 'city'])
    .where('email', '=', 'ada@EXAMPLE.org')
    .executeTakeFirst()
  expect(found).toMatchObject({ first_name: 'Ada', city: 'Köln' })
  const image = await target.selectFrom('profile_images').select('bytes').where('user_id', '=', grace).executeTakeFirstOrThrow()
  expect([...image.bytes]).toEqual([0, 1, 2, 255])
  const score = await target.selectFrom('tandems').select(['score_base', 'created_at']).executeTakeFirstOrThrow()
  expect(score).toEqual({ score_base: 0.1 + 0.2, created_at: INSTANT })
  const next = await target
    .insertInto('users')
    .values({
      ...(await target.selectFrom('users').selectAll().where('id', '=', grace).executeTakeFirstOrThrow()),
      id: undefined,
      subject: 'new',
      email: 'new@example.org',
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow()
  expect(next.id).toBeGreaterThan(grace)
})

it('refuses a target that already holds tables, and touches nothing there', async () => {
  await sql`create table notes (id integer primary key, text text)`.execute(target)
  await sql`insert into notes values (1, 'kept')`.execute(target)
  expect(await checkTargetEmpty(target as unknown as Kysely<unknown>)).toEqual({ _tag: 'TargetNotEmpty', tables: ['notes'] })
  expect(await postgresTables(target as unknown as Kysely<unknown>)).toEqual(['notes'])
})

it('refuses a target that lacks a table of the source (not migrated), and copies nothing', async () => {
  await seed()
  const result = await copyIntoPostgres(raw, target as unknown as Kysely<unknown>)
  expect('failure' in result && result.failure._tag).toBe('TablesMissing')
  expect(await postgresTables(target as unknown as Kysely<unknown>)).toEqual([])
})

it('a row PostgreSQL refuses rolls the whole copy back and names its table', async () => {
  await seed()
  // SQLite stores text in an integer column; PostgreSQL's bigint refuses it.
  raw.prepare("update rate_limits set points = 'many' where key = 'signIn:alpha'").run()
  await migrateToLatest(target as unknown as Kysely<unknown>)
  const seeded = await target.selectFrom('meta').selectAll().execute()
  const result = await copyIntoPostgres(raw, target as unknown as Kysely<unknown>)
  expect('failure' in result && result.failure).toMatchObject({ _tag: 'Refused', table: 'rate_limits' })
  expect(await target.selectFrom('users').select('id').execute()).toEqual([])
  expect(await target.selectFrom('meta').selectAll().execute()).toEqual(seeded)
})

it('a row that arrives changed fails the verification, and nothing is kept', async () => {
  await seed()
  await migrateToLatest(target as unknown as Kysely<unknown>)
  // Something in the target that alters what is written (here a trigger) must not pass unnoticed.
  await sql`create function shout() returns trigger as $$ begin new.city := upper(new.city); return new; end $$ language plpgsql`.execute(
    target,
  )
  await sql`create trigger shout before insert on users for each row execute function shout()`.execute(target)
  const result = await copyIntoPostgres(raw, target as unknown as Kysely<unknown>)
  expect('failure' in result && result.failure).toMatchObject({
    _tag: 'Mismatch',
    table: 'users',
    source: { rows: 2 },
    target: { rows: 2 },
  })
  expect(await target.selectFrom('users').select('id').execute()).toEqual([])
})
