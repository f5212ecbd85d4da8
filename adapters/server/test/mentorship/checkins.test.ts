// The check-in timeline through the HTTP API (docs/mentorship.md#check-ins), on SQLite and on
// PostgreSQL: the clock moved past day 14, 19, 30, 35, 90 and the team's end sends exactly the
// expected mails once each (a second sweep at the same time sends nothing); answers from the
// dashboard and from a mail's one-time link are recorded; every bad input is refused with its code
// and changes nothing; the administrators' attention list names the team and why.
import { DAY, tandemIdOf } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness, type Person } from '../support/harness.js'

let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(async () => {
  await h.close()
})

type Mail = { readonly id: number; readonly type: string; readonly to: string; readonly link: string | undefined }
const mails = async (): Promise<Mail[]> =>
  (await h.server.ctx.outbox.all()).map((m) => ({
    id: m.id,
    type: m.type,
    to: m.recipient.email,
    link: (m.data as { link?: string } | null)?.link,
  }))
const newMails = async (since: number) => (await mails()).slice(since).map((m) => ({ type: m.type, to: m.to }))
/** The mails written after the newest of `since` (an erasure removes rows, so counting would not do). */
const mailsAfter = async (since: readonly Mail[]) => {
  const last = Math.max(0, ...since.map((m) => m.id))
  return (await mails()).filter((m) => m.id > last).map((m) => ({ type: m.type, to: m.to }))
}
/** Rows of one instant have no order of their own: by occasion kind (Closing before Pulse). */
const byKind = (a: readonly unknown[], b: readonly unknown[]) => String(a[1]).localeCompare(String(b[1]))
const mailsTo = async (email: string) => (await mails()).filter((m) => m.to === email)
const tokenOf = (mail: Mail | undefined): string => {
  const token = mail?.link === undefined ? null : new URL(mail.link).searchParams.get('token')
  if (token === null) throw new Error('expected a check-in link')
  return token
}

/** Moves the clock to `days` after the match (and an hour) and runs the sweep twice: the second sends nothing. */
const sweepAt = async (matchedAt: number, days: number) => {
  h.clock.set(matchedAt + days * DAY + 60 * 60 * 1000)
  const first = await h.server.sweepCheckIns()
  expect(await h.server.sweepCheckIns()).toBe(0)
  return first
}

type OpenView = { matchingTandemId: number; role: string; occasion: { kind: string; round?: number } }
const openOf = async (p: Person) =>
  (await h.call<OpenView[]>(p, 'GET', `/api/Mentorship/GetOpenCheckIns?email=${encodeURIComponent(p.email)}`)).body.value
const answerOwn = (p: Person, tandemId: number, occasion: unknown, answer: unknown) =>
  h.call(p, 'POST', '/api/Mentorship/AnswerCheckIn', { email: p.email, matchingTandemId: tandemId, occasion, answer })
const answerByLink = (token: string, answer: unknown) => h.call(null, 'POST', '/api/Mentorship/AnswerCheckInByLink', { token, answer })
const storedAnswers = async (tandemId: number) =>
  ((await h.server.ctx.mentorship.timelineOf(tandemIdOf(tandemId)))?.checkIns ?? []).map((r) => [r.side, r.occasion, r.answer])

describe('the check-in timeline of a matched team', () => {
  it('day 14, 19, 30, 35, 90 and the end: exactly the expected mails once each, answers recorded', async () => {
    const { mentor, mentee, tandemId, matchedAt } = await h.matchedTeam()
    // Before day 14 nothing is due.
    let mark = (await mails()).length
    expect(await sweepAt(matchedAt, 13)).toBe(0)

    // Day 14: "have you met?" to both, each with a one-time link.
    expect(await sweepAt(matchedAt, 14)).toBe(2)
    expect(await newMails(mark)).toEqual([
      { type: 'CHECK_IN_MET', to: mentee.email },
      { type: 'CHECK_IN_MET', to: mentor.email },
    ])
    const metLinks = (await mails()).slice(mark)
    const mentorMetToken = tokenOf(metLinks[1])

    // The mentee answers on the dashboard; the question leaves it; a second answer is refused.
    expect((await openOf(mentee)).map((o) => [o.matchingTandemId, o.role, o.occasion.kind])).toEqual([[tandemId, 'Mentee', 'Met']])
    expect((await answerOwn(mentee, tandemId, { kind: 'Met' }, { kind: 'Met', met: 'Yes' })).body.isSuccess).toBe(true)
    expect(await openOf(mentee)).toEqual([])
    const again = await answerOwn(mentee, tandemId, { kind: 'Met' }, { kind: 'Met', met: 'NotYet' })
    expect([again.status, again.body['errorCode']]).toEqual([409, 'CheckInNotOpen'])

    // Day 19: the one reminder, to the mentor who has not answered.
    mark = (await mails()).length
    expect(await sweepAt(matchedAt, 19)).toBe(1)
    expect(await newMails(mark)).toEqual([{ type: 'CHECK_IN_REMINDER', to: mentor.email }])

    // The mentor's mail link: the page's GET shows the question and answers nothing.
    const page = await h.call<{ role: string; open: boolean; closedBecause: string | null }>(
      null,
      'GET',
      `/api/Mentorship/GetCheckInByLink?token=${mentorMetToken}`,
    )
    expect([page.status, page.body.value.role, page.body.value.open, page.body.value.closedBecause]).toEqual([200, 'Mentor', true, null])
    expect((await openOf(mentor)).map((o) => o.occasion.kind)).toEqual(['Met'])
    // The click answers; the same link used twice is refused.
    expect((await answerByLink(mentorMetToken, { kind: 'Met', met: 'CannotReach' })).body.isSuccess).toBe(true)
    // The page opened again says why the question is gone: the link is used.
    const reopened = await h.call<{ open: boolean; closedBecause: string | null }>(
      null,
      'GET',
      `/api/Mentorship/GetCheckInByLink?token=${mentorMetToken}`,
    )
    expect([reopened.body.value.open, reopened.body.value.closedBecause]).toEqual([false, 'CheckInLinkUsed'])
    const twice = await answerByLink(mentorMetToken, { kind: 'Met', met: 'Yes' })
    expect([twice.status, twice.body['errorCode']]).toEqual([409, 'CheckInLinkUsed'])
    expect(await storedAnswers(tandemId)).toEqual([
      ['Mentee', { kind: 'Met' }, { kind: 'Met', met: 'Yes' }],
      ['Mentor', { kind: 'Met' }, { kind: 'Met', met: 'CannotReach' }],
    ])
    // Nothing more before day 30.
    expect(await sweepAt(matchedAt, 25)).toBe(0)

    // Day 30: the first pulse to both.
    mark = (await mails()).length
    expect(await sweepAt(matchedAt, 30)).toBe(2)
    expect(await newMails(mark)).toEqual([
      { type: 'CHECK_IN_PULSE', to: mentee.email },
      { type: 'CHECK_IN_PULSE', to: mentor.email },
    ])
    const pulseTokens = (await mails()).slice(mark).map(tokenOf)
    expect(
      (await answerOwn(mentee, tandemId, { kind: 'Pulse', round: 0 }, { kind: 'Pulse', score: 2, note: 'Slow start.' })).body.isSuccess,
    ).toBe(true)

    // The administrators' list names the team: the mentee's pulse is 2, the mentor cannot reach the mentee,
    // and no session was logged in the 30 days since the match (docs/mentorship.md#meetings).
    const attention = await h.call<{ matchingTandemId: number; reasons: { _tag: string }[] }[]>(
      h.admin,
      'GET',
      '/api/Admin/GetTeamsNeedingAttention',
    )
    expect(attention.body.value.map((r) => [r.matchingTandemId, r.reasons.map((x) => x._tag)])).toEqual([
      [tandemId, ['LowPulse', 'CannotReachPartner', 'NoSessionFor30Days']],
    ])
    // A participant may not read it.
    expect((await h.call(mentee, 'GET', '/api/Admin/GetTeamsNeedingAttention')).status).toBe(403)

    // Day 35: the pulse's reminder to the mentor only.
    mark = (await mails()).length
    expect(await sweepAt(matchedAt, 35)).toBe(1)
    expect(await newMails(mark)).toEqual([{ type: 'CHECK_IN_REMINDER', to: mentor.email }])

    // Day 90: the second pulse; the first pulse's link has expired with it.
    mark = (await mails()).length
    expect(await sweepAt(matchedAt, 90)).toBe(2)
    expect(await newMails(mark)).toEqual([
      { type: 'CHECK_IN_PULSE', to: mentee.email },
      { type: 'CHECK_IN_PULSE', to: mentor.email },
    ])
    const expired = await answerByLink(pulseTokens[1] ?? '', { kind: 'Pulse', score: 4, note: null })
    expect([expired.status, expired.body['errorCode']]).toEqual([410, 'CheckInLinkExpired'])

    // The team ends: the other side is told and both get the closing survey at once, once.
    mark = (await mails()).length
    const ended = await h.call(mentee, 'POST', '/api/MatchingTandem/EndMatchingTandem', {
      email: mentee.email,
      matchingTandemId: tandemId,
      reasonId: 'no-time',
      otherText: null,
      doNotPairAgain: false,
      pauseMatching: false,
    })
    expect(ended.body.isSuccess).toBe(true)
    expect(await newMails(mark)).toEqual([
      { type: 'TANDEM_ENDED', to: mentor.email },
      { type: 'CHECK_IN_CLOSING', to: mentee.email },
      { type: 'CHECK_IN_CLOSING', to: mentor.email },
    ])
    const closingToken = tokenOf((await mails()).find((m) => m.type === 'CHECK_IN_CLOSING' && m.to === mentee.email))
    mark = (await mails()).length
    expect(await sweepAt(matchedAt, 91)).toBe(0)
    expect(await openOf(mentee)).toEqual([expect.objectContaining({ occasion: { kind: 'Closing' } })])
    const closing = { kind: 'Closing', satisfaction: 4, wouldRecommend: true, goalsReached: 'Some', note: null }
    expect((await answerByLink(closingToken, closing)).body.isSuccess).toBe(true)
    // Five days on, only the mentor is reminded of the closing survey; then nothing more, ever.
    expect(await sweepAt(matchedAt, 97)).toBe(1)
    expect(await newMails(mark)).toEqual([{ type: 'CHECK_IN_REMINDER', to: mentor.email }])
    expect(await sweepAt(matchedAt, 400)).toBe(0)
    // Each of them sees the check-in mails in their notification history.
    const mentorId = await h.idOf(mentor)
    expect((await h.server.ctx.outbox.historyOf(mentorId)).map((m) => m.type)).toEqual(
      expect.arrayContaining(['CHECK_IN_MET', 'CHECK_IN_PULSE', 'CHECK_IN_CLOSING', 'CHECK_IN_REMINDER']),
    )
  })

  it('refuses bad answers with their code and changes nothing', async () => {
    const { mentor, mentee, tandemId, matchedAt } = await h.matchedTeam()
    await sweepAt(matchedAt, 30)
    const pulse = { kind: 'Pulse', round: 0 }
    const before = await storedAnswers(tandemId)
    const outOfRange = await answerOwn(mentee, tandemId, pulse, { kind: 'Pulse', score: 6, note: null })
    expect([outOfRange.status, outOfRange.body['errorCode']]).toEqual([400, 'ValidationFailed'])
    expect(JSON.stringify(outOfRange.body)).toContain('score')
    const zero = await answerOwn(mentee, tandemId, pulse, { kind: 'Pulse', score: 0, note: null })
    expect(zero.status).toBe(400)
    const long = await answerOwn(mentee, tandemId, pulse, { kind: 'Pulse', score: 3, note: 'x'.repeat(1001) })
    expect([long.status, long.body['errorCode']]).toEqual([400, 'ValidationFailed'])
    expect(JSON.stringify(long.body)).toContain('max-characters-exceeded-error')
    // A note of exactly 1000 characters is fine (for the mentor, so the mentee's question stays open).
    // Someone else's team.
    const stranger = await h.readyMentee('Lea')
    const foreign = await answerOwn(stranger, tandemId, pulse, { kind: 'Pulse', score: 3, note: null })
    expect([foreign.status, foreign.body['errorCode']]).toEqual([403, 'NotTandemParticipant'])
    // A question that is not open (the met question was never asked: the team was swept first at day 30).
    const notAsked = await answerOwn(mentee, tandemId, { kind: 'Met' }, { kind: 'Met', met: 'Yes' })
    expect([notAsked.status, notAsked.body['errorCode']]).toEqual([409, 'CheckInNotOpen'])
    // An unknown link, and a malformed one.
    const unknown = await answerByLink('a'.repeat(43), { kind: 'Pulse', score: 3, note: null })
    expect([unknown.status, unknown.body['errorCode']]).toEqual([404, 'NotFound'])
    expect((await answerByLink('short', { kind: 'Pulse', score: 3, note: null })).status).toBe(400)
    expect(await storedAnswers(tandemId)).toEqual(before)
    expect((await openOf(mentee)).map((o) => o.occasion)).toEqual([pulse])
    expect((await answerOwn(mentor, tandemId, pulse, { kind: 'Pulse', score: 3, note: 'y'.repeat(1000) })).body.isSuccess).toBe(true)
  })

  it("the person's data download holds their own answers, never the partner's; erasure removes them and their links", async () => {
    const { mentor, mentee, tandemId, matchedAt } = await h.matchedTeam()
    await sweepAt(matchedAt, 30)
    const pulse = { kind: 'Pulse', round: 0 }
    expect((await answerOwn(mentee, tandemId, pulse, { kind: 'Pulse', score: 5, note: 'Mia: great.' })).body.isSuccess).toBe(true)
    expect((await answerOwn(mentor, tandemId, pulse, { kind: 'Pulse', score: 1, note: 'Anna: hard.' })).body.isSuccess).toBe(true)
    const checkInsIn = async (who: Person) => {
      const text = await h.downloadedDataText(who)
      const data = JSON.parse(text) as { tandems: { tandemId: number; checkIns: { answer: unknown }[] }[] }
      return { text, checkIns: data.tandems.find((x) => x.tandemId === tandemId)?.checkIns.map((c) => c.answer) }
    }
    const mine = await checkInsIn(mentee)
    expect(mine.checkIns).toEqual([{ kind: 'Pulse', score: 5, note: 'Mia: great.' }])
    expect(mine.text).not.toContain('Anna: hard.')
    const theirs = await checkInsIn(mentor)
    expect(theirs.checkIns).toEqual([{ kind: 'Pulse', score: 1, note: 'Anna: hard.' }])
    expect(theirs.text).not.toContain('Mia: great.')

    const before = await mails()
    const deleted = await h.call(
      h.admin,
      'GET',
      `/api/Account/DeleteUserFromIdp?emailId=${encodeURIComponent(mentee.email)}&deletefromDB=true`,
    )
    expect(deleted.status).toBe(200)
    // The team ended with the deletion: the mentor gets the closing survey, the erased mentee nothing.
    expect(await mailsAfter(before)).toEqual([{ type: 'CHECK_IN_CLOSING', to: mentor.email }])
    expect(await mailsTo(mentee.email)).toEqual([])
    const left = await h.server.ctx.mentorship.timelineOf(tandemIdOf(tandemId))
    expect(left?.ended?.by).toBe('Admin')
    expect(left?.checkIns.map((r) => [r.side, r.occasion.kind, r.answer]).sort(byKind)).toEqual([
      ['Mentor', 'Closing', null],
      ['Mentor', 'Pulse', { kind: 'Pulse', score: 1, note: 'Anna: hard.' }],
    ])
    // The team's outcome figures no longer count the erased mentee's pulse (a 5), only the mentor's 1.
    const db = h.server.db
    const figures = await db.first(
      db.kysely.selectFrom('mentorship_timelines').select(['pulse_1', 'pulse_5']).where('tandem_id', '=', tandemId),
    )
    expect({ pulse_1: Number(figures?.pulse_1), pulse_5: Number(figures?.pulse_5) }).toEqual({ pulse_1: 1, pulse_5: 0 })
    // Five days later the mentor, who did not answer, is reminded once; nothing is asked again of
    // the place the erased person leaves.
    const mark = (await mails()).length
    expect(await sweepAt(matchedAt, 36)).toBe(1)
    expect(await newMails(mark)).toEqual([{ type: 'CHECK_IN_REMINDER', to: mentor.email }])
    expect(await sweepAt(matchedAt, 200)).toBe(0)
    expect(await newMails(mark + 1)).toEqual([])
  })

  it('a person who deletes their own account ends the team: the partner is told and gets the closing survey at once, they nothing', async () => {
    const { mentor, mentee, tandemId, matchedAt } = await h.matchedTeam()
    await sweepAt(matchedAt, 30)
    expect(
      (await answerOwn(mentee, tandemId, { kind: 'Pulse', round: 0 }, { kind: 'Pulse', score: 2, note: 'Mia: meh.' })).body.isSuccess,
    ).toBe(true)
    const before = await mails()
    const deleted = await h.call(mentee, 'POST', '/api/Account/DeleteMyAccount', { email: mentee.email, confirmEmail: mentee.email })
    expect(deleted.status).toBe(200)
    expect(await mailsAfter(before)).toEqual([
      { type: 'PARTNER_LEFT', to: mentor.email },
      { type: 'CHECK_IN_CLOSING', to: mentor.email },
    ])
    expect(await mailsTo(mentee.email)).toEqual([])
    const left = await h.server.ctx.mentorship.timelineOf(tandemIdOf(tandemId))
    expect(left?.ended).not.toBeNull()
    expect(left?.checkIns.map((r) => [r.side, r.occasion.kind, r.answer]).sort(byKind)).toEqual([
      ['Mentor', 'Closing', null],
      ['Mentor', 'Pulse', null],
    ])
    expect(JSON.stringify(left)).not.toContain('Mia: meh.')
    // The partner answers the closing survey on the dashboard like after any end.
    expect((await openOf(mentor)).map((o) => o.occasion.kind)).toEqual(['Closing'])
    const closing = { kind: 'Closing', satisfaction: 3, wouldRecommend: true, goalsReached: 'Some', note: null }
    expect((await answerOwn(mentor, tandemId, { kind: 'Closing' }, closing)).body.isSuccess).toBe(true)
    // Answered: no reminder follows.
    const mark = (await mails()).length
    expect(await sweepAt(matchedAt, 40)).toBe(0)
    expect(await newMails(mark)).toEqual([])
  })

  it('a person who deletes their account after the team ended: the partner is still reminded of the closing survey once', async () => {
    const { mentor, mentee, tandemId, matchedAt } = await h.matchedTeam()
    h.clock.set(matchedAt + 20 * DAY)
    const ended = await h.call(mentor, 'POST', '/api/MatchingTandem/EndMatchingTandem', {
      email: mentor.email,
      matchingTandemId: tandemId,
      reasonId: 'no-time',
      otherText: null,
      doNotPairAgain: false,
      pauseMatching: false,
    })
    expect(ended.status).toBe(200)
    h.clock.set(matchedAt + 21 * DAY)
    const deleted = await h.call(mentor, 'POST', '/api/Account/DeleteMyAccount', { email: mentor.email, confirmEmail: mentor.email })
    expect(deleted.status).toBe(200)
    const mark = (await mails()).length
    expect(await sweepAt(matchedAt, 26)).toBe(1)
    expect(await newMails(mark)).toEqual([{ type: 'CHECK_IN_REMINDER', to: mentee.email }])
    expect(await sweepAt(matchedAt, 90)).toBe(0)
    expect(await mailsTo(mentor.email)).toEqual([])
  })

  it('the partner of a person who deleted their account is reminded of the closing survey once, 5 days later; the deleted side never', async () => {
    const { mentor, mentee, matchedAt } = await h.matchedTeam()
    await sweepAt(matchedAt, 20)
    h.clock.set(matchedAt + 21 * DAY)
    const before = await mails()
    const deleted = await h.call(mentor, 'POST', '/api/Account/DeleteMyAccount', { email: mentor.email, confirmEmail: mentor.email })
    expect(deleted.status).toBe(200)
    expect(await mailsAfter(before)).toEqual([
      { type: 'PARTNER_LEFT', to: mentee.email },
      { type: 'CHECK_IN_CLOSING', to: mentee.email },
    ])
    const mark = (await mails()).length
    // Four days on: not yet.
    expect(await sweepAt(matchedAt, 25)).toBe(0)
    // Five days after the closing survey: the one reminder, to the remaining side only.
    expect(await sweepAt(matchedAt, 26)).toBe(1)
    expect(await newMails(mark)).toEqual([{ type: 'CHECK_IN_REMINDER', to: mentee.email }])
    // Nothing more, ever.
    expect(await sweepAt(matchedAt, 90)).toBe(0)
    expect(await sweepAt(matchedAt, 400)).toBe(0)
    expect(await newMails(mark + 1)).toEqual([])
    expect(await mailsTo(mentor.email)).toEqual([])
  })
})
