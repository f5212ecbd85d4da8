// The team's timeline through the HTTP API (docs/mentorship.md#the-timeline-view), on SQLite and on
// PostgreSQL with the clock moved: the administrators' view with both sides' times, answers and
// notes, what comes next and how the team ended, audited; the participant's view with their own
// side only (never the partner's answer or note); strangers and participants refused.
import { DAY } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

const sweepAt = async (matchedAt: number, days: number) => {
  h.clock.set(matchedAt + days * DAY + 60 * 60 * 1000)
  await h.server.sweepCheckIns()
}
const iso = (instant: number) => new Date(instant).toISOString()
const at = (matchedAt: number, days: number) => iso(matchedAt + days * DAY + 60 * 60 * 1000)

type Side = { role: string; state: string; askedAt: string | null; remindedAt: string | null; answeredAt: string | null; answer: unknown }
type View = {
  matchingTandemId: number
  matchedAt: string
  questions: { occasion: { kind: string; round?: number }; dueAt: string | null; sides: Side[] }[]
  next: { occasion: { kind: string; round?: number }; dueAt: string } | null
  ended: { at: string; by: string; reasonId: string | null } | null
}
const adminView = async (tandemId: number) =>
  (await h.call<View | null>(h.admin, 'GET', `/api/Admin/GetTeamTimeline?tandemId=${tandemId}`)).body.value
const mine = (p: Person) =>
  h.call<(View & { role: string })[]>(p, 'GET', `/api/Mentorship/GetMyTimelines?email=${encodeURIComponent(p.email)}`)
const answerOwn = (p: Person, tandemId: number, occasion: unknown, answer: unknown) =>
  h.call(p, 'POST', '/api/Mentorship/AnswerCheckIn', { email: p.email, matchingTandemId: tandemId, occasion, answer })

describe('the timeline view', () => {
  it('administrators see both sides with times, answers and notes, the next question and the end; each read audited', async () => {
    const { mentor, mentee, tandemId, matchedAt } = await h.matchedTeam()
    // Before day 14: nothing asked yet, the met question next.
    let view = await adminView(tandemId)
    expect(view).toMatchObject({ matchingTandemId: tandemId, matchedAt: iso(matchedAt), questions: [], ended: null })
    expect(view?.next).toEqual({ occasion: { kind: 'Met' }, dueAt: iso(matchedAt + 14 * DAY) })

    await sweepAt(matchedAt, 14)
    expect((await answerOwn(mentee, tandemId, { kind: 'Met' }, { kind: 'Met', met: 'Yes' })).body.isSuccess).toBe(true)
    await sweepAt(matchedAt, 19)
    await sweepAt(matchedAt, 30)
    expect(
      (await answerOwn(mentor, tandemId, { kind: 'Pulse', round: 0 }, { kind: 'Pulse', score: 2, note: 'Mentor secret' })).body.isSuccess,
    ).toBe(true)
    view = await adminView(tandemId)
    expect(view?.questions.map((q) => [q.occasion, q.sides.map((s) => [s.role, s.state, s.askedAt, s.remindedAt, s.answer])])).toEqual([
      [
        { kind: 'Met' },
        [
          ['Mentee', 'Answered', at(matchedAt, 14), null, { kind: 'Met', met: 'Yes' }],
          ['Mentor', 'Superseded', at(matchedAt, 14), at(matchedAt, 19), null],
        ],
      ],
      [
        { kind: 'Pulse', round: 0 },
        [
          ['Mentee', 'Asked', at(matchedAt, 30), null, null],
          ['Mentor', 'Answered', at(matchedAt, 30), null, { kind: 'Pulse', score: 2, note: 'Mentor secret' }],
        ],
      ],
    ])
    expect(view?.next).toEqual({ occasion: { kind: 'Pulse', round: 1 }, dueAt: iso(matchedAt + 90 * DAY) })

    // The mentee ends the team: who, when and the reason; nothing next; the closing survey listed.
    const ended = await h.call(mentee, 'POST', '/api/MatchingTandem/EndMatchingTandem', {
      email: mentee.email,
      matchingTandemId: tandemId,
      reasonId: 'no-time',
      otherText: null,
      doNotPairAgain: false,
      pauseMatching: false,
    })
    expect(ended.body.isSuccess).toBe(true)
    view = await adminView(tandemId)
    expect(view?.ended).toEqual({ at: at(matchedAt, 30), by: 'Mentee', reasonId: 'no-time' })
    expect(view?.next).toBeNull()
    expect(view?.questions.at(-1)?.sides.map((s) => [s.role, s.state])).toEqual([
      ['Mentee', 'Asked'],
      ['Mentor', 'Asked'],
    ])

    // Each read is recorded, naming both sides and the team.
    const page = await h.server.ctx.audit.list({ action: 'team-timeline.read' }, 0, 10)
    expect(page.total).toBe(3)
    const ids = [(await h.server.ctx.users.byEmail(mentee.email))?.id, (await h.server.ctx.users.byEmail(mentor.email))?.id]
    expect(page.records[0]).toMatchObject({ objectId: tandemId })
    expect([...(page.records[0]?.subjectIds ?? [])].sort()).toEqual([...ids].sort())
  })

  it("a participant sees their own answers only, never the partner's answer or note, and the next date", async () => {
    const { mentor, mentee, tandemId, matchedAt } = await h.matchedTeam()
    await sweepAt(matchedAt, 30)
    const pulse = { kind: 'Pulse', round: 0 }
    expect((await answerOwn(mentee, tandemId, pulse, { kind: 'Pulse', score: 5, note: 'Mentee private words' })).body.isSuccess).toBe(true)
    expect((await answerOwn(mentor, tandemId, pulse, { kind: 'Pulse', score: 1, note: 'Mentor private words' })).body.isSuccess).toBe(true)

    const menteeCall = await mine(mentee)
    expect(menteeCall.status).toBe(200)
    const [own] = menteeCall.body.value
    expect(own?.role).toBe('Mentee')
    expect(own?.questions.map((q) => [q.occasion.kind, q.sides.map((s) => [s.role, s.state, s.answer])])).toEqual([
      ['Met', [['Mentee', 'Dropped', null]]],
      ['Pulse', [['Mentee', 'Answered', { kind: 'Pulse', score: 5, note: 'Mentee private words' }]]],
    ])
    expect(own?.next).toEqual({ occasion: { kind: 'Pulse', round: 1 }, dueAt: iso(matchedAt + 90 * DAY) })
    // The whole answer, not only the list above, never carries the partner's rows.
    expect(JSON.stringify(menteeCall.body)).not.toContain('Mentor private words')
    expect(JSON.stringify(menteeCall.body)).not.toContain('"Mentor"')
    const mentorCall = await mine(mentor)
    expect(JSON.stringify(mentorCall.body)).toContain('Mentor private words')
    expect(JSON.stringify(mentorCall.body)).not.toContain('Mentee private words')
  })

  it('only the side who ended the team learns why: the partner sees when and by whom, in the timeline and in the data download', async () => {
    const { mentor, mentee, tandemId, matchedAt } = await h.matchedTeam()
    h.clock.set(matchedAt + 20 * DAY)
    const ended = await h.call(mentor, 'POST', '/api/MatchingTandem/EndMatchingTandem', {
      email: mentor.email,
      matchingTandemId: tandemId,
      reasonId: 'not-a-good-fit',
      otherText: null,
      doNotPairAgain: false,
      pauseMatching: false,
    })
    expect(ended.body.isSuccess).toBe(true)
    const endedAt = iso(matchedAt + 20 * DAY)
    expect((await mine(mentor)).body.value.map((v) => v.ended)).toEqual([{ at: endedAt, by: 'Mentor', reasonId: 'not-a-good-fit' }])
    const partner = await mine(mentee)
    expect(partner.body.value.map((v) => v.ended)).toEqual([{ at: endedAt, by: 'Mentor', reasonId: null }])
    expect(JSON.stringify(partner.body)).not.toContain('not-a-good-fit')
    expect(await h.downloadedDataText(mentee)).not.toContain('not-a-good-fit')
    expect(await h.downloadedDataText(mentor)).toContain('not-a-good-fit')
    // Administrators still read the reason.
    expect((await adminView(tandemId))?.ended).toEqual({ at: endedAt, by: 'Mentor', reasonId: 'not-a-good-fit' })
  })

  it('a team ended by an administrator shows neither participant the reason', async () => {
    const { mentor, mentee, tandemId } = await h.matchedTeam()
    const team = await h.call<{ version: number }>(h.admin, 'POST', `/api/Admin/GetMatchingTandemById?matchingTandemId=${tandemId}`)
    const ended = await h.call(h.admin, 'POST', '/api/Admin/EndMatchingTandem', {
      matchingTandemId: tandemId,
      version: team.body.value.version,
      reasonId: 'no-contact',
      otherText: null,
      doNotPairAgain: false,
      pauseMentor: false,
    })
    expect(ended.body.isSuccess).toBe(true)
    for (const p of [mentee, mentor]) {
      const own = await mine(p)
      expect(own.body.value.map((v) => [v.ended?.by, v.ended?.reasonId])).toEqual([['Admin', null]])
      expect(JSON.stringify(own.body)).not.toContain('no-contact')
    }
  })

  it("refuses participants and strangers the administrators' view, and another person's timelines", async () => {
    const { mentee, tandemId } = await h.matchedTeam()
    const stranger = await h.readyMentee('Lea')
    expect((await h.call(mentee, 'GET', `/api/Admin/GetTeamTimeline?tandemId=${tandemId}`)).status).toBe(403)
    expect((await h.call(stranger, 'GET', `/api/Admin/GetTeamTimeline?tandemId=${tandemId}`)).status).toBe(403)
    expect((await h.call(null, 'GET', `/api/Admin/GetTeamTimeline?tandemId=${tandemId}`)).status).toBe(401)
    expect((await h.call(stranger, 'GET', `/api/Mentorship/GetMyTimelines?email=${encodeURIComponent(mentee.email)}`)).status).toBe(403)
    expect((await mine(stranger)).body.value).toEqual([])
    const unknown = await h.call(h.admin, 'GET', '/api/Admin/GetTeamTimeline?tandemId=99999')
    expect([unknown.status, unknown.body['errorCode']]).toEqual([404, 'NotFound'])
    expect((await h.call(h.admin, 'GET', '/api/Admin/GetTeamTimeline?tandemId=abc')).status).toBe(400)
    // Refused reads are not recorded.
    expect((await h.server.ctx.audit.list({ action: 'team-timeline.read' }, 0, 10)).total).toBe(0)
  })
})
