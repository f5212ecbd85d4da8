// The embedded identity provider shares the SQLite connection with the store. Its statements take
// their turn with the store's transactions (decision 0019): a write the provider makes while another
// request's transaction is open waits for it, so that transaction's rollback does not take it along.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRealServer, type RealServer } from '../support/identity.harness.js'

let t: RealServer
beforeAll(async () => {
  t = await startRealServer()
})
afterAll(async () => {
  await t.close()
})

describe('identity writes and the store transactions of other requests', () => {
  it('an address confirmed while another request holds a transaction stays confirmed when that transaction rolls back', async () => {
    const accounts = t.server.identityProvider?.accounts
    if (accounts === undefined) throw new Error('the server runs the embedded provider')
    const created = await accounts.createAccount({
      email: 'ida.waits@example.org',
      password: 'a long enough password',
      givenName: 'Ida',
      familyName: 'Waits',
      birthdate: '1990-01-01',
      gender: 'Female',
      locale: 'en',
    })
    if (created._tag === 'Left') throw new Error(created.left)
    const subject = created.right.subject
    expect(created.right.emailVerifiedAt).toBeNull()

    const { db } = t.server
    const marker = db.kysely.selectFrom('meta').select('value').where('key', '=', 'rolled back with its request')
    let opened!: () => void
    const open = new Promise<void>((resolve) => (opened = resolve))
    let fail!: () => void
    const failing = new Promise<void>((resolve) => (fail = resolve))
    // Another request: writes, awaits something, then fails.
    const request = db.transaction(async () => {
      await db.run(db.kysely.insertInto('meta').values({ key: 'rolled back with its request', value: 1 }))
      opened()
      await failing
      throw new Error('the other request fails')
    })
    await open
    // Meanwhile, outside that request, the provider confirms the address.
    const confirmed = accounts.confirmEmail(subject)
    // Either the provider's statement waits its turn (as it must), or, were it run on the open
    // transaction, the confirmation is done: whichever comes first, the request then fails.
    let done = false
    void confirmed.then(() => (done = true))
    await expect.poll(() => done || db.waitingStatements() > 0, { interval: 5 }).toBe(true)
    fail()
    await expect(request).rejects.toThrow('the other request fails')
    await confirmed

    expect(await db.first(marker)).toBeUndefined()
    expect((await accounts.findBySubject(subject))?.emailVerifiedAt).toEqual(expect.any(Number))
  })
})
