// Accountability (docs/product.md#accountability): every administrator read of a person's data and every change is
// recorded (who, when, what, about whom: ids only), the admin page's call filters and pages them,
// and an export names the administrator who made it.
import { DAY, type AuditRecordsPage, type UserId } from '@tandem/core'
import ExcelJS from 'exceljs'
import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { rowsOfTable } from '../support/database.under-test.js'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
  await h.call(h.admin, 'POST', '/api/Account/signin', { Email: h.admin.email, Role: null })
})
afterEach(async () => {
  await h.close()
})

const idOf = (p: Person): Promise<UserId> => h.idOf(p)

const trail = async (
  filter: Partial<Record<'admin' | 'person' | 'action' | 'from' | 'to', string> & { changesOnly: boolean }> = {},
  page = 1,
  pageSize = 50,
) => {
  const reply = await h.call<AuditRecordsPage>(h.admin, 'POST', '/api/Admin/GetAuditRecords', {
    admin: null,
    person: null,
    action: null,
    from: null,
    to: null,
    ...filter,
    page,
    pageSize,
  })
  expectOk(reply, 'audit records')
  return reply.body.value
}

describe('the audit trail', () => {
  it("records an administrator reading a person's information: who, when, what and about whom, as ids", async () => {
    const mia = h.person('Mia')
    expectOk(await h.signUp(mia, 'Mentee'), 'sign-up')
    h.clock.advance(1000)
    expectOk(await h.call(h.admin, 'GET', `/api/Admin/GetUserDetail?email=${encodeURIComponent(mia.email)}&language=en`), 'detail')
    const records = await h.server.ctx.audit.auditRecordsAbout(await idOf(mia))
    expect(records).toEqual([
      expect.objectContaining({
        adminId: await idOf(h.admin),
        action: 'user.read',
        at: h.clock(),
        subjectIds: [await idOf(mia)],
        objectId: null,
      }),
    ])
    // Ids only: nothing of the person's data is stored with the record.
    const stored =
      JSON.stringify(await rowsOfTable(h.server, 'audit_records')) + JSON.stringify(await rowsOfTable(h.server, 'audit_subjects'))
    for (const text of [mia.email, mia.firstName, mia.lastName, h.admin.email]) expect(stored).not.toContain(text)
  })

  it('records lists with e-mails as reads about everyone listed, and team details as reads about both members', async () => {
    const mentor = await h.publishedMentor('Max')
    const mentee = await h.readyMentee('Mia')
    expectOk(await h.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email }), 'run')
    expectOk(await h.call(h.admin, 'GET', '/api/Admin/GetAllUsers'), 'list')
    const tandemId = (await h.server.ctx.lists.activeTandemIds())[0]!
    expectOk(await h.call(h.admin, 'POST', `/api/Admin/GetMatchingTandemById?matchingTandemId=${tandemId}`), 'team')
    const { records } = await trail()
    const list = records.find((r) => r.action === 'users.list')
    expect(list?.subjectIds).toEqual(expect.arrayContaining([await idOf(mentor), await idOf(mentee)]))
    expect(records.find((r) => r.action === 'team.read')).toMatchObject({ objectId: tandemId, subjectCount: 2 })
    // Master data names nobody and is not recorded.
    expectOk(await h.call(h.admin, 'GET', '/api/Admin/GetClusters'), 'clusters')
    expect((await trail()).total).toBe(2)
  })

  it('records a change with its transaction, and a refused change not at all', async () => {
    const mentor = await h.publishedMentor('Max')
    const body = { email: mentor.email, roleName: 'Mentor', disableMatching: true }
    expectOk(await h.call(h.admin, 'POST', '/api/Admin/UpdateUserStatus', body), 'pause')
    // Pausing a paused mentor is refused: nothing changed, nothing recorded.
    expect((await h.call(h.admin, 'POST', '/api/Admin/UpdateUserStatus', body)).body.isSuccess).toBe(false)
    const unknown = await h.call(h.admin, 'POST', '/api/Admin/UpdateUserStatus', { ...body, email: 'nobody@example.org' })
    expect(unknown.status).toBe(404)
    const { records } = await trail({ action: 'mentor-matching.change' })
    expect(records).toHaveLength(1)
    expect(records[0]).toMatchObject({ adminId: await idOf(h.admin), subjectIds: [await idOf(mentor)] })
  })

  it('lists only the changes when asked: every action a change records, no read; with the other filters', async () => {
    const mentor = await h.publishedMentor('Max')
    const mia = h.person('Mia')
    expectOk(await h.signUp(mia, 'Mentee'), 'sign-up')
    expectOk(await h.call(h.admin, 'GET', `/api/Admin/GetUserDetail?email=${encodeURIComponent(mia.email)}&language=en`), 'read')
    expectOk(await h.call(h.admin, 'GET', '/api/Admin/GetAllUsers'), 'list')
    expectOk(
      await h.call(h.admin, 'POST', '/api/Admin/UpdateUserStatus', { email: mentor.email, roleName: 'Mentor', disableMatching: true }),
      'pause',
    )
    expectOk(await h.call(h.admin, 'POST', '/api/Admin/CreateCluster?yearText=2027%20Autumn'), 'program year')
    const all = await trail()
    expect(new Set(all.records.map((r) => r.action))).toEqual(
      new Set(['user.read', 'users.list', 'mentor-matching.change', 'program-year.create']),
    )
    const changes = await trail({ changesOnly: true })
    expect(changes.records.map((r) => r.action)).toEqual(['program-year.create', 'mentor-matching.change'])
    expect(changes.total).toBe(2)
    expect((await trail({ changesOnly: false })).total).toBe(all.total)
    expect((await trail({ changesOnly: true, person: mentor.email })).records.map((r) => r.action)).toEqual(['mentor-matching.change'])
    expect((await trail({ changesOnly: true, action: 'user.read' })).total).toBe(0)
    // not a boolean: 400, nothing listed
    const bad = await h.call(h.admin, 'POST', '/api/Admin/GetAuditRecords', {
      admin: null,
      person: null,
      action: null,
      from: null,
      to: null,
      changesOnly: 'yes',
      page: 1,
      pageSize: 50,
    })
    expect(bad.status).toBe(400)
  })

  it("records an administrator opening a person's photo, and not the person opening their own", async () => {
    const mia = h.person('Mia')
    expectOk(await h.signUp(mia, 'Mentee'), 'sign-up')
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2266aa' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('email', mia.email)
    form.append('imageFile', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png')
    const upload = await fetch(`${h.base}/api/user/UpdateProfileImage`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await h.tokenFor(mia)}` },
      body: form,
    })
    expect(upload.status).toBe(200)
    for (const viewer of [mia, h.admin]) {
      const photo = await fetch(`${h.base}/api/User/ProfileImage/${await idOf(mia)}`, {
        headers: { authorization: `Bearer ${await h.tokenFor(viewer)}` },
      })
      expect(photo.status).toBe(200)
    }
    expect((await h.server.ctx.audit.auditRecordsAbout(await idOf(mia))).map((r) => [r.action, r.adminId])).toEqual([
      ['user.photo.read', await idOf(h.admin)],
    ])
  })

  it('records a deletion about the deleted person, who stays named by id only', async () => {
    const mia = h.person('Mia')
    expectOk(await h.signUp(mia, 'Mentee'), 'sign-up')
    const id = await idOf(mia)
    expectOk(
      await h.call(h.admin, 'GET', `/api/Account/DeleteUserFromIdp?emailId=${encodeURIComponent(mia.email)}&deletefromDB=true`),
      'delete',
    )
    expect((await h.server.ctx.audit.auditRecordsAbout(id as never)).map((r) => r.action)).toEqual(['user.delete'])
  })

  it('an export records itself with the people it contained, and the workbook names the administrator', async () => {
    const mia = await h.readyMentee('Mia')
    const response = await fetch(`${h.base}/api/Admin/ExportUserDataByRole`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await h.tokenFor(h.admin)}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        role: 'Mentee',
        includeBasicAccountInformation: true,
        includeExtededAccountInformation: false,
        includeProfileInformation: false,
        filterData: {},
      }),
    })
    expect(response.status).toBe(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await response.arrayBuffer())
    expect(workbook.creator).toContain(`Ada Admin <${h.admin.email}>`)
    const { records } = await trail({ action: 'export.users' })
    expect(records).toHaveLength(1)
    expect(records[0]).toMatchObject({ adminId: await idOf(h.admin), adminName: 'Ada Admin', subjectIds: [await idOf(mia)] })
  })

  it('filters by administrator, person, action and dates, and pages newest first', async () => {
    const people = [h.person('Mia'), h.person('Max'), h.person('Bo')]
    for (const p of people) expectOk(await h.signUp(p, 'Mentee'), 'sign-up')
    for (const p of people) {
      h.clock.advance(DAY)
      expectOk(await h.call(h.admin, 'GET', `/api/Admin/GetUserDetail?email=${encodeURIComponent(p.email)}&language=en`), 'detail')
    }
    const [mia, max, bo] = people as [Person, Person, Person]
    expect((await trail({ person: mia.email })).records.map((r) => r.subjectIds)).toEqual([[await idOf(mia)]])
    expect((await trail({ person: String(await idOf(max)) })).records.map((r) => r.subjectIds)).toEqual([[await idOf(max)]])
    expect((await trail({ admin: h.admin.email })).total).toBe(3)
    expect((await trail({ admin: mia.email })).total).toBe(0)
    // A reference that names nobody (an address no account has, or 0, which no id is) finds no records.
    for (const nobody of ['nobody@example.org', '0']) {
      expect((await trail({ person: nobody })).total).toBe(0)
      expect((await trail({ admin: nobody })).total).toBe(0)
    }
    expect((await trail({ action: 'users.list' })).total).toBe(0)
    const day = (offset: number) => new Date(h.clock() - offset * DAY).toISOString().slice(0, 10)
    expect((await trail({ from: day(0), to: day(0) })).records.map((r) => r.subjectIds)).toEqual([[await idOf(bo)]])
    expect((await trail({ from: day(1) })).total).toBe(2)
    const second = await trail({}, 2, 2)
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 })
    expect(second.records.map((r) => r.subjectIds)).toEqual([[await idOf(mia)]])
  })

  it('refuses a filter that is no person or a date range that ends before it starts (400, nothing listed)', async () => {
    const bad = await h.call(h.admin, 'POST', '/api/Admin/GetAuditRecords', {
      admin: 'not a person',
      person: null,
      action: null,
      from: null,
      to: null,
      page: 1,
      pageSize: 20,
    })
    expect(bad.status).toBe(400)
    const backwards = await h.call(h.admin, 'POST', '/api/Admin/GetAuditRecords', {
      admin: null,
      person: null,
      action: null,
      from: '2026-03-05',
      to: '2026-03-01',
      page: 1,
      pageSize: 20,
    })
    expect(backwards.status).toBe(400)
    expect(backwards.body.errorMessage).toBe('ValidationFailed')
  })
})
