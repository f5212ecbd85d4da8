// The revision read behind every cached answer is shared by the callers that ask while an earlier
// read is on its way (coalesced.ts), and never answers a caller with a read sent before it asked: a
// commit finished before the call is always seen. Pinned with reads the test settles itself, and on
// PostgreSQL with a second instance's commits while many callers ask at once.
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { coalesced } from '../src/portable/coalesced.js'
import type { Database } from '../src/index.js'
import { bothStores } from './support/both.dialects.js'

/** A read whose answer the test gives, in the order they were sent. */
const controlledReads = () => {
  const pending: { readonly resolve: (value: number) => void; readonly reject: (e: Error) => void }[] = []
  let sent = 0
  const read = () =>
    new Promise<number>((resolve, reject) => {
      sent += 1
      pending.push({ resolve, reject })
    })
  return { read, sent: () => sent, next: () => pending.shift() }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('a read shared by its callers', () => {
  it('sends one read for the first caller and one more for everyone who asked while it was on its way', async () => {
    const reads = controlledReads()
    const ask = coalesced(reads.read)
    const first = ask()
    const during = [ask(), ask(), ask()]
    expect(reads.sent()).toBe(1)
    reads.next()?.resolve(1)
    expect(await first).toBe(1)
    await settle()
    // The three who asked during the first read get the second, sent after they asked.
    expect(reads.sent()).toBe(2)
    reads.next()?.resolve(2)
    expect(await Promise.all(during)).toEqual([2, 2, 2])
    // Nobody waiting: the next caller sends a read of its own.
    const later = ask()
    expect(reads.sent()).toBe(3)
    reads.next()?.resolve(3)
    expect(await later).toBe(3)
  })

  it('passes a failed read to its callers only, and the next callers get a read of their own', async () => {
    const reads = controlledReads()
    const ask = coalesced(reads.read)
    const first = ask()
    const during = ask()
    reads.next()?.reject(new Error('connection lost'))
    await expect(first).rejects.toThrow('connection lost')
    await settle()
    reads.next()?.resolve(7)
    expect(await during).toBe(7)
    expect(reads.sent()).toBe(2)
  })
})

describe.each(bothStores())('the generation on $name', (store) => {
  let db: Database
  let other: Database
  beforeEach(async () => {
    await store.setUp()
    db = await store.open()
    other = await store.open()
  })
  afterEach(() => store.tearDown())
  afterAll(() => store.stop())

  it('sees every commit finished before the call, with many callers asking at once', async () => {
    for (let round = 0; round < 20; round++) {
      const before = await db.generation()
      // Reads asked before the other instance's commit, possibly still on their way after it.
      const earlier = Array.from({ length: 8 }, () => db.generation())
      await other.run(other.kysely.insertInto('meta').values({ key: `test-${round}`, value: 1 }))
      const after = await Promise.all(Array.from({ length: 8 }, () => db.generation()))
      await Promise.all(earlier)
      for (const g of after) expect(g).not.toBe(before)
    }
  })
})
