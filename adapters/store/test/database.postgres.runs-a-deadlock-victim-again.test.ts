// PostgreSQL gives up one of two transactions that wait on each other's rows (SQLSTATE 40P01); the
// store runs that one again, so both commands succeed. A failure that is not of this kind, or one
// that keeps coming back, reaches the caller after a bounded number of attempts.
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest'
import { postgresStore } from './support/both.dialects.js'
import type { Database } from '../src/index.js'

const store = postgresStore()
let db: Database
beforeEach(async () => {
  await store.setUp()
  db = await store.open()
  await db.run(
    db.kysely.insertInto('meta').values([
      { key: 'test-a', value: 0 },
      { key: 'test-b', value: 0 },
    ]),
  )
})
afterEach(() => store.tearDown())
afterAll(() => store.stop())

const signal = () => {
  let fire: () => void = () => undefined
  const fired = new Promise<void>((resolve) => (fire = resolve))
  return { fired, fire }
}
const add = (key: string) =>
  db.run(
    db.kysely
      .updateTable('meta')
      .set((eb) => ({ value: eb('value', '+', 1) }))
      .where('key', '=', key),
  )
const value = async (key: string) => (await db.first(db.kysely.selectFrom('meta').select('value').where('key', '=', key)))?.value

it('runs the transaction PostgreSQL chose as a deadlock victim again, so both commit once', async () => {
  const [aTook, bTook] = [signal(), signal()]
  let attempts = 0
  const crossing = (first: string, second: string, mine: ReturnType<typeof signal>, theirs: ReturnType<typeof signal>) =>
    db.transaction(async () => {
      attempts += 1
      await add(first)
      mine.fire()
      await theirs.fired
      await add(second)
    })
  await Promise.all([crossing('test-a', 'test-b', aTook, bTook), crossing('test-b', 'test-a', bTook, aTook)])
  expect(attempts).toBe(3)
  expect([await value('test-a'), await value('test-b')]).toEqual([2, 2])
})

it('gives up after five attempts, and does not run other failures again', async () => {
  let runs = 0
  const deadlocked = Object.assign(new Error('deadlock detected'), { code: '40P01' })
  await expect(
    db.transaction(async () => {
      runs += 1
      throw deadlocked
    }),
  ).rejects.toBe(deadlocked)
  expect(runs).toBe(5)
  runs = 0
  await expect(
    db.transaction(async () => {
      runs += 1
      throw Object.assign(new Error('duplicate key'), { code: '23505' })
    }),
  ).rejects.toThrow('duplicate key')
  expect(runs).toBe(1)
})
