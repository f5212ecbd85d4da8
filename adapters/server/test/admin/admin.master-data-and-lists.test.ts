// What the admin's pickers and filters are filled with, read over HTTP: the status master (for
// participants and for the admin), the mentor and mentee lists by status, and the manual-matching
// master data (available mentees, available published mentors, every user, states, program years).
import type { ManualMatchingMasterData, UserListRow } from '@tandem/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
/** Ava AVAILABLE (her run found no mentor), Ned NEW, Pete PROPOSED to Max; Mona AVAILABLE, Nina NEW. */
let ava: Person, ned: Person, pete: Person, max: Person, mona: Person, nina: Person
beforeAll(async () => {
  h = await startHarness()
  ava = await h.readyMentee('Ava')
  expectOk(await h.call(ava, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: ava.email }), 'run without mentors')
  max = await h.publishedMentor('Max')
  pete = await h.readyMentee('Pete')
  expectOk(await h.call(pete, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: pete.email }), 'run taking Max')
  mona = await h.publishedMentor('Mona')
  ned = await h.readyMentee('Ned')
  nina = h.person('Nina')
  expectOk(await h.signUp(nina, 'Mentor'), 'sign-up')
  await h.call(h.admin, 'POST', '/api/Account/signin', { Email: h.admin.email, Role: null })
})
afterAll(async () => {
  await h.close()
})

/** The status master (docs/product.md#states): id and name, 2 (PAUSED) being "matching disabled". */
const STATUS_MASTER = [
  { id: 1, name: 'NEW' },
  { id: 2, name: 'PAUSED' },
  { id: 3, name: 'PENDING' },
  { id: 4, name: 'AVAILABLE' },
  { id: 5, name: 'PROPOSED' },
  { id: 6, name: 'MATCHED' },
  { id: 7, name: 'INACTIVE' },
]
const statuses = (...names: string[]) => STATUS_MASTER.filter((s) => names.includes(s.name))
const emails = (people: readonly { email: string }[]) => people.map((p) => p.email).sort()

describe('master data and lists over HTTP', () => {
  it('serves the status master to a participant and to the admin', async () => {
    const participant = await h.call(ned, 'GET', '/api/User/GetAllStatus')
    const admin = await h.call(h.admin, 'GET', '/api/Admin/GetStatusMaster')
    expect([participant.status, participant.body.value]).toEqual([200, STATUS_MASTER])
    expect([admin.status, admin.body.value]).toEqual([200, STATUS_MASTER])
  })

  it('lists the mentors and the mentees with exactly the selected statuses', async () => {
    const list = async (side: 'Mentors' | 'Mentees', ...names: string[]) => {
      const reply = await h.call<UserListRow[]>(h.admin, 'POST', `/api/Admin/Get${side}`, statuses(...names))
      expectOk(reply, `${side} ${names.join(',')}`)
      return reply.body.value
    }
    expect(emails(await list('Mentors', 'AVAILABLE'))).toEqual([mona.email])
    expect(emails(await list('Mentors', 'PROPOSED'))).toEqual([max.email])
    expect(emails(await list('Mentors', 'NEW'))).toEqual([nina.email])
    expect(emails(await list('Mentors', 'NEW', 'AVAILABLE', 'PROPOSED'))).toEqual(emails([max, mona, nina]))
    expect(await list('Mentors', 'PENDING', 'MATCHED')).toEqual([])
    const mentors = await list('Mentors', 'AVAILABLE', 'PROPOSED')
    expect(mentors.map((row) => [row.email, row.firstName, row.lastName, row.status, row.programYear]).sort()).toEqual(
      [
        [max.email, 'Max', 'Maxson', 'PROPOSED', null],
        [mona.email, 'Mona', 'Monason', 'AVAILABLE', null],
      ].sort(),
    )
    expect(emails(await list('Mentees', 'AVAILABLE'))).toEqual([ava.email])
    expect(emails(await list('Mentees', 'NEW'))).toEqual([ned.email])
    expect(emails(await list('Mentees', 'PROPOSED'))).toEqual([pete.email])
    expect((await list('Mentees', 'AVAILABLE')).map((row) => row.status)).toEqual(['AVAILABLE'])
  })

  it('fills the manual-matching pickers with the available mentees, the available published mentors and every user', async () => {
    const reply = await h.call<ManualMatchingMasterData>(h.admin, 'GET', '/api/Admin/GetManualMatchingMasterData')
    expectOk(reply, 'manual matching master data')
    const data = reply.body.value
    expect(emails(data.mentees)).toEqual([ava.email])
    expect(emails(data.mentors)).toEqual([mona.email])
    expect(emails(data.allUsers)).toEqual(expect.arrayContaining(emails([ava, ned, pete, max, mona, nina])))
    expect(data.mentors.map((u) => [u.firstName, u.lastName])).toEqual([['Mona', 'Monason']])
    expect(data.tandemStates).toEqual(['ACTIVE', 'MATCHED', 'DECLINED', 'CLOSED', 'NOREACTION'])
    expect(data.proposalStates).toEqual(['PROPOSED', 'ACCEPTED', 'DECLINED', 'MATCHED', 'CLOSED'])
    const defaultYear = await h.server.ctx.clusters.defaultCluster()
    expect(data.clusters.map((c) => c.clusterId)).toContain(defaultYear?.clusterId)
  })
})
