// Review fix of GetProposedUserProfile (docs/product.md#deadlines: deadlines hold when read): the
// other side is no longer shown once the choice window passed, whether or not a sweep ran.
import { HOUR } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const start = (p: Person) => h.startMatching(p)

describe('proposed profile', () => {
  it('is no longer shown 49 h after the run when the mentee did not choose, even before any sweep ran', async () => {
    const anna = await h.publishedMentor('Anna')
    const mentee = await h.readyMentee()
    expectOk(await start(mentee), 'start matching')
    const query = `/api/User/GetProposedUserProfile?email=${encodeURIComponent(mentee.email)}&role=Mentee&language=en`
    const before = await h.call<{ firstName: string }>(mentee, 'GET', query)
    expect([before.status, before.body.value.firstName]).toEqual([200, anna.firstName])
    h.clock.advance(49 * HOUR)
    const after = await h.call(mentee, 'GET', query)
    expect(after.status).toBe(404)
    expect(after.body.isFailure).toBe(true)
  })
})
