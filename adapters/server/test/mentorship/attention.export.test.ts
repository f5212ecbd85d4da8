// The attention list's spreadsheet (docs/admin.md#teams-needing-attention) through the HTTP API, on
// SQLite and on PostgreSQL: a hand-counted population of three matched teams in two program years,
// the clock moved past day 21, one team whose sides said at day 14 that they met. The file lists
// exactly the two others with their program year, days since the match and reason, in English and
// German; the program-year filter narrows it; participants are refused; the list and the export are audited.
import { DAY } from '@tandem/core'
import ExcelJS from 'exceljs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const ok = <T>(reply: { status: number; body: { isSuccess: boolean; value: T } }, what: string): T => {
  if (reply.status !== 200 || !reply.body.isSuccess) throw new Error(`${what} failed: ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply.body.value
}

/** A new mentor and mentee (in `clusterId`) matched through the real routes; the team's id. */
const matchedTeam = async (
  mentorName: string,
  menteeName: string,
  clusterId: number,
): Promise<{ mentee: Person; mentor: Person; id: number }> => {
  const mentor = await h.publishedMentor(mentorName)
  const mentee = await h.readyMentee(menteeName)
  ok(await h.saveProfile(mentee, clusterId), 'program year')
  ok(await h.startMatching(mentee), 'start matching')
  const p = (await h.proposals(mentee)).menteeProposal.find((x) => x.firstName === mentorName)
  if (p === undefined) throw new Error(`expected a proposal with ${mentorName}`)
  const ids = { matchingTandemId: p.matchingTandemId }
  ok(await h.acceptProposal(mentee, 'Mentee', mentor, { ...ids, proposalId: p.proposalId }, 'ACTIVE'), 'mentee accepts')
  ok(await h.acceptProposal(mentor, 'Mentor', mentee, { ...ids, proposalId: p.pairedProposalId }, 'MATCHED'), 'mentor accepts')
  return { mentee, mentor, id: p.matchingTandemId }
}

const download = async (who: Person, query: string) => {
  const response = await fetch(`${h.base}/api/Admin/ExportTeamsNeedingAttention${query}`, {
    headers: { authorization: `Bearer ${await h.tokenFor(who)}` },
  })
  return {
    status: response.status,
    disposition: response.headers.get('content-disposition') ?? '',
    bytes: Buffer.from(await response.arrayBuffer()),
  }
}

const cellText = (v: unknown): string => {
  if (v === null || v === undefined) return ''
  if (typeof v === 'string' || typeof v === 'number') return String(v)
  if (v instanceof Date) return v.toISOString().slice(0, 10)
  throw new Error(`unexpected cell value ${JSON.stringify(v)}`)
}

const sheetOf = async (bytes: Buffer) => {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  const sheet = workbook.worksheets[0]
  if (sheet === undefined) throw new Error('expected a sheet')
  const rows: string[][] = []
  sheet.eachRow((row) => {
    rows.push(Array.from((row.values as unknown[]).slice(1), cellText))
  })
  return { name: sheet.name, rows }
}

describe('the attention list export', () => {
  it('lists exactly the teams not met by day 21, with program year, days and reason, filtered by program year', async () => {
    const yearA = ok(await h.call<{ clusterId: number }>(h.admin, 'POST', '/api/Admin/CreateCluster?yearText=Attention%20A'), 'year A')
    const yearB = ok(await h.call<{ clusterId: number }>(h.admin, 'POST', '/api/Admin/CreateCluster?yearText=Attention%20B'), 'year B')
    const start = h.clock()
    const first = await matchedTeam('Anna', 'Mia', yearA.clusterId)
    const second = await matchedTeam('Bea', 'Lea', yearB.clusterId)
    const met = await matchedTeam('Cleo', 'Ida', yearB.clusterId)
    const matchedOn = new Date(start).toISOString().slice(0, 10)

    // Day 14: both sides of the third team say they met; the other two say nothing.
    h.clock.set(start + 14 * DAY + 60 * 60 * 1000)
    await h.server.sweepCheckIns()
    for (const who of [met.mentee, met.mentor])
      ok(
        await h.call(who, 'POST', '/api/Mentorship/AnswerCheckIn', {
          email: who.email,
          matchingTandemId: met.id,
          occasion: { kind: 'Met' },
          answer: { kind: 'Met', met: 'Yes' },
        }),
        'met',
      )

    // Day 22: hand-counted, two teams are not met by day 21 (22 whole days since their match).
    h.clock.set(start + 22 * DAY + 60 * 60 * 1000)
    const all = await download(h.admin, '?language=en')
    expect(all.status).toBe(200)
    expect(all.disposition).toContain('tandem_teams_needing_attention.xlsx')
    const english = await sheetOf(all.bytes)
    expect(english.name).toBe('Teams needing attention')
    expect(english.rows).toEqual([
      ['MT_ID', 'Program year', 'Matched on', 'Days since the match', 'Reasons'],
      [String(first.id), 'Attention A', matchedOn, '22', 'Not met by day 21'],
      [String(second.id), 'Attention B', matchedOn, '22', 'Not met by day 21'],
    ])

    const german = await sheetOf((await download(h.admin, `?clusterId=${yearB.clusterId}&language=de`)).bytes)
    expect(german).toEqual({
      name: 'Teams mit Handlungsbedarf',
      rows: [
        ['MT_ID', 'Programmjahr', 'Gematcht am', 'Tage seit dem Match', 'Gründe'],
        [String(second.id), 'Attention B', matchedOn, '22', 'Bis Tag 21 nicht getroffen'],
      ],
    })

    // The list and the export are recorded in the audit trail, naming both sides of each team listed.
    const list = await h.call<{ matchingTandemId: number; daysSinceMatch: number }[]>(h.admin, 'GET', '/api/Admin/GetTeamsNeedingAttention')
    expect(list.body.value.map((r) => [r.matchingTandemId, r.daysSinceMatch])).toEqual([
      [first.id, 22],
      [second.id, 22],
    ])
    const about = async (p: Person) => {
      const id = (await h.server.ctx.users.byEmail(p.email))?.id
      if (id === undefined) throw new Error('expected the user')
      return (await h.server.ctx.audit.auditRecordsAbout(id)).map((r) => r.action).filter((a) => a.includes('attention'))
    }
    expect((await about(first.mentee)).toSorted()).toEqual(['attention.list', 'export.attention'])
    expect((await about(second.mentor)).toSorted()).toEqual(['attention.list', 'export.attention', 'export.attention'])
    expect(await about(met.mentee)).toEqual([])

    // Participants may not export it; a bad program year is refused.
    expect((await download(first.mentee, '')).status).toBe(403)
    expect((await download(h.admin, '?clusterId=abc')).status).toBe(400)
  })
})
