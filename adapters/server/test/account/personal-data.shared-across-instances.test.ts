// Two instances on one PostgreSQL database, behind a proxy without session affinity: a person's
// download prepared by one instance is polled and fetched through the other, handed out once, and
// gone after the hour it waits; a newer preparation replaces the older one on every instance.
import { openPostgresKysely } from '@tandem/store'
import { createTestDatabase, type TestDatabase } from '@tandem/testing'
import JSZip from 'jszip'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { signUpBody, type Person } from '../support/harness.js'
import { onePostgresDatabase, type Instance } from '../support/instances.on-postgres.js'

type Job = { state: string; progress: number }

let database: TestDatabase
let instances: Awaited<ReturnType<typeof onePostgresDatabase>>
beforeAll(async () => {
  database = await createTestDatabase()
  instances = await onePostgresDatabase(database.url)
}, 60_000)
afterEach(async () => {
  await instances.closeAll()
})
afterAll(async () => {
  await database.drop()
})

let counter = 0
const signedUp = async (on: Instance, firstName: string): Promise<Person> => {
  counter += 1
  const p = { email: `${firstName.toLowerCase()}.${counter}@example.org`, subject: `sub-${counter}`, firstName, lastName: 'Shared' }
  const reply = await on.call(p, 'POST', '/api/account/signup', signUpBody(p))
  expect(reply.status).toBe(200)
  return p
}
const prepare = (on: Instance, p: Person) => on.call<Job>(p, 'POST', '/api/Account/PrepareMyData', { emailId: p.email })
const status = (on: Instance, p: Person) => on.call<Job>(p, 'GET', `/api/Account/MyDataStatus?emailId=${encodeURIComponent(p.email)}`)
const download = (on: Instance, p: Person) => on.fetchAs(p, `/api/Account/DownloadMyData?emailId=${encodeURIComponent(p.email)}`)
const ready = async (on: Instance, p: Person): Promise<Job> => {
  for (let i = 0; i < 500; i++) {
    const reply = await status(on, p)
    expect(reply.status).toBe(200)
    if (reply.body.value.state !== 'preparing') return reply.body.value
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('the download is still being prepared')
}

describe('a personal-data download shared by two instances on PostgreSQL', () => {
  it('is prepared by one instance, polled and fetched through the other, and handed out once', async () => {
    const [first, second] = [await instances.instance(), await instances.instance()]
    const rosa = await signedUp(first, 'Rosa')
    expect((await prepare(first, rosa)).body.value).toEqual({ state: 'preparing', progress: 0 })
    expect(await ready(second, rosa)).toEqual({ state: 'ready', progress: 100 })
    const reply = await download(second, rosa)
    expect(reply.status).toBe(200)
    const zip = await JSZip.loadAsync(Buffer.from(await reply.arrayBuffer()))
    const data = JSON.parse((await zip.file('data.json')?.async('string')) ?? '{}') as { account: { email: string } }
    expect(data.account.email).toBe(rosa.email)
    // Once: neither instance has it any more.
    expect((await download(first, rosa)).status).toBe(404)
    expect((await download(second, rosa)).status).toBe(404)
    expect((await status(first, rosa)).status).toBe(404)
  })

  it('is the person’s own: another person’s poll and download through either instance find nothing', async () => {
    const [first, second] = [await instances.instance(), await instances.instance()]
    const rosa = await signedUp(first, 'Rosa')
    const udo = await signedUp(second, 'Udo')
    await prepare(first, rosa)
    await ready(first, rosa)
    expect((await status(second, udo)).status).toBe(404)
    expect((await download(second, udo)).status).toBe(404)
    expect((await download(first, rosa)).status).toBe(200)
  })

  it('is gone on every instance after the hour it waits, and its archive with it', async () => {
    const [first, second] = [await instances.instance(), await instances.instance()]
    const rosa = await signedUp(first, 'Rosa')
    await prepare(first, rosa)
    await ready(first, rosa)
    instances.clock.advance(60 * 60 * 1000 + 1)
    expect((await status(second, rosa)).status).toBe(404)
    expect((await download(second, rosa)).status).toBe(404)
    // The sweep of either instance deletes the row.
    await second.server.sweep()
    const db = openPostgresKysely(database.url)
    try {
      expect(await db.selectFrom('personal_data_downloads').select('user_id').execute()).toEqual([])
    } finally {
      await db.destroy()
    }
  })
})
