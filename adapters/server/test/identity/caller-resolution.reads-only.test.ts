// Resolving the caller of a request only reads: a token naming a new e-mail address is answered
// with it (the provider owns addresses), but the address is stored by sign-in, an explicit command.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { expectOk, startHarness, type Harness } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

describe('resolving the caller', () => {
  it("accepts the token's new address without writing it; sign-in stores it", async () => {
    const mentee = h.person('Mia')
    expectOk(await h.signUp(mentee, 'Mentee'), 'sign-up')
    const id = await h.idOf(mentee)
    // The same account (issuer and subject) at the provider now has another address.
    const moved = { ...mentee, email: `moved.${mentee.email}` }
    const generation = await h.server.ctx.generation()
    const details = await h.call<{ email: string }>(moved, 'GET', `/api/Account/GetUserDetails?emailId=${encodeURIComponent(moved.email)}`)
    expect(details.status).toBe(200)
    // Nothing was written: the stored address is the old one, and the database saw no commit.
    expect(await h.server.ctx.generation()).toBe(generation)
    expect((await h.server.ctx.users.byId(id))?.email).toBe(mentee.email)
    expect(details.body.value.email).toBe(mentee.email)
    // The explicit command stores it.
    const signedIn = await h.call<{ email: string }>(moved, 'POST', '/api/Account/signin', { Email: moved.email, Role: null })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.value.email).toBe(moved.email)
    expect((await h.server.ctx.users.byId(id))?.email).toBe(moved.email)
    expect(await h.server.ctx.users.byEmail(mentee.email)).toBeUndefined()
  })

  it('never answers with an address another user holds', async () => {
    const [one, two] = [h.person('Una'), h.person('Tom')]
    expectOk(await h.signUp(one, 'Mentee'), 'sign-up one')
    expectOk(await h.signUp(two, 'Mentee'), 'sign-up two')
    const claimingTwo = { ...one, email: two.email }
    expect((await h.call(claimingTwo, 'GET', `/api/Account/GetUserDetails?emailId=${encodeURIComponent(two.email)}`)).status).toBe(403)
    expect((await h.call(claimingTwo, 'POST', '/api/Account/signin', { Email: one.email, Role: null })).status).toBe(200)
    expect((await h.server.ctx.users.byEmail(two.email))?.subject).toBe(two.subject)
    expect((await h.server.ctx.users.byEmail(one.email))?.subject).toBe(one.subject)
  })
})
