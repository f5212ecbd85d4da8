// Every figure of the administrators' program statistics, through the real app on a real database,
// against a population with known counts (statistics.population.ts): exact numbers, small groups as
// "fewer than 5", the funnel's stages rounded to the nearest 5 (no two of them differ by a group below
// 5, docs/privacy.md#statistics), the program-year and date-range filters, and each chart's spreadsheet.
import type { StatisticsReport } from '@tandem/core'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '../support/harness.js'
import { seedStatisticsPopulation } from '../support/statistics.population.js'

let h: Harness
let years: { yearA: number; yearB: number }
beforeAll(async () => {
  h = await startHarness()
  years = await seedStatisticsPopulation(h.server.db)
  await h.server.snapshotPool()
})
afterAll(async () => {
  await h.close()
})

const ALL = { clusterIds: [], from: null, to: null }
const count = (value: number) => ({ _tag: 'Count', value })
const few = { _tag: 'FewerThan', limit: 5 }
const value = (v: number) => ({ _tag: 'Value', value: v })
const hidden = { _tag: 'Hidden', limit: 5 }

const report = async (filter: object, language = 'en'): Promise<StatisticsReport> => {
  const reply = await h.call<StatisticsReport>(h.admin, 'POST', `/api/Admin/GetStatistics?language=${language}`, filter)
  expect(reply.status).toBe(200)
  return reply.body.value
}

const counts = (rows: readonly { count: unknown }[]) => rows.map((r) => r.count)

describe('program statistics over the whole population', () => {
  let r: StatisticsReport
  beforeAll(async () => {
    r = await report(ALL)
  })

  it('shows no two funnel figures that differ by a group below 5 (nobody can subtract a small group out)', async () => {
    // The population stops 2, 3, 4, 6, 5 and 7 mentees at the six stages: exact cumulative counts
    // (30, 25, 22, …) would show that 3 mentees completed their profile and stopped there.
    const filters = [ALL, { clusterIds: [years.yearA], from: null, to: null }, { clusterIds: [], from: '2026-03-01', to: '2026-03-01' }]
    for (const filter of filters) {
      const shown = await report(filter)
      for (const side of [shown.funnel.mentee, shown.funnel.mentor]) {
        const numbers = side.flatMap((s) => (s.count._tag === 'Count' ? [s.count.value] : []))
        const gaps = numbers.flatMap((a) => numbers.map((b) => Math.abs(a - b))).filter((gap) => gap > 0 && gap < 5)
        expect(gaps).toEqual([])
      }
    }
  })

  it('counts each side of the funnel cumulatively, stage by stage, rounded to the nearest 5', () => {
    expect(r.funnel.mentee.map((s) => s.stage)).toEqual([
      'registered',
      'profileComplete',
      'questionnaireComplete',
      'startedMatching',
      'proposed',
      'matched',
    ])
    expect(counts(r.funnel.mentee)).toEqual([count(30), count(25), count(20), count(20), count(10), count(5)])
    expect(r.funnel.mentor.map((s) => s.stage)).toEqual([
      'registered',
      'profileComplete',
      'questionnaireComplete',
      'published',
      'proposed',
      'matched',
    ])
    expect(counts(r.funnel.mentor)).toEqual([count(30), count(30), count(30), count(25), count(20), count(5)])
  })

  it('gives the match rate of started mentees and the median hours from first start to match', () => {
    expect(r.matching).toEqual({ started: count(18), matched: count(7), rate: value(38.9), medianHoursToMatch: value(40) })
  })

  it('counts proposals expired with each side and the mentors paused for silence', () => {
    expect(r.expiries).toEqual({ menteeExpired: count(5), mentorExpired: count(7), mentorsPausedForSilence: count(6) })
  })

  it('counts decline reasons per side, every reason of the side listed, small ones as fewer than 5', () => {
    const mentee = new Map(r.declineReasons.mentee.map((x) => [x.key, x.count]))
    expect(mentee.get('1')).toEqual(count(5))
    expect(mentee.get('2')).toEqual(few)
    expect([...mentee.keys()].filter((k) => k !== '1' && k !== '2').every((k) => mentee.get(k)?._tag === 'FewerThan')).toBe(true)
    expect(r.declineReasons.mentee.find((x) => x.key === '1')?.label).toBe('The mentor’s professional background does not fit my goals.')
    const mentor = new Map(r.declineReasons.mentor.map((x) => [x.key, x.count]))
    expect(mentor.get('8')).toEqual(count(6))
    expect(r.declineReasons.mentor.find((x) => x.key === '8')?.label).toBe('I do not have enough time at the moment.')
    expect([...mentor.keys()].filter((k) => k !== '8').every((k) => mentor.get(k)?._tag === 'FewerThan')).toBe(true)
  })

  it('distributes matched and declined teams over ten-point score buckets', () => {
    expect(r.scores.map((s) => s.bucket)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90])
    expect(r.scores.find((s) => s.bucket === 80)).toEqual({ bucket: 80, matched: count(5), declined: few })
    expect(r.scores.find((s) => s.bucket === 90)).toEqual({ bucket: 90, matched: few, declined: few })
    expect(r.scores.find((s) => s.bucket === 60)).toEqual({ bucket: 60, matched: few, declined: count(13) })
    expect(
      r.scores
        .filter((s) => ![60, 80, 90].includes(s.bucket))
        .every((s) => s.matched._tag === 'FewerThan' && s.declined._tag === 'FewerThan'),
    ).toBe(true)
  })

  it('shows the pool balance per recorded day, hiding the ratio of a small group', () => {
    expect(r.poolBalance).toEqual([
      { day: '2026-03-01', availableMentors: count(20), waitingMentees: few, mentorsPerMentee: hidden },
      { day: '2026-03-02', availableMentors: count(13), waitingMentees: count(11), mentorsPerMentee: value(1.18) },
    ])
  })

  it('breaks participants down by account language, country and gender', () => {
    expect(r.breakdowns.language).toEqual([
      { key: 'en', label: 'English', mentees: few, mentors: count(32) },
      { key: 'de', label: 'German', mentees: count(30), mentors: few },
    ])
    expect(r.breakdowns.country).toEqual([
      { key: '64', label: 'Germany', mentees: count(25), mentors: count(31) },
      { key: '', label: 'Not given', mentees: count(5), mentors: few },
    ])
    expect(r.breakdowns.gender).toEqual([
      { key: 'Male', label: 'Male', mentees: count(7), mentors: count(32) },
      { key: 'Female', label: 'Female', mentees: count(20), mentors: few },
      { key: 'NA', label: 'Not given', mentees: few, mentors: few },
    ])
  })

  it('names groups in German when asked', async () => {
    const de = await report(ALL, 'de')
    expect(de.breakdowns.country[0]?.label).toBe('Deutschland')
    expect(de.breakdowns.gender.map((g) => g.label)).toEqual(['Männlich', 'Weiblich', 'Keine Angabe'])
  })
})

describe('program statistics filters', () => {
  it('narrows mentees and teams to the chosen program years; mentors have no program year', async () => {
    const b = await report({ clusterIds: [years.yearB], from: null, to: null })
    expect(counts(b.funnel.mentee)).toEqual([few, few, few, few, few, few])
    expect(counts(b.funnel.mentor)).toEqual([count(30), count(30), count(30), count(25), count(20), count(5)])
    expect(b.matching).toEqual({ started: few, matched: few, rate: hidden, medianHoursToMatch: hidden })
    expect(b.expiries).toEqual({ menteeExpired: few, mentorExpired: few, mentorsPausedForSilence: few })
    expect(b.poolBalance.map((p) => p.waitingMentees)).toEqual([few, few])
    const a = await report({ clusterIds: [years.yearA, years.yearB], from: null, to: null })
    expect(counts(a.funnel.mentee)).toEqual([count(30), count(25), count(20), count(20), count(10), count(5)])
  })

  it('counts registrations, starts, teams and pool days inside the date range only (whole days, inclusive)', async () => {
    const first = await report({ clusterIds: [], from: '2026-03-01', to: '2026-03-01' })
    expect(counts(first.funnel.mentee)).toEqual([count(25), count(25), count(20), count(20), count(10), count(5)])
    expect(first.matching.started).toEqual(few)
    expect(first.expiries.mentorExpired).toEqual(few)
    expect(first.poolBalance.map((p) => p.day)).toEqual(['2026-03-01'])
    const march = await report({ clusterIds: [], from: '2026-03-02', to: '2026-03-31' })
    expect(counts(march.funnel.mentee)).toEqual([few, few, few, few, few, few])
    expect(march.matching).toEqual({ started: count(18), matched: count(7), rate: value(38.9), medianHoursToMatch: value(40) })
    expect(march.expiries.mentorExpired).toEqual(count(7))
  })

  it('refuses a range that ends before it starts, with a translated rule key', async () => {
    const reply = await h.call(h.admin, 'POST', '/api/Admin/GetStatistics', { clusterIds: [], from: '2026-03-05', to: '2026-03-01' })
    expect(reply.status).toBe(400)
    expect(JSON.stringify(reply.body.value)).toContain('statistics-date-range')
    const malformed = await h.call(h.admin, 'POST', '/api/Admin/GetStatistics', { clusterIds: [], from: '5 March', to: null })
    expect(malformed.status).toBe(400)
  })
})

describe('statistics spreadsheets', () => {
  const sheetOf = async (chart: string, language: string) => {
    const response = await fetch(`${h.base}/api/Admin/ExportStatistics?chart=${chart}&language=${language}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await h.tokenFor(h.admin)}`, 'content-type': 'application/json' },
      body: JSON.stringify(ALL),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toContain(`tandem_statistics_${chart}.xlsx`)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(await response.arrayBuffer())
    const sheet = workbook.worksheets[0]!
    const rows: unknown[][] = []
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
    return { name: sheet.name, rows }
  }

  it('writes the funnel table with small groups as text, never their number', async () => {
    const funnel = await sheetOf('funnel', 'en')
    expect(funnel.name).toBe('Funnel')
    expect(funnel.rows[0]).toEqual(['Stage', 'Mentees', 'Mentors'])
    expect(funnel.rows[1]).toEqual(['Registered', 30, 30])
    expect(funnel.rows[4]).toEqual(['Started matching / Published', 20, 25])
  })

  it('writes every chart in German too', async () => {
    const scores = await sheetOf('scores', 'de')
    expect(scores.name).toBe('Punkteverteilung')
    expect(scores.rows[0]).toEqual(['Punkte (Prozent)', 'Gematchte Teams', 'Abgelehnte Teams'])
    expect(scores.rows[10]).toEqual(['90–100', 'weniger als 5', 'weniger als 5'])
    for (const chart of ['matching', 'expiries', 'declineReasons', 'poolBalance', 'breakdowns']) {
      const sheet = await sheetOf(chart, 'de')
      expect(sheet.rows.length).toBeGreaterThan(1)
    }
    const pool = await sheetOf('poolBalance', 'en')
    expect(pool.rows[2]).toEqual(['2026-03-02', 13, 11, 1.18])
    expect(pool.rows[1]).toEqual(['2026-03-01', 20, 'fewer than 5', 'not shown (group under 5)'])
  })
})
