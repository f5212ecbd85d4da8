// An administrator's change and its audit record commit together: the record joins the first
// transaction of the change that wrote, a change rolled back takes its record with it, and a change
// that wrote nothing (refused) leaves none.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { userIdOf, type UserId } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createAuditRecords, createClustersRepository, openDatabase, type Database } from '../src/index.js'

let dir: string
let db: Database
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-audit-'))
  db = await openDatabase(join(dir, 'tandem.db'))
})
afterEach(async () => {
  await db.close()
  rmSync(dir, { recursive: true, force: true })
})

const entry = { at: 1000, adminId: 7 as UserId, action: 'program-year.create', objectId: null, subjectIds: [3 as UserId, 4 as UserId] }
const count = async (table: 'audit_records' | 'clusters') =>
  (await db.first(db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'))))?.n

describe('audit records of changes', () => {
  it('writes one record inside the change, however many transactions the change commits', async () => {
    const audit = createAuditRecords(db)
    const clusters = createClustersRepository(db)
    await audit.during(entry, async () => {
      await clusters.create('2031')
      await Promise.resolve()
      await clusters.create('2032')
    })
    expect(await count('clusters')).toBe(2)
    expect((await audit.list({}, 0, 10)).records).toEqual([{ ...entry, id: 1, subjectCount: 2 }])
  })

  it('a change that rolls back leaves no record; one that wrote nothing leaves none either', async () => {
    const audit = createAuditRecords(db)
    const clusters = createClustersRepository(db)
    await expect(
      audit.during(
        entry,
        async () =>
          await db.transaction(async () => {
            await clusters.create('2031')
            throw new Error('the change failed')
          }),
      ),
    ).rejects.toThrow('the change failed')
    await audit.during(entry, async () => await clusters.list())
    expect(await count('clusters')).toBe(0)
    expect(await count('audit_records')).toBe(0)
  })

  it('writes outside a change are not recorded, even while a change runs beside them', async () => {
    const audit = createAuditRecords(db)
    const clusters = createClustersRepository(db)
    let release = () => {}
    const change = audit.during(entry, () => new Promise<void>((resolve) => (release = resolve)))
    await clusters.create('2031')
    release()
    await change
    expect(await count('audit_records')).toBe(0)
    expect(await audit.auditRecordsAbout(userIdOf(3))).toEqual([])
  })
})
