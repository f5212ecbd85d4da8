// The administrators' waitlist overview through the HTTP API (docs/admin.md#waitlist): how many wait,
// for how long, and which answers of waiting mentees no available mentor offers, against a
// hand-counted population; small groups, and parts whose rest is a small group, are never shown.
import { choiceAnswer, aMenteeAnswers, aMentorAnswers, optionId, PAIR } from '@tandem/fixtures'
import { DAY, MINUTE, type WaitlistOverviewView } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const speaking = (...languages: string[]) => choiceAnswer(PAIR.languages, ...languages.map((l) => optionId(PAIR.languages, l)))

/** A mentee whose run found nobody (no published mentor speaks their language): on the waitlist. */
const waitingMentee = async (name: string, language: string): Promise<Person> => {
  const mentee = await h.readyMentee(name, aMenteeAnswers(speaking(language)))
  expect((await h.startMatching(mentee)).body.isSuccess).toBe(true)
  expect((await h.proposals(mentee)).menteeProposal).toEqual([])
  h.clock.advance(MINUTE)
  return mentee
}

const overview = async (query = 'language=en') => {
  const reply = await h.call<WaitlistOverviewView>(h.admin, 'GET', `/api/Admin/GetWaitlistOverview?${query}`)
  expect(reply.status).toBe(200)
  return reply.body.value
}
const gapOf = (view: WaitlistOverviewView, pair: number, option: string) =>
  view.supplyGaps.find((g) => g.questionPairId === pair && g.optionId === optionId(pair, option))?.mentees ?? null
const fewer = { _tag: 'FewerThan', limit: 5 }

describe('the waitlist overview', () => {
  it('counts the waiting, their waiting time and the languages no available mentor speaks, hiding small groups', async () => {
    await h.publishedMentor('Max', aMentorAnswers(speaking('German')))
    const french: Person[] = []
    for (let i = 0; i < 6; i++) french.push(await waitingMentee(`French${i}`, 'French'))
    h.clock.advance(10 * DAY)

    const six = await overview('language=de')
    expect(six.waiting).toEqual({ _tag: 'Count', value: 6 })
    expect(six.medianDaysWaiting).toEqual({ _tag: 'Value', value: 10 })
    expect(six.byWaitingTime).toEqual([
      { fromDays: 0, count: fewer },
      { fromDays: 7, count: { _tag: 'Count', value: 6 } },
      { fromDays: 30, count: fewer },
    ])
    expect(six.availableMentors).toEqual(fewer) // one mentor
    const frenchGap = six.supplyGaps.find((g) => g.optionId === optionId(PAIR.languages, 'French'))
    expect(frenchGap).toEqual({
      questionPairId: PAIR.languages,
      question: 'In welchen Sprachen möchten Sie das Mentoring führen?',
      mustFit: true,
      optionId: optionId(PAIR.languages, 'French'),
      option: 'Französisch',
      mentees: 6,
    })
    // Max works in IT and finance; every waiting mentee also asked for consulting.
    expect(gapOf(six, PAIR.industries, 'Consulting')).toBe(6)
    // German is spoken by Max: never a gap.
    expect(gapOf(six, PAIR.languages, 'German')).toBeNull()

    // Two Arabic speakers: 8 wait; "6 of 8 chose French" would tell that 2 did not.
    for (let i = 0; i < 2; i++) await waitingMentee(`Arabic${i}`, 'Arabic')
    const eight = await overview()
    expect(eight.waiting).toEqual({ _tag: 'Count', value: 8 })
    expect(gapOf(eight, PAIR.languages, 'French')).toBeNull()
    expect(gapOf(eight, PAIR.languages, 'Arabic')).toBeNull()
    expect(gapOf(eight, PAIR.industries, 'Consulting')).toBe(8)
    expect(eight.byWaitingTime).toBeNull() // 2 wait under a week, 6 longer

    for (let i = 2; i < 5; i++) await waitingMentee(`Arabic${i}`, 'Arabic')
    const eleven = await overview()
    expect(eleven.waiting).toEqual({ _tag: 'Count', value: 11 })
    expect(gapOf(eleven, PAIR.languages, 'French')).toBe(6)
    expect(gapOf(eleven, PAIR.languages, 'Arabic')).toBe(5)
    expect(eleven.supplyGaps[0]?.option).toBe('Consulting') // most asked first

    // A mentee who turned the waitlist off does not wait.
    const off = await h.call(french[0]!, 'POST', '/api/MatchingTandem/SetWaitlist', { email: french[0]!.email, enabled: false })
    expect(off.status).toBe(200)
    const ten = await overview()
    expect(ten.waiting).toEqual({ _tag: 'Count', value: 10 })
    expect(gapOf(ten, PAIR.languages, 'French')).toBe(5)
  })

  it('lists who waits by name, the longest waiting first, even where the counts are a small group', async () => {
    await h.publishedMentor('Max', aMentorAnswers(speaking('German')))
    const first = await waitingMentee('Fiona', 'French')
    h.clock.advance(DAY)
    const second = await waitingMentee('Adam', 'Arabic')
    const view = await overview()
    expect(view.waiting).toEqual(fewer)
    expect(view.mentees.map((m) => [m.firstName, m.lastName, m.email])).toEqual(
      [first, second].map((p) => [p.firstName, p.lastName, p.email]),
    )
    expect(Date.parse(view.mentees[1]!.waitingSince) - Date.parse(view.mentees[0]!.waitingSince)).toBe(DAY + MINUTE)
    // Turning the waitlist off takes the name off the list.
    const off = await h.call(first, 'POST', '/api/MatchingTandem/SetWaitlist', { email: first.email, enabled: false })
    expect(off.status).toBe(200)
    expect((await overview()).mentees.map((m) => m.email)).toEqual([second.email])
    // Each look at the names is in the audit trail, about the people it named (docs/privacy.md).
    const listed = async (p: Person) =>
      (await h.server.ctx.audit.auditRecordsAbout(await h.idOf(p))).filter((r) => r.action === 'waitlist.list').length
    expect([await listed(first), await listed(second)]).toEqual([1, 2])
  })

  it('narrows to one program year, and is for administrators only', async () => {
    await h.publishedMentor('Max', aMentorAnswers(speaking('German')))
    const mia = await waitingMentee('Mia', 'French')
    const created = await h.call<{ clusterId: number }>(h.admin, 'POST', '/api/Admin/CreateCluster?yearText=2027%20Autumn')
    expect(created.status).toBe(200)
    const empty = await overview(`clusterId=${created.body.value.clusterId}`)
    expect(empty).toEqual({
      waiting: fewer,
      medianDaysWaiting: { _tag: 'Hidden', limit: 5 },
      byWaitingTime: null,
      availableMentors: fewer,
      mentees: [],
      supplyGaps: [],
    })
    expect((await overview()).mentees.map((m) => m.email)).toEqual([mia.email])

    expect((await h.call(mia, 'GET', '/api/Admin/GetWaitlistOverview')).status).toBe(403)
    const bad = await h.call(h.admin, 'GET', '/api/Admin/GetWaitlistOverview?clusterId=abc')
    expect(bad.status).toBe(400)
    expect(bad.body.isFailure).toBe(true)
  })
})
