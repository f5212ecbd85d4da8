// The admin's mentee status edit over real HTTP: the offered statuses are exactly the moves the
// core allows from the current one, and a move it refuses is a 409 InvalidTransition, not a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectOk, startHarness, type Harness } from '../support/harness.js'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
  await h.call(h.admin, 'POST', '/api/Account/signin', { Email: h.admin.email, Role: null })
})
afterAll(async () => {
  await h.close()
})

const offered = async (email: string) => {
  const reply = await h.call<{ statusMaster: { id: number; name: string }[] }>(
    h.admin,
    'GET',
    `/api/Admin/GetMasterDataForMenteeStateChange?email=${encodeURIComponent(email)}`,
  )
  expectOk(reply, 'master data')
  return reply.body.value.statusMaster.map((s) => s.name)
}

describe('admin mentee status edit', () => {
  it('offers only the statuses the core allows from the current one', async () => {
    const fresh = h.person('Nina')
    expectOk(await h.signUp(fresh, 'Mentee'), 'sign-up')
    expect(await offered(fresh.email)).toEqual(['NEW', 'AVAILABLE', 'INACTIVE'])

    await h.publishedMentor('Max')
    const proposed = await h.readyMentee('Mia')
    expectOk(await h.call(proposed, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: proposed.email }), 'start')
    expect(await offered(proposed.email)).toEqual([])
  })

  it('refuses NEW -> MATCHED with 409 InvalidTransition and changes nothing', async () => {
    const mentee = h.person('Ole')
    expectOk(await h.signUp(mentee, 'Mentee'), 'sign-up')
    const clusterId = (await h.server.ctx.clusters.defaultCluster())?.clusterId ?? 0
    const reply = await h.call(h.admin, 'POST', '/api/Admin/UpdateMenteeInformation', {
      statusId: 6,
      clusterId,
      email: mentee.email,
      previousStatus: 'NEW',
      newStatus: 'MATCHED',
    })
    expect([reply.status, reply.body.errorMessage]).toEqual([409, 'InvalidTransition'])
    expect((await h.server.ctx.users.byEmail(mentee.email))?.participant.mentee?.status).toBe('NEW')
  })
})
