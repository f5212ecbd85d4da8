// Scheduler leases on a real SQLite file: one holder at a time, renewal by the holder, takeover
// only after the lease ran out, release on shutdown, and two connections (two processes) agreeing.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSchedulerLeases, openDatabase, type Database } from '../src/index.js'

let dir: string
let dbs: Database[]
const open = async (): Promise<Database> => {
  const db = await openDatabase(join(dir, 'tandem.db'))
  dbs.push(db)
  return db
}
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-leases-'))
  dbs = []
})
afterEach(async () => {
  for (const db of dbs) await db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('scheduler leases', () => {
  it('only one holder at a time: a second process is refused while the first holds the lease', async () => {
    const a = createSchedulerLeases(await open())
    const b = createSchedulerLeases(await open())
    expect(await a.take('deadline-sweep', 'A', 1000, 500)).toBe(true)
    expect(await b.take('deadline-sweep', 'B', 1200, 500)).toBe(false)
    expect(await b.current('deadline-sweep')).toEqual({ name: 'deadline-sweep', holder: 'A', until: 1500 })
  })

  it('the holder renews its own lease; others take over only once it ran out', async () => {
    const leases = createSchedulerLeases(await open())
    expect(await leases.take('reminder-sweep', 'A', 1000, 500)).toBe(true)
    expect(await leases.take('reminder-sweep', 'A', 1400, 500)).toBe(true)
    expect(await leases.take('reminder-sweep', 'B', 1899, 500)).toBe(false)
    expect(await leases.take('reminder-sweep', 'B', 1900, 500)).toBe(true)
    expect(await leases.take('reminder-sweep', 'A', 2000, 500)).toBe(false)
  })

  it('a released lease is free at once for another holder, and a stranger cannot release it', async () => {
    const leases = createSchedulerLeases(await open())
    expect(await leases.take('deadline-sweep', 'A', 1000, 60_000)).toBe(true)
    await leases.release('deadline-sweep', 'B')
    expect(await leases.take('deadline-sweep', 'B', 1001, 60_000)).toBe(false)
    await leases.release('deadline-sweep', 'A')
    expect(await leases.take('deadline-sweep', 'B', 1002, 60_000)).toBe(true)
  })

  it('leases of different tasks are independent', async () => {
    const leases = createSchedulerLeases(await open())
    expect(await leases.take('deadline-sweep', 'A', 1000, 500)).toBe(true)
    expect(await leases.take('reminder-sweep', 'B', 1000, 500)).toBe(true)
  })

  it('refuses a non-positive lease length as a bug', async () => {
    const leases = createSchedulerLeases(await open())
    await expect(leases.take('deadline-sweep', 'A', 1000, 0)).rejects.toThrow(/ttl/)
  })
})
