// A writing transaction on PostgreSQL sends its revision bump with its commit, in one round trip
// (decision 0022). That a failure the work caught is never answered as a commit is pinned with the
// store's contract (database.same-contract-on-both-dialects).
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { postgresStore } from './support/both.dialects.js'
import type { Database } from '../src/index.js'
import { sentDuring } from './support/pg.sent.js'

const put = (db: Database, key: string) => db.run(db.kysely.insertInto('meta').values({ key, value: 1 }))
const keys = async (db: Database) =>
  (await db.all(db.kysely.selectFrom('meta').select('key').where('key', 'like', 'test-%').orderBy('key'))).map((row) => row.key)

/** The text of every query the `pg` clients of this process send while `work` runs. */
const queriesDuring = async (work: () => Promise<unknown>): Promise<string[]> => (await sentDuring(work)).map((s) => s.text)

describe('on PostgreSQL, round trips of a transaction', () => {
  const store = postgresStore()
  let db: Database
  beforeEach(async () => {
    await store.setUp()
    db = await store.open()
  })
  afterEach(() => store.tearDown())
  afterAll(() => store.stop())

  it('a writing transaction: begin, its statements, and the revision bump with the commit', async () => {
    const before = await db.generation()
    const sent = await queriesDuring(() =>
      db.transaction(async () => {
        await put(db, 'test-a')
        await put(db, 'test-b')
      }),
    )
    expect(sent).toHaveLength(4)
    expect(sent[0]).toMatch(/^begin$/i)
    expect(sent.slice(1, 3).every((q) => q.includes('insert into "meta"'))).toBe(true)
    expect(sent[3]).toMatch(/^insert into meta .* on conflict \(key\) do update set value = meta\.value \+ 1; commit$/)
    expect(await keys(db)).toEqual(['test-a', 'test-b'])
    expect(await db.generation()).not.toBe(before)
  })

  it('a reading transaction: begin, its statements and a bare commit; the generation stays', async () => {
    const before = await db.generation()
    const sent = await queriesDuring(() => db.transaction(() => keys(db)))
    expect(sent).toHaveLength(3)
    expect(sent[2]).toMatch(/^commit$/i)
    expect(await db.generation()).toBe(before)
  })

  it('a write alone is a transaction of three round trips', async () => {
    const sent = await queriesDuring(() => put(db, 'test-a'))
    expect(sent).toHaveLength(3)
    expect(sent[2]).toMatch(/; commit$/)
  })
})
