// The spreadsheet exports (docs/product.md#calls, docs/product.md#constants) through the real app
// on a real SQLite file: each produced file is opened with exceljs and its sheet, headers and rows
// are checked against the database.
import { type Cluster } from '@tandem/core'
import ExcelJS from 'exceljs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { expectOk, startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

type Download = { status: number; type: string; disposition: string; bytes: Buffer; text: string }

const download = async (who: Person, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Download> => {
  const response = await fetch(`${h.base}${path}`, {
    method,
    headers: { authorization: `Bearer ${await h.tokenFor(who)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const bytes = Buffer.from(await response.arrayBuffer())
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    disposition: response.headers.get('content-disposition') ?? '',
    bytes,
    text: bytes.toString('utf8'),
  }
}

const open = async (bytes: Buffer) => {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  return workbook
}

/** The sheet as arrays of cell texts, header row first. */
/** The export writes text, numbers and date cells (as their instant): any richer cell value is a defect. */
const cellText = (v: unknown): string => {
  if (v === null || v === undefined) return ''
  if (typeof v === 'string' || typeof v === 'number') return String(v)
  if (v instanceof Date) return v.toISOString()
  throw new Error(`unexpected cell value ${JSON.stringify(v)}`)
}

const cells = (sheet: ExcelJS.Worksheet): string[][] => {
  const rows: string[][] = []
  sheet.eachRow((row) => {
    rows.push(Array.from((row.values as unknown[]).slice(1), cellText))
  })
  return rows
}

const allOptions = { includeBasicAccountInformation: true, includeExtededAccountInformation: true, includeProfileInformation: true }

const createCluster = async (title: string): Promise<Cluster> => {
  const reply = await h.call<Cluster>(h.admin, 'POST', `/api/Admin/CreateCluster?yearText=${encodeURIComponent(title)}`)
  expectOk(reply, 'create cluster')
  return reply.body.value
}

describe('user data export', () => {
  it('exports every mentee with program year, role and status, all three option groups, as tandem_mentee_user_data.xlsx', async () => {
    const first = await h.readyMentee('Mia')
    const second = await h.readyMentee('Lea')
    await h.publishedMentor('Max')
    const file = await download(h.admin, 'POST', '/api/Admin/ExportUserDataByRole', { role: 'Mentee', ...allOptions, filterData: {} })
    expect(file.status).toBe(200)
    expect(file.type).toContain('spreadsheetml')
    expect(file.disposition).toContain('tandem_mentee_user_data.xlsx')
    const workbook = await open(file.bytes)
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Mentees'])
    const [header, ...rows] = cells(workbook.worksheets[0]!)
    expect(header?.slice(0, 6)).toEqual(['Program year', 'Role', 'Status', 'First name', 'Last name', 'E-mail'])
    expect(header).toContain('City')
    const mentees = (await h.server.ctx.users.all()).filter((u) => u.participant.mentee !== null)
    expect(rows).toHaveLength(mentees.length)
    for (const p of [first, second]) {
      const stored = (await h.server.ctx.users.byEmail(p.email))!
      const row = rows.find((r) => r[5] === p.email)
      const programYear = (await h.server.ctx.clusters.byId(stored.participant.mentee!.clusterId!))?.clusterText
      expect(row?.slice(0, 5)).toEqual([programYear, 'Mentee', stored.participant.mentee!.status, stored.firstName, stored.lastName])
      expect(row?.[header!.indexOf('City')]).toBe('Berlin')
    }
  })

  it('filters mentees by program year and writes headers in German when the admin reads German', async () => {
    const other = await createCluster('2027 Autumn')
    const inOther = h.person('Ida')
    expectOk(await h.signUp(inOther, 'Mentee'), 'sign-up')
    expectOk(await h.saveProfile(inOther, other.clusterId), 'profile')
    await h.readyMentee('Mia')
    const file = await download(h.admin, 'POST', '/api/Admin/ExportUserDataByRole?language=de', {
      role: 'Mentee',
      includeBasicAccountInformation: true,
      includeExtededAccountInformation: false,
      includeProfileInformation: false,
      filterData: { clusterIds: [other.clusterId] },
    })
    const workbook = await open(file.bytes)
    const [header, ...rows] = cells(workbook.worksheets[0]!)
    expect(header).toEqual([
      'Programmjahr',
      'Rolle',
      'Status',
      'Vorname',
      'Nachname',
      'E-Mail',
      'Geschlecht',
      'Registrierungsdatum',
      'Kontosprache',
    ])
    expect(rows.map((r) => r[5])).toEqual([inOther.email])
    expect(rows[0]?.[0]).toBe('2027 Autumn')
    // de-DE dates: a real date cell shown as dd.mm.yyyy hh:mm (24-hour).
    const registered = workbook.worksheets[0]!.getRow(2).getCell(8)
    expect(registered.type).toBe(ExcelJS.ValueType.Date)
    expect(registered.numFmt).toBe('dd.mm.yyyy hh:mm')
  })

  it('filters mentors by status: only the paused mentor when PAUSED is asked for', async () => {
    const active = await h.publishedMentor('Max')
    const paused = await h.publishedMentor('Tom')
    expectOk(
      await h.call(paused, 'POST', '/api/Questionnaire/UpdateUserStatus', {
        email: paused.email,
        roleName: 'Mentor',
        disableMatching: true,
      }),
      'pause',
    )
    const file = await download(h.admin, 'POST', '/api/Admin/ExportUserDataByRole', {
      role: 'Mentor',
      ...allOptions,
      filterData: { statuses: ['PAUSED'] },
    })
    expect(file.disposition).toContain('tandem_mentor_user_data.xlsx')
    const workbook = await open(file.bytes)
    expect(workbook.worksheets[0]?.name).toBe('Mentors')
    const [header, ...rows] = cells(workbook.worksheets[0]!)
    const email = header!.indexOf('E-mail')
    expect(rows.map((r) => r[email])).toEqual([paused.email])
    expect(rows.map((r) => r[email])).not.toContain(active.email)
    // A mentor has no program year: the cell stays empty.
    expect(rows[0]?.slice(0, 3)).toEqual(['', 'Mentor', 'PAUSED'])
  })

  it('refuses an export with no option selected (requiredFieldError) and sends no file', async () => {
    const reply = await h.call(h.admin, 'POST', '/api/Admin/ExportUserDataByRole', {
      role: 'Mentee',
      includeBasicAccountInformation: false,
      includeExtededAccountInformation: false,
      includeProfileInformation: false,
      filterData: {},
    })
    expect(reply.status).toBe(400)
    expect(JSON.stringify(reply.body)).toContain('requiredFieldError')
  })

  it('is for administrators only', async () => {
    const mentee = await h.readyMentee('Mia')
    const file = await download(mentee, 'POST', '/api/Admin/ExportUserDataByRole', { role: 'Mentee', ...allOptions, filterData: {} })
    expect(file.status).toBe(403)
    expect(file.text).not.toContain(mentee.email)
  })
})

describe('matching team export', () => {
  const createManual = async () => {
    const mentor = await h.publishedMentor('Anna')
    const mentee = await h.readyMentee('Mia')
    // Manual creation needs an AVAILABLE mentee: a run with the only mentor paused leaves them so.
    const matching = (disableMatching: boolean) =>
      h.call(mentor, 'POST', '/api/Questionnaire/UpdateUserStatus', { email: mentor.email, roleName: 'Mentor', disableMatching })
    await matching(true)
    await h.call(mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email })
    await matching(false)
    const ids = async (p: Person) => ({ userId: (await h.server.ctx.users.byEmail(p.email))!.id, email: p.email })
    const reply = await h.call<number>(h.admin, 'POST', '/api/Admin/CreateMatchingTandemManual', {
      mentees: await ids(mentee),
      mentors: await ids(mentor),
    })
    expectOk(reply, 'manual tandem')
    return { mentor, mentee, tandemId: reply.body.value }
  }

  it('exports the teams of the chosen date range with all three groups as tandem_matching_teams_data.xlsx', async () => {
    const { mentor, mentee, tandemId } = await createManual()
    const query =
      'includeUserAccountInformation=true&includeMatchingTandemInformation=true&includeProposalInformation=true&tandemDateRange=7'
    const file = await download(h.admin, 'GET', `/api/Admin/ExportMatchingTandemData?${query}`)
    expect(file.status).toBe(200)
    expect(file.disposition).toContain('tandem_matching_teams_data.xlsx')
    const workbook = await open(file.bytes)
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Matching teams'])
    const [header, ...rows] = cells(workbook.worksheets[0]!)
    expect(header?.slice(0, 5)).toEqual(['MT_ID', 'Program year', 'Team status', 'Mentee status', 'Mentor status'])
    expect(header).toEqual(
      expect.arrayContaining(['Mentee E-mail', 'Mentor E-mail', 'Manual matching', 'Mentee proposal status', 'Mentor proposal P_ID']),
    )
    expect(rows).toHaveLength(1)
    const row = rows[0]!
    const at = (name: string) => row[header!.indexOf(name)]
    expect(at('MT_ID')).toBe(String(tandemId))
    expect(at('Team status')).toBe('ACTIVE')
    expect(at('Mentee E-mail')).toBe(mentee.email)
    expect(at('Mentor E-mail')).toBe(mentor.email)
    expect(at('Manual matching')).toBe('Yes')
    expect(at('Mentee proposal status')).toBe('PROPOSED')
    expect(at('Mentee status')).toBe((await h.server.ctx.users.byEmail(mentee.email))?.participant.mentee?.status)
  })

  it('leaves out teams older than the date range and groups that were not selected', async () => {
    await createManual()
    h.clock.advance(8 * 24 * 3600_000)
    const week = await download(
      h.admin,
      'GET',
      '/api/Admin/ExportMatchingTandemData?includeUserAccountInformation=false&includeMatchingTandemInformation=true&includeProposalInformation=false&tandemDateRange=7',
    )
    const [header, ...rows] = cells((await open(week.bytes)).worksheets[0]!)
    expect(rows).toHaveLength(0)
    expect(header).not.toContain('Mentee E-mail')
    expect(header).toContain('Creation date')
    const month = await download(
      h.admin,
      'GET',
      '/api/Admin/ExportMatchingTandemData?includeUserAccountInformation=false&includeMatchingTandemInformation=true&includeProposalInformation=false&tandemDateRange=30&language=de',
    )
    const [germanHeader, ...monthRows] = cells((await open(month.bytes)).worksheets[0]!)
    expect(monthRows).toHaveLength(1)
    expect(germanHeader?.slice(0, 3)).toEqual(['MT_ID', 'Programmjahr', 'Team-Status'])
  })

  /** The wall-clock time of an instant in the zone the mails use, independently of the code under test. */
  const berlinWallClock = (epochMs: number): string =>
    `${new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', dateStyle: 'short', timeStyle: 'medium' }).format(epochMs).replace(' ', 'T')}.000Z`

  for (const [language, roleHeaders, roleValues, created, numFmt] of [
    ['en', ['Mentee Role', 'Mentor Role'], ['Mentee', 'Mentor'], 'Creation date', 'dd/mm/yyyy h:mm AM/PM'],
    ['de', ['Mentee Rolle', 'Mentor*in Rolle'], ['Mentee', 'Mentor*in'], 'Erstellungsdatum', 'dd.mm.yyyy hh:mm'],
  ] as const) {
    it(`has each side's role and real date cells in the mails' time zone (${language})`, async () => {
      await createManual()
      const query = `includeUserAccountInformation=false&includeMatchingTandemInformation=true&includeProposalInformation=true&tandemDateRange=7&language=${language}`
      const file = await download(h.admin, 'GET', `/api/Admin/ExportMatchingTandemData?${query}`)
      const sheet = (await open(file.bytes)).worksheets[0]!
      const [header] = cells(sheet)
      expect(header?.slice(5, 7)).toEqual(roleHeaders)
      const row = sheet.getRow(2)
      expect([row.getCell(6).value, row.getCell(7).value]).toEqual(roleValues)
      const teams = []
      for await (const team of h.server.ctx.exports.tandemsSince(0)) teams.push(team)
      const stored = teams[0]!
      const createdCell = row.getCell(header!.indexOf(created) + 1)
      expect(createdCell.type).toBe(ExcelJS.ValueType.Date)
      expect(createdCell.numFmt).toBe(numFmt)
      // March: Berlin is UTC+1, so the cell holds the hour after the UTC one, as the mails say.
      expect((createdCell.value as Date).toISOString()).toBe(berlinWallClock(stored.createdAt))
      expect((createdCell.value as Date).getTime() - stored.createdAt).toBe(3600_000)
      const deadlineHeader = language === 'en' ? 'Mentee answer deadline' : 'Mentee Antwortfrist'
      const deadline = row.getCell(header!.indexOf(deadlineHeader) + 1)
      expect(deadline.type).toBe(ExcelJS.ValueType.Date)
      expect((deadline.value as Date).toISOString()).toBe(berlinWallClock(stored.menteeProposal.deadline!))
    })
  }

  it('refuses an unknown date range and an export with no group selected', async () => {
    const range = await h.call(
      h.admin,
      'GET',
      '/api/Admin/ExportMatchingTandemData?includeUserAccountInformation=true&includeMatchingTandemInformation=true&includeProposalInformation=true&tandemDateRange=8',
    )
    expect(range.status).toBe(400)
    const none = await h.call(
      h.admin,
      'GET',
      '/api/Admin/ExportMatchingTandemData?includeUserAccountInformation=false&includeMatchingTandemInformation=false&includeProposalInformation=false&tandemDateRange=7',
    )
    expect(none.status).toBe(400)
    expect(JSON.stringify(none.body)).toContain('requiredFieldError')
  })
})
