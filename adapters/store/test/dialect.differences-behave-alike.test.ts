// The named dialect differences (dialect.ts) behave alike on SQLite and PostgreSQL: e-mail found and
// kept unique whatever its case, database-numbered ids never reused, a mentor in at most one live
// tandem, epoch milliseconds and scores read back exactly as numbers, photos as bytes.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, SqliteDialect, sql, type Insertable } from 'kysely'
import { createTestDatabase, type TestDatabase } from '@tandem/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dialectOf, migrateToLatest, openPostgresKysely, type Schema } from '../src/index.js'
import { containsText, jsonNumber } from '../src/portable/dialect.js'
import type { TandemsTable } from '../src/portable/schema.js'

let folder: string
let postgres: TestDatabase
const databases: { name: 'sqlite' | 'postgres'; db: Kysely<Schema> }[] = []

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'tandem-dialect-'))
  postgres = await createTestDatabase()
  databases.push(
    { name: 'sqlite', db: new Kysely<Schema>({ dialect: new SqliteDialect({ database: new BetterSqlite3(join(folder, 'tandem.db')) }) }) },
    { name: 'postgres', db: openPostgresKysely(postgres.url) },
  )
  for (const { db } of databases) await migrateToLatest(db as unknown as Kysely<unknown>)
})

afterAll(async () => {
  for (const { db } of databases) await db.destroy()
  await postgres.drop()
  rmSync(folder, { recursive: true, force: true })
})

const INSTANT = 1_900_000_000_123 // 2030: needs more than 32 bits

const addUser = (db: Kysely<Schema>, email: string) =>
  db
    .insertInto('users')
    .values({
      issuer: 'https://id.example.org',
      subject: email.toLowerCase(),
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      gender: 'NA',
      language: 'en',
      roles: '["MENTOR"]',
      city: '',
      professional_position: '',
      company: '',
      registered_at: INSTANT,
      accepted_privacy: 1,
      accepted_terms: 1,
      version: 1,
      mentee_no_match: 0,
      mentor_published: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow()

const tandem = (id: number, mentee: number, mentor: number, state: string): Insertable<TandemsTable> => ({
  id,
  version: 1,
  state,
  mentee_id: mentee,
  mentor_id: mentor,
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

describe.each(['sqlite', 'postgres'] as const)('on %s', (name) => {
  const db = () => databases.find((d) => d.name === name)!.db

  it('knows which dialect it speaks', () => {
    expect(dialectOf(db())).toBe(name)
  })

  it('finds an e-mail address whatever its case, and refuses the same address in another case', async () => {
    const { id } = await addUser(db(), 'Grace.Hopper@Example.org')
    const found = await db().selectFrom('users').select(['id', 'email']).where('email', '=', 'grace.hopper@example.ORG').execute()
    expect(found).toEqual([{ id, email: 'Grace.Hopper@Example.org' }])
    await expect(addUser(db(), 'GRACE.HOPPER@example.org')).rejects.toThrow(/unique/i)
  })

  it('numbers new rows itself and never hands out a number again after a delete', async () => {
    const first = await db()
      .insertInto('clusters')
      .values({ title: `${name} first`, is_ended: 0, is_default: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
    const second = await db()
      .insertInto('clusters')
      .values({ title: `${name} second`, is_ended: 0, is_default: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(second.id).toBe(first.id + 1)
    await db().deleteFrom('clusters').where('id', '=', second.id).execute()
    const third = await db()
      .insertInto('clusters')
      .values({ title: `${name} third`, is_ended: 0, is_default: 0 })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect(third.id).toBe(second.id + 1)
    expect(typeof third.id).toBe('number')
  })

  it('lets a mentor be in as many live tandems as their capacity, however many ended ones', async () => {
    const mentee = await addUser(db(), 'mentee.one@example.org')
    const other = await addUser(db(), 'mentee.two@example.org')
    const mentor = await addUser(db(), 'mentor@example.org')
    await db()
      .insertInto('tandems')
      .values([
        tandem(1, mentee.id, mentor.id, 'ENDED'),
        tandem(2, other.id, mentor.id, 'ENDED'),
        tandem(3, mentee.id, mentor.id, 'ACTIVE'),
      ])
      .execute()
    // Capacity 1 (the default): a second live tandem is refused, inserted live or made live.
    await expect(
      db()
        .insertInto('tandems')
        .values(tandem(4, other.id, mentor.id, 'MATCHED'))
        .execute(),
    ).rejects.toThrow(/free place/i)
    await expect(db().updateTable('tandems').set({ state: 'MATCHED' }).where('id', '=', 2).execute()).rejects.toThrow(/free place/i)
    // Capacity 2: one more place, then none.
    await db().updateTable('users').set({ mentor_capacity: 2 }).where('id', '=', mentor.id).execute()
    await db()
      .insertInto('tandems')
      .values(tandem(4, other.id, mentor.id, 'MATCHED'))
      .execute()
    await expect(
      db()
        .insertInto('tandems')
        .values(tandem(5, mentee.id, mentor.id, 'ACTIVE'))
        .execute(),
    ).rejects.toThrow(/free place/i)
    // A live tandem moving on (ACTIVE to MATCHED) takes no new place; a lowered capacity ends nothing.
    await db().updateTable('users').set({ mentor_capacity: 1 }).where('id', '=', mentor.id).execute()
    await db().updateTable('tandems').set({ state: 'MATCHED' }).where('id', '=', 3).execute()
    expect(await db().selectFrom('tandems').select(['id', 'state']).where('mentor_id', '=', mentor.id).orderBy('id').execute()).toEqual([
      { id: 1, state: 'ENDED' },
      { id: 2, state: 'ENDED' },
      { id: 3, state: 'MATCHED' },
      { id: 4, state: 'MATCHED' },
    ])
  })

  it('reads back instants past 2^32, scores and photo bytes exactly as written', async () => {
    const user = await addUser(db(), 'photo@example.org')
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff])
    await db().insertInto('profile_images').values({ user_id: user.id, mime: 'image/png', bytes }).execute()
    const image = await db().selectFrom('profile_images').select('bytes').where('user_id', '=', user.id).executeTakeFirstOrThrow()
    expect(Buffer.from(image.bytes).equals(bytes)).toBe(true)
    const row = await db().selectFrom('users').select(['registered_at', 'version']).where('id', '=', user.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ registered_at: INSTANT, version: 1 })
    const scores = await db().selectFrom('tandems').select(['score_base', 'score_percentage']).where('id', '=', 1).executeTakeFirstOrThrow()
    expect(scores).toEqual({ score_base: 0.1 + 0.2, score_percentage: 30.000000000000004 })
    const { count } = await db()
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    expect(count).toBe(5)
  })

  it('finds text inside text and a number inside a JSON member alike', async () => {
    const user = await addUser(db(), 'mail.reader@example.org')
    const data = JSON.stringify({ deadline: INSTANT, lastSavedAt: 7, note: 'Mail for Mail.Reader@Example.org' })
    await db()
      .insertInto('outbox')
      .values({
        created_at: INSTANT,
        user_id: user.id,
        recipient_email: 'mail.reader@example.org',
        recipient_name: 'Ada',
        language: 'en',
        type: 'reminder',
        data,
        subject: 'Reminder',
        status: 'pending',
        next_attempt_at: INSTANT,
        attempts: 0,
      })
      .execute()
    const dialect = { dialect: name }
    const ids = (where: ReturnType<typeof containsText>) =>
      db().selectFrom('outbox').select('user_id').where('user_id', '=', user.id).where(where).execute()
    expect(await ids(containsText(dialect, sql<string>`lower(data)`, 'mail.reader@example.org'))).toEqual([{ user_id: user.id }])
    expect(await ids(containsText(dialect, sql<string>`lower(data)`, 'someone.else@example.org'))).toEqual([])
    const at = (member: string, value: number) =>
      db()
        .selectFrom('outbox')
        .select('user_id')
        .where('user_id', '=', user.id)
        .where(jsonNumber(dialect, 'data', member), '=', value)
        .execute()
    expect(await at('deadline', INSTANT)).toEqual([{ user_id: user.id }])
    expect(await at('lastSavedAt', 7)).toEqual([{ user_id: user.id }])
    expect(await at('deadline', INSTANT + 1)).toEqual([])
  })
})
