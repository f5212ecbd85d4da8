// The store's contract (decision 0019), pinned on the SQLite file and on PostgreSQL alike: a
// transaction commits or rolls back as a whole, a nested one undoes only its own writes, a
// statement outside a transaction never sees another transaction's uncommitted rows, the commit
// hooks join writing transactions only, and the generation changes when another instance commits.
// A failed statement the work caught: PostgreSQL undoes the whole transaction with it, so the
// transaction is refused there; SQLite undoes only that statement and commits the rest.
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bothStores } from './support/both.dialects.js'
import { isMissedVersion, isUniqueViolation } from '../src/portable/dialect.js'
import { together, type Database } from '../src/portable/database.js'

/** A promise and the means to settle it from outside: holds a transaction open until the test says so. */
const gate = () => {
  let open: () => void = () => undefined
  let fail: (e: Error) => void = () => undefined
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve
    fail = reject
  })
  return { promise, open, fail }
}

const put = (db: Database, key: string, value = 1) => db.run(db.kysely.insertInto('meta').values({ key, value }))
/** A write whose answer is not waited for (on PostgreSQL, inside a transaction: checked with the next statement). */
const sendPut = (db: Database, key: string) => db.send(db.kysely.insertInto('meta').values({ key, value: 1 }))
/** A conditional write: sets the values of the keys still at `expected`, and must change them all. */
const bumpFrom = (db: Database, expected: number, ...names: string[]) =>
  db.sendChanging(
    db.kysely
      .updateTable('meta')
      .set({ value: expected + 1 })
      .where('key', 'in', names)
      .where('value', '=', expected)
      .returning('key'),
    names.length,
  )
const valueOf = async (db: Database, key: string) =>
  (await db.first(db.kysely.selectFrom('meta').select('value').where('key', '=', key)))?.value
const keys = async (db: Database) =>
  (await db.all(db.kysely.selectFrom('meta').select('key').where('key', 'like', 'test-%').orderBy('key'))).map((row) => row.key)

describe.each(bothStores())('the store on $name', (store) => {
  let db: Database
  beforeEach(async () => {
    await store.setUp()
    db = await store.open()
  })
  afterEach(() => store.tearDown())
  afterAll(() => store.stop())

  it('commits every statement of a transaction together', async () => {
    const answer = await db.transaction(async () => {
      await put(db, 'test-a')
      await put(db, 'test-b')
      return await keys(db)
    })
    expect(answer).toEqual(['test-a', 'test-b'])
    expect(await keys(db)).toEqual(['test-a', 'test-b'])
  })

  it('rolls back every statement of a transaction that fails, and passes its failure on', async () => {
    const failing = db.transaction(async () => {
      await put(db, 'test-a')
      throw new Error('refused')
    })
    await expect(failing).rejects.toThrow('refused')
    expect(await keys(db)).toEqual([])
  })

  it('undoes only the writes of a nested transaction that fails', async () => {
    await db.transaction(async () => {
      await put(db, 'test-a')
      await expect(
        db.transaction(async () => {
          await put(db, 'test-b')
          throw new Error('inner refused')
        }),
      ).rejects.toThrow('inner refused')
      await db.transaction(async () => put(db, 'test-c'))
    })
    expect(await keys(db)).toEqual(['test-a', 'test-c'])
  })

  it('undoes a nested transaction refused by a unique key, and the outer one goes on', async () => {
    await put(db, 'test-a')
    await db.transaction(async () => {
      await expect(db.transaction(async () => put(db, 'test-a'))).rejects.toThrow()
      await put(db, 'test-b')
    })
    expect(await keys(db)).toEqual(['test-a', 'test-b'])
  })

  it('answers a statement outside a transaction without the rows another transaction has not committed', async () => {
    const held = gate()
    const entered = gate()
    const writing = db.transaction(async () => {
      await put(db, 'test-uncommitted')
      entered.open()
      await held.promise
    })
    await entered.promise
    // Started while the transaction is open: SQLite lets it wait for the end, PostgreSQL answers at once.
    let answered = false
    const reading = keys(db).finally(() => {
      answered = true
    })
    // The read has reached the database before the rollback: queued behind the transaction, or answered.
    await vi.waitFor(() => expect(db.dialect === 'sqlite' ? db.waitingStatements() : Number(answered)).toBe(1))
    held.fail(new Error('rolled back'))
    await expect(writing).rejects.toThrow('rolled back')
    expect(await reading).toEqual([])
    expect(await keys(db)).toEqual([])
  })

  it('runs the commit hooks in writing transactions only, committed with them', async () => {
    let runs = 0
    db.beforeCommit(async () => {
      runs += 1
      await put(db, `test-hook-${runs}`)
    })
    await db.transaction(async () => keys(db))
    expect(runs).toBe(0)
    await db.transaction(async () => put(db, 'test-a'))
    await put(db, 'test-b')
    expect(runs).toBe(2)
    expect(await keys(db)).toEqual(['test-a', 'test-b', 'test-hook-1', 'test-hook-2'])
  })

  it('changes the generation when another instance commits a write, and keeps it while nobody writes', async () => {
    const other = await store.open()
    const before = await db.generation()
    await other.transaction(async () => keys(other))
    expect(await db.generation()).toBe(before)
    await other.transaction(async () => put(other, 'test-a'))
    const afterTransaction = await db.generation()
    expect(afterTransaction).not.toBe(before)
    await put(other, 'test-b')
    const afterStatement = await db.generation()
    expect(afterStatement).not.toBe(afterTransaction)
    await other.bumpMentorPool()
    expect(await db.generation()).not.toBe(afterStatement)
  })

  it('changes the generation with every commit of many writers, which do not all bump one row (PostgreSQL)', async () => {
    const other = await store.open()
    const seen = new Set([await db.generation()])
    for (let i = 0; i < 40; i++) {
      await other.transaction(async () => put(other, `test-${String(i).padStart(2, '0')}`))
      seen.add(await db.generation())
    }
    expect(seen.size).toBe(41)
    if (store.name === 'postgres') {
      // One row would make each writing transaction of every instance wait for the previous one's
      // commit (decision 0022): the bumps are spread over several rows, the generation is their sum.
      const rows = await db.all(db.kysely.selectFrom('meta').select('key').where('key', 'like', 'revision%'))
      expect(rows.length).toBeGreaterThan(4)
    }
  })

  it('keeps the generation when another instance rolls back', async () => {
    const other = await store.open()
    const before = await db.generation()
    await expect(
      other.transaction(async () => {
        await put(other, 'test-a')
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    expect(await db.generation()).toBe(before)
  })

  it('never answers a failed statement the work caught as a commit of writes that were undone', async () => {
    await put(db, 'test-taken')
    const before = await db.generation()
    const outcome = db.transaction(async () => {
      await put(db, 'test-a')
      // The key is taken: the insert fails, and the work goes on as if it did not matter.
      await put(db, 'test-taken').catch(() => undefined)
      return 'done'
    })
    if (store.name === 'postgres') {
      // PostgreSQL has undone test-a with the failed statement: the transaction is refused.
      await expect(outcome).rejects.toThrow()
      expect(await keys(db)).toEqual(['test-taken'])
      expect(await db.generation()).toBe(before)
    } else {
      await expect(outcome).resolves.toBe('done')
      expect(await keys(db)).toEqual(['test-a', 'test-taken'])
      expect(await db.generation()).not.toBe(before)
    }
  })

  it('commits the writes it sent without waiting for their answers with the transaction', async () => {
    await db.transaction(async () => {
      await sendPut(db, 'test-a')
      await sendPut(db, 'test-b')
      await put(db, 'test-c')
    })
    expect(await keys(db)).toEqual(['test-a', 'test-b', 'test-c'])
  })

  it('fails the transaction with the error of a write it sent without waiting, and commits nothing of it', async () => {
    await put(db, 'test-taken')
    const failing = db.transaction(async () => {
      await put(db, 'test-a')
      await sendPut(db, 'test-taken')
      await put(db, 'test-b')
      return keys(db)
    })
    await expect(failing).rejects.toSatisfy(isUniqueViolation)
    expect(await keys(db)).toEqual(['test-taken'])
  })

  it('fails the commit with the error of the last write sent without waiting', async () => {
    await put(db, 'test-taken')
    const before = await db.generation()
    const failing = db.transaction(async () => {
      await put(db, 'test-a')
      await sendPut(db, 'test-taken')
    })
    await expect(failing).rejects.toSatisfy(isUniqueViolation)
    expect(await keys(db)).toEqual(['test-taken'])
    if (store.name === 'postgres') expect(await db.generation()).toBe(before)
  })

  it('undoes only a nested transaction whose write sent without waiting fails', async () => {
    await put(db, 'test-taken')
    await db.transaction(async () => {
      await put(db, 'test-a')
      await expect(db.transaction(async () => sendPut(db, 'test-taken'))).rejects.toSatisfy(isUniqueViolation)
      await put(db, 'test-c')
    })
    expect(await keys(db)).toEqual(['test-a', 'test-c', 'test-taken'])
  })

  it('waits for the answer of a write sent outside any transaction', async () => {
    await put(db, 'test-taken')
    await expect(sendPut(db, 'test-taken')).rejects.toSatisfy(isUniqueViolation)
    await sendPut(db, 'test-b')
    expect(await keys(db)).toEqual(['test-b', 'test-taken'])
  })

  it('commits a conditional write that changed every row it expected', async () => {
    await put(db, 'test-a')
    await put(db, 'test-b')
    await db.transaction(async () => {
      await bumpFrom(db, 1, 'test-a', 'test-b')
      await put(db, 'test-c')
    })
    expect([await valueOf(db, 'test-a'), await valueOf(db, 'test-b')]).toEqual([2, 2])
    expect(await keys(db)).toEqual(['test-a', 'test-b', 'test-c'])
  })

  it('fails the transaction when a conditional write missed a version, and commits nothing of it', async () => {
    await put(db, 'test-a')
    await put(db, 'test-b', 5)
    const before = await db.generation()
    const failing = db.transaction(async () => {
      await put(db, 'test-c')
      await bumpFrom(db, 1, 'test-a', 'test-b')
    })
    await expect(failing).rejects.toSatisfy(isMissedVersion)
    expect(await keys(db)).toEqual(['test-a', 'test-b'])
    expect([await valueOf(db, 'test-a'), await valueOf(db, 'test-b')]).toEqual([1, 5])
    if (store.name === 'postgres') expect(await db.generation()).toBe(before)
  })

  it('fails a conditional write outside any transaction that missed a version, changing nothing', async () => {
    await put(db, 'test-a')
    await put(db, 'test-b', 5)
    await expect(bumpFrom(db, 1, 'test-a', 'test-b')).rejects.toSatisfy(isMissedVersion)
    expect([await valueOf(db, 'test-a'), await valueOf(db, 'test-b')]).toEqual([1, 5])
    await bumpFrom(db, 1, 'test-a')
    expect(await valueOf(db, 'test-a')).toBe(2)
  })

  it('answers statements run side by side in their order, and fails with the first failure in that order', async () => {
    await put(db, 'test-a')
    const read = (key: string) => db.first(db.kysely.selectFrom('meta').select('key').where('key', '=', key))
    await db.transaction(async () => {
      expect(await together([read('test-a'), read('test-none'), keys(db)])).toEqual([{ key: 'test-a' }, undefined, ['test-a']])
    })
    const failing = db.transaction(async () => {
      await together([put(db, 'test-b'), put(db, 'test-a'), put(db, 'test-c')])
    })
    await expect(failing).rejects.toSatisfy(isUniqueViolation)
    expect(await keys(db)).toEqual(['test-a'])
  })
})
