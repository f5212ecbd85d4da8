// On PostgreSQL a transaction's `begin`, and the writes the store sends without waiting (`send`,
// `sendChanging`), go out without waiting for their answers: the next statement follows right
// behind them on the same connection, and one wait covers them all (decision 0022). Statements a
// transaction runs side by side (`together`) go out together too, and what is sent in one turn of
// the event loop leaves in one socket write. Counted on what each `pg` client had sent and not yet
// had answered when it sent a statement. What happens when such a write fails is pinned on both
// databases with the store's contract (database.same-contract-on-both-dialects).
import net from 'node:net'
import { createTestDatabase, type TestDatabase } from '@tandem/testing'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { together } from '../src/portable/database.js'
import { openPostgresDatabase, openPostgresKysely, type Database } from '../src/index.js'
import { sentDuring } from './support/pg.sent.js'

let postgres: TestDatabase
const opened: Database[] = []
beforeAll(async () => {
  postgres = await createTestDatabase()
})
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close()
})
afterAll(async () => {
  await postgres.drop()
})

const open = async () => {
  const db = await openPostgresDatabase(postgres.url, { maxConnections: 2 })
  opened.push(db)
  return db
}
const put = (db: Database, key: string) => db.run(db.kysely.insertInto('meta').values({ key, value: 1 }))
const sendPut = (db: Database, key: string) => db.send(db.kysely.insertInto('meta').values({ key, value: 1 }))
const keys = async (db: Database, prefix: string) =>
  (await db.all(db.kysely.selectFrom('meta').select('key').where('key', 'like', `${prefix}-%`).orderBy('key'))).map((row) => row.key)

it("sends a transaction's first statement right behind its begin", async () => {
  const db = await open()
  const sent = await sentDuring(() => db.transaction(() => keys(db, 'first')))
  expect(sent.map((s) => s.text.split(' ')[0])).toEqual(['begin', 'select', 'commit'])
  expect(sent[1]?.unanswered).toBe(1)
  // The commit waits for the answers it depends on.
  expect(sent[2]?.unanswered).toBe(0)
})

it('sends the writes sent without waiting and the commit together, and commits them', async () => {
  const db = await open()
  const sent = await sentDuring(() =>
    db.transaction(async () => {
      await put(db, 'together-a')
      await sendPut(db, 'together-b')
      await sendPut(db, 'together-c')
    }),
  )
  expect(sent).toHaveLength(5)
  expect(sent.map((s) => s.unanswered)).toEqual([0, 1, 0, 1, 2])
  expect(sent[4]?.text).toMatch(/; commit$/)
  expect(await keys(db, 'together')).toEqual(['together-a', 'together-b', 'together-c'])
})

it('sends the statements a transaction runs side by side together, and answers each its own rows', async () => {
  const db = await open()
  for (const key of ['side-a', 'side-b']) await put(db, key)
  let answers: unknown
  const sent = await sentDuring(() =>
    db.transaction(async () => {
      answers = await together([
        keys(db, 'side'),
        db.first(db.kysely.selectFrom('meta').select('key').where('key', '=', 'side-b')),
        keys(db, 'none'),
      ])
    }),
  )
  expect(sent.map((s) => s.text.split(' ')[0])).toEqual(['begin', 'select', 'select', 'select', 'commit'])
  expect(sent.map((s) => s.unanswered)).toEqual([0, 1, 2, 3, 0])
  expect(answers).toEqual([['side-a', 'side-b'], { key: 'side-b' }, []])
})

it('sends a conditional write without waiting, and the commit right behind it', async () => {
  const db = await open()
  await put(db, 'checked-a')
  const sent = await sentDuring(() =>
    db.transaction(async () => {
      await put(db, 'checked-b')
      await db.sendChanging(
        db.kysely.updateTable('meta').set({ value: 2 }).where('key', '=', 'checked-a').where('value', '=', 1).returning('key'),
        1,
      )
    }),
  )
  expect(sent.map((s) => s.unanswered)).toEqual([0, 1, 0, 1])
  expect(sent[3]?.text).toMatch(/; commit$/)
  expect(await db.first(db.kysely.selectFrom('meta').select('value').where('key', '=', 'checked-a'))).toEqual({ value: 2 })
})

it('writes what is sent in one turn of the event loop to the socket at once', async () => {
  const db = await open()
  await keys(db, 'warm')
  const socket = net.Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>
  const [write, writev] = [socket._write, socket._writev]
  let writes = 0
  socket._write = function (this: unknown, ...args: unknown[]) {
    writes += 1
    return write.apply(this, args)
  }
  socket._writev = function (this: unknown, ...args: unknown[]) {
    writes += 1
    return writev.apply(this, args)
  }
  try {
    await db.transaction(() => together([keys(db, 'a'), keys(db, 'b'), keys(db, 'c')]))
  } finally {
    socket._write = write
    socket._writev = writev
  }
  // The begin and the three reads in one write, the commit in another (after their answers).
  expect(writes).toBe(2)
})

it('waits for every statement outside a transaction, also one sent without waiting', async () => {
  const db = await open()
  const sent = await sentDuring(async () => {
    await sendPut(db, 'lone-a')
    await keys(db, 'lone')
  })
  // The lone write is a transaction of its own: begin with the insert, then the commit after its answer.
  expect(sent.map((s) => s.unanswered)).toEqual([0, 1, 0, 0])
  expect(await keys(db, 'lone')).toEqual(['lone-a'])
})

it('closes a connection given back with a statement still unchecked, instead of lending it out again', async () => {
  const kysely = openPostgresKysely(postgres.url, { maxConnections: 1 })
  try {
    const backend = () =>
      kysely.connection().execute(async (trx) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid)
    const first = await backend()
    expect(await backend()).toBe(first)
    // A begin nothing followed: its answer was never checked, and the connection may be in a transaction.
    await kysely.connection().execute((trx) => sql`begin`.execute(trx))
    expect(await backend()).not.toBe(first)
  } finally {
    await kysely.destroy()
  }
})
