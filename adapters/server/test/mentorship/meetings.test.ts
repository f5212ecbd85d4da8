// Meetings through the HTTP API, on SQLite and on PostgreSQL (docs/mentorship.md#meetings): a matched
// pair agrees on a time across a change of daylight saving time, moves it, is reminded once a day
// before (a second sweep sends nothing), answers that it took place and logs a session; every mail
// goes through a real SMTP peer and its calendar file is read back by ical.js against the stored
// meeting; the private feed answers text/calendar with caching headers and stops when renewed; every
// bad input answers its 4xx and changes nothing; an ended team can no longer propose.
import { get } from 'node:http'
import ICAL from 'ical.js'
import type { ParsedMail } from 'mailparser'
import { DAY, HOUR, MINUTE, meetingIdOf, tandemIdOf } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startTestSmtp, type TestSmtp } from '../../../mail/test/support/smtp.server.js'
import { startHarness, type Harness, type Person } from '../support/harness.js'
import { agreedMeeting, iso, meetingCall, myMeetings, oneTime, proposeMeeting, type Mine } from '../support/meetings.support.js'

let h: Harness
let smtp: TestSmtp
beforeEach(async () => {
  smtp = await startTestSmtp()
  h = await startHarness({ env: { SMTP_URL: smtp.url } })
})
afterEach(async () => {
  await h.close()
  await smtp.stop()
})

/** Berlin moves to summer time on 29 March 2026 at 01:00 UTC; the team matches on 2 March (winter time). */
const AFTER_CHANGE = Date.UTC(2026, 2, 29, 9, 0)
const BEFORE_CHANGE = Date.UTC(2026, 2, 28, 9, 0)

const post = <T = Mine>(p: Person, op: string, body: Record<string, unknown>) => meetingCall<T>(h, p, op, body)
const mine = (p: Person) => myMeetings(h, p)
/** Two times, one on each side of the change to summer time. */
const proposal = (tandemId: number, o: Record<string, unknown> = {}) =>
  oneTime(tandemId, AFTER_CHANGE, {
    slots: [
      { start: iso(AFTER_CHANGE), minutes: 60 },
      { start: iso(BEFORE_CHANGE), minutes: 90 },
    ],
    agenda: 'Career goals & next steps',
    ...o,
  })
/** What a refusal leaves: the stored meetings and the outbox, to compare before and after. */
const snapshot = async (tandemId: number) => ({
  meetings: await h.server.ctx.meetings.ofTandems([tandemIdOf(tandemId)]),
  sessions: await h.server.ctx.meetings.sessionsOf([tandemIdOf(tandemId)]),
  outbox: (await h.server.ctx.outbox.all()).length,
})
const mailTypes = async (since: number) => (await h.server.ctx.outbox.all()).slice(since).map((m) => [m.type, m.recipient.email])

type CalendarFile = { method: unknown; uid: string; sequence: number; start: string; end: string; status: unknown }
const calendarOf = (text: string): CalendarFile[] => {
  const calendar = ICAL.Component.fromString(text)
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz)
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v)
    return {
      method: calendar.getFirstPropertyValue('method'),
      uid: e.uid,
      sequence: e.sequence,
      start: e.startDate.toJSDate().toISOString(),
      end: e.endDate.toJSDate().toISOString(),
      status: v.getFirstPropertyValue('status'),
    }
  })
}
/** The status of a GET with If-None-Match, sent as a calendar program sends it. */
const statusOfConditional = (url: string, etag: string): Promise<number | undefined> =>
  new Promise((resolve, reject) => {
    get(url, { headers: { 'if-none-match': etag } }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode))
    }).on('error', reject)
  })

const calendarPart = (mail: ParsedMail): string | undefined =>
  mail.attachments.find((a) => a.contentType.startsWith('text/calendar'))?.content.toString('utf8')

describe('meetings of a matched pair', () => {
  it('propose, pick across the change to summer time, move, remind once, took place; mails carry files that match the stored meeting', async () => {
    const { mentor, mentee, tandemId } = await h.matchedTeam()
    // The mentor lives in New York; the mentee keeps the organisation's zone.
    expect((await post(mentor, 'SetTimeZone', { timeZone: 'America/New_York' })).status).toBe(200)
    const badZone = await post(mentor, 'SetTimeZone', { timeZone: 'Mars/Olympus' })
    expect([badZone.status, JSON.stringify(badZone.body.value)]).toEqual([400, expect.stringContaining('time-zone-unknown')])

    let mark = (await h.server.ctx.outbox.all()).length
    const proposed = await post(mentee, 'ProposeMeeting', proposal(tandemId))
    expect(proposed.status).toBe(200)
    const [team] = proposed.body.value.teams
    expect([team?.partnerTimeZone, proposed.body.value.timeZone]).toEqual(['America/New_York', 'Europe/Berlin'])
    const meeting = team?.meetings[0]
    if (meeting === undefined) throw new Error('no meeting proposed')
    expect([meeting.state, meeting.proposedByMe, meeting.mayAnswer, meeting.slots.map((s) => s.start)]).toEqual([
      'Proposed',
      true,
      false,
      [iso(BEFORE_CHANGE), iso(AFTER_CHANGE)],
    ])
    expect(await mailTypes(mark)).toEqual([
      ['MEETING_PROPOSED', mentee.email],
      ['MEETING_PROPOSED', mentor.email],
    ])
    const forMentor = (await mine(mentor)).teams[0]?.meetings[0]
    expect([forMentor?.proposedByMe, forMentor?.mayAnswer]).toEqual([false, true])

    // The proposer cannot pick their own slot; a start that was not offered is refused.
    const before = await snapshot(tandemId)
    const own = await post(mentee, 'PickSlot', { meetingId: meeting.meetingId, start: iso(AFTER_CHANGE) })
    expect([own.status, own.body['errorCode']]).toEqual([409, 'InvalidTransition'])
    const unknown = await post(mentor, 'PickSlot', { meetingId: meeting.meetingId, start: iso(AFTER_CHANGE + HOUR) })
    expect([unknown.status, JSON.stringify(unknown.body.value)]).toEqual([400, expect.stringContaining('meeting-slot-unknown')])
    expect(await snapshot(tandemId)).toEqual(before)

    // The mentor picks the slot after the change; a second pick is refused.
    mark = (await h.server.ctx.outbox.all()).length
    const picked = await post(mentor, 'PickSlot', { meetingId: meeting.meetingId, start: iso(AFTER_CHANGE) })
    expect(picked.status).toBe(200)
    expect(picked.body.value.teams[0]?.meetings[0]).toMatchObject({
      state: 'Confirmed',
      sequence: 1,
      slots: [{ start: iso(AFTER_CHANGE), minutes: 60 }],
    })
    const again = await post(mentor, 'PickSlot', { meetingId: meeting.meetingId, start: iso(AFTER_CHANGE) })
    expect([again.status, again.body['errorCode']]).toEqual([409, 'InvalidTransition'])
    expect(await mailTypes(mark)).toEqual([
      ['MEETING_CONFIRMED', mentee.email],
      ['MEETING_CONFIRMED', mentor.email],
    ])

    // The mentee moves it by half an hour: still confirmed, sequence 2.
    const movedStart = AFTER_CHANGE + 30 * MINUTE
    const moved = await post(mentee, 'MoveMeeting', {
      meetingId: meeting.meetingId,
      slots: [{ start: iso(movedStart), minutes: 45 }],
      note: 'A clash, sorry',
    })
    expect(moved.body.value.teams[0]?.meetings[0]).toMatchObject({ state: 'Confirmed', sequence: 2 })

    // Every mail arrives over SMTP; the files say what is stored.
    await h.server.deliverMail()
    const mails = await smtp.parsed()
    const files = mails.flatMap((m) => {
      const part = calendarPart(m)
      return part === undefined ? [] : [{ type: m.headers.get('x-tandem-notification'), to: m.to, events: calendarOf(part) }]
    })
    const uid = `tandem-meeting-${meeting.meetingId}@localhost`
    expect(files.map((f) => [f.type, f.events])).toEqual([
      ...[0, 1].map(() => [
        'MEETING_CONFIRMED',
        [{ method: 'REQUEST', uid, sequence: 1, start: iso(AFTER_CHANGE), end: iso(AFTER_CHANGE + HOUR), status: 'CONFIRMED' }],
      ]),
      ...[0, 1].map(() => [
        'MEETING_MOVED',
        [{ method: 'REQUEST', uid, sequence: 2, start: iso(movedStart), end: iso(movedStart + 45 * MINUTE), status: 'CONFIRMED' }],
      ]),
    ])
    // Each person reads the time in their own zone: 11:00 in Berlin (summer time), 05:00 in New York.
    const confirmedText = (to: string) =>
      mails.find((m) => m.headers.get('x-tandem-notification') === 'MEETING_CONFIRMED' && JSON.stringify(m.to).includes(to))?.text ?? ''
    expect(confirmedText(mentee.email)).toContain('11:00')
    expect(confirmedText(mentor.email)).toContain('05:00')

    // The reminder: a day before, once, whatever the number of sweeps.
    h.clock.set(movedStart - DAY - MINUTE)
    expect(await h.server.sweepMeetingReminders()).toBe(0)
    h.clock.set(movedStart - 23 * HOUR)
    mark = (await h.server.ctx.outbox.all()).length
    expect(await h.server.sweepMeetingReminders()).toBe(2)
    expect(await h.server.sweepMeetingReminders()).toBe(0)
    expect(await mailTypes(mark)).toEqual([
      ['MEETING_REMINDER', mentee.email],
      ['MEETING_REMINDER', mentor.email],
    ])

    // "Did it take place?" only after its end; the first answer counts and logs the session.
    const early = await post(mentor, 'AnswerTookPlace', { meetingId: meeting.meetingId, tookPlace: true })
    expect([early.status, early.body['errorCode']]).toEqual([409, 'MeetingNotOver'])
    h.clock.set(movedStart + HOUR)
    expect((await mine(mentee)).teams[0]?.meetings[0]?.mayAnswerTookPlace).toBe(true)
    const yes = await post(mentor, 'AnswerTookPlace', { meetingId: meeting.meetingId, tookPlace: true })
    expect(yes.body.value.teams[0]?.sessions).toEqual([
      { startedAt: iso(movedStart), minutes: 45, loggedBy: 'Mentor', fromMeeting: true, note: null },
    ])
    const second = await post(mentee, 'AnswerTookPlace', { meetingId: meeting.meetingId, tookPlace: false })
    expect([second.status, second.body['errorCode']]).toEqual([409, 'InvalidTransition'])
    expect((await mine(mentee)).teams[0]?.meetings[0]?.state).toBe('TookPlace')
  })

  it('refuses every bad proposal with its field and rule and changes nothing', async () => {
    const { mentee, tandemId } = await h.matchedTeam()
    const now = h.clock()
    const cases: [Record<string, unknown>, string][] = [
      [{ slots: [] }, 'meeting-slot-count'],
      [{ slots: [{ start: iso(now - HOUR), minutes: 60 }] }, 'meeting-slot-in-past'],
      [{ slots: [{ start: iso(now + 400 * DAY), minutes: 60 }] }, 'meeting-slot-too-far'],
      [{ slots: [{ start: iso(now + DAY), minutes: 10 }] }, 'meeting-slot-length'],
      [
        {
          slots: [
            { start: iso(now + DAY), minutes: 60 },
            { start: iso(now + DAY + 30 * MINUTE), minutes: 60 },
          ],
        },
        'meeting-slots-overlap',
      ],
      [{ link: 'javascript:alert(1)' }, 'meeting-link-http'],
      [{ link: 'https://x.org', place: 'Café' }, 'meeting-link-or-place'],
      [{ link: null, place: null }, 'meeting-link-or-place'],
      [{ agenda: '<script>alert(1)</script>' }, 'meeting-text-markup'],
      [{ link: null, place: '<img src=x onerror=alert(1)>' }, 'meeting-text-markup'],
    ]
    const before = await snapshot(tandemId)
    for (const [change, key] of cases) {
      const refused = await post(mentee, 'ProposeMeeting', proposal(tandemId, change))
      expect([refused.status, JSON.stringify(refused.body.value)], key).toEqual([400, expect.stringContaining(key)])
    }
    // Malformed: a start without its zone, a missing field.
    const malformed = await post(mentee, 'ProposeMeeting', proposal(tandemId, { slots: [{ start: '2026-03-10T10:00', minutes: 60 }] }))
    expect(malformed.status).toBe(400)
    expect(await snapshot(tandemId)).toEqual(before)
  })

  it('only the two people of a matched team may act; an ended team can no longer propose', async () => {
    const { mentor, mentee, tandemId } = await h.matchedTeam()
    const other = await h.matchedTeam('Bert', 'Ben')
    const before = await snapshot(tandemId)
    const stranger = await post(other.mentee, 'ProposeMeeting', proposal(tandemId))
    expect([stranger.status, stranger.body['errorCode']]).toEqual([403, 'NotTandemParticipant'])
    // Naming another person's address is refused at the door.
    const impostor = await h.call(other.mentee, 'POST', '/api/Meeting/ProposeMeeting', { email: mentee.email, ...proposal(tandemId) })
    expect(impostor.status).toBe(403)
    expect(await snapshot(tandemId)).toEqual(before)

    const meetingId = await proposeMeeting(h, mentee, proposal(tandemId))
    const foreign = await post(other.mentor, 'CancelMeeting', { meetingId, note: '' })
    expect([foreign.status, foreign.body['errorCode']]).toEqual([403, 'NotTandemParticipant'])
    const missing = await post(mentee, 'CancelMeeting', { meetingId: 999_999, note: '' })
    expect(missing.status).toBe(404)

    // The mentor asks for other times; the mentee then cancels; a cancelled meeting takes nothing more.
    expect((await post(mentor, 'AskOtherTimes', { meetingId, note: 'Evenings?' })).body.value.teams[0]?.meetings[0]?.state).toBe(
      'OtherTimesAsked',
    )
    expect((await post(mentee, 'CancelMeeting', { meetingId, note: 'Next month' })).body.value.teams[0]?.meetings[0]?.state).toBe(
      'Cancelled',
    )
    for (const [op, body] of [
      ['PickSlot', { meetingId, start: iso(AFTER_CHANGE) }],
      ['MoveMeeting', { meetingId, slots: [{ start: iso(AFTER_CHANGE), minutes: 30 }], note: '' }],
      ['AnswerTookPlace', { meetingId, tookPlace: true }],
      ['CancelMeeting', { meetingId, note: '' }],
    ] as const) {
      const refused = await post(mentor, op, body)
      expect([op, refused.status]).toEqual([op, 409])
    }

    // Ending the team closes its meetings to both.
    const ended = await h.call(mentee, 'POST', '/api/MatchingTandem/EndMatchingTandem', {
      email: mentee.email,
      matchingTandemId: tandemId,
      reasonId: 'goals-reached',
      otherText: null,
      doNotPairAgain: false,
      pauseMatching: false,
    })
    expect(ended.status).toBe(200)
    const late = await post(mentor, 'ProposeMeeting', proposal(tandemId))
    expect([late.status, late.body['errorCode']]).toEqual([409, 'TandemAlreadyClosed'])
    const log = await post(mentor, 'LogSession', { matchingTandemId: tandemId, startedAt: iso(h.clock() - DAY), minutes: 60, note: '' })
    expect(log.status).toBe(409)
  })

  it('limits proposals per team and day', async () => {
    const { mentor, mentee, tandemId } = await h.matchedTeam()
    for (let i = 0; i < 10; i++) {
      const who = i % 2 === 0 ? mentee : mentor
      const made = await post(who, 'ProposeMeeting', proposal(tandemId, { slots: [{ start: iso(AFTER_CHANGE + i * DAY), minutes: 30 }] }))
      expect(made.status).toBe(200)
    }
    const before = await snapshot(tandemId)
    const limited = await post(mentor, 'ProposeMeeting', proposal(tandemId))
    expect([limited.status, limited.body['errorCode']]).toEqual([429, 'MeetingProposalsLimited'])
    expect(await snapshot(tandemId)).toEqual(before)
    h.clock.advance(DAY + MINUTE)
    expect((await post(mentor, 'ProposeMeeting', proposal(tandemId))).status).toBe(200)
  })

  it('logs a session by hand: its note for its writer only, no session in the future', async () => {
    const { mentor, mentee, tandemId } = await h.matchedTeam()
    const future = await post(mentee, 'LogSession', { matchingTandemId: tandemId, startedAt: iso(h.clock() + HOUR), minutes: 60, note: '' })
    expect([future.status, JSON.stringify(future.body.value)]).toEqual([400, expect.stringContaining('session-in-future')])
    const at = h.clock() - 2 * DAY
    const logged = await post(mentee, 'LogSession', {
      matchingTandemId: tandemId,
      startedAt: iso(at),
      minutes: 50,
      note: 'We talked about CVs',
    })
    expect(logged.body.value.teams[0]?.sessions).toEqual([
      { startedAt: iso(at), minutes: 50, loggedBy: 'Mentee', fromMeeting: false, note: 'We talked about CVs' },
    ])
    expect((await mine(mentor)).teams[0]?.sessions).toEqual([
      { startedAt: iso(at), minutes: 50, loggedBy: 'Mentee', fromMeeting: false, note: null },
    ])
  })

  it('serves the private feed as text/calendar with caching headers; a renewed address cuts the old one off', async () => {
    const { mentor, mentee, tandemId } = await h.matchedTeam()
    const meetingId = await proposeMeeting(h, mentee, proposal(tandemId))
    await post(mentor, 'PickSlot', { meetingId, start: iso(BEFORE_CHANGE) })
    const first = await post<{ url: string }>(mentor, 'RenewCalendarFeed', {})
    const feedPath = (url: string) => {
      const u = new URL(url)
      return `${u.pathname}${u.search}`
    }
    const path = feedPath(first.body.value.url)
    const response = await fetch(`${h.base}${path}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('private, max-age=900')
    const etag = response.headers.get('etag')
    expect(etag).not.toBeNull()
    const stored = await h.server.ctx.meetings.byId(meetingIdOf(meetingId))
    const slot = stored?.slots[0]
    if (slot === undefined) throw new Error('no stored slot')
    expect(calendarOf(await response.text())).toEqual([
      {
        method: 'PUBLISH',
        uid: `tandem-meeting-${meetingId}@localhost`,
        sequence: stored?.sequence,
        start: iso(slot.start),
        end: iso(slot.start + slot.minutes * MINUTE),
        status: 'CONFIRMED',
      },
    ])
    // Unchanged: a calendar program's conditional request gets 304.
    // (node:http, as a calendar program asks: fetch adds "Cache-Control: no-cache" to a conditional request)
    expect(await statusOfConditional(`${h.base}${path}`, etag ?? '')).toBe(304)
    expect(await statusOfConditional(`${h.base}${path}`, '"another"')).toBe(200)

    const second = await post<{ url: string }>(mentor, 'RenewCalendarFeed', {})
    expect(second.body.value.url).not.toBe(first.body.value.url)
    expect((await fetch(`${h.base}${path}`)).status).toBe(404)
    expect((await fetch(`${h.base}${feedPath(second.body.value.url)}`)).status).toBe(200)
    // The other person's feed is theirs alone: the mentee has none yet.
    expect((await fetch(`${h.base}/api/Meeting/CalendarFeed?token=${'a'.repeat(43)}`)).status).toBe(404)
  })

  it('a logged session answers "have you met?" by itself: before day 14 no question is sent, after it the open ones are answered', async () => {
    const metAnswers = async (tandemId: number) =>
      ((await h.server.ctx.mentorship.timelineOf(tandemIdOf(tandemId)))?.checkIns ?? [])
        .filter((r) => r.occasion.kind === 'Met')
        .map((r) => [r.side, r.answer])
    const early = await h.matchedTeam()
    const late = await h.matchedTeam('Bert', 'Ben')
    // Day 3: the first team logs a session by hand.
    h.clock.set(early.matchedAt + 3 * DAY)
    expect(
      (
        await post(early.mentee, 'LogSession', {
          matchingTandemId: early.tandemId,
          startedAt: iso(h.clock() - HOUR),
          minutes: 60,
          note: '',
        })
      ).status,
    ).toBe(200)
    // Day 14: only the other team is asked.
    h.clock.set(early.matchedAt + 14 * DAY + HOUR)
    const mark = (await h.server.ctx.outbox.all()).length
    await h.server.sweepCheckIns()
    expect((await mailTypes(mark)).filter(([type]) => type === 'CHECK_IN_MET').map(([, to]) => to)).toEqual([
      late.mentee.email,
      late.mentor.email,
    ])
    expect(await metAnswers(early.tandemId)).toEqual([
      ['Mentee', { kind: 'Met', met: 'Yes' }],
      ['Mentor', { kind: 'Met', met: 'Yes' }],
    ])
    // The other team's open questions are answered by the "yes" to a meeting that took place.
    const meetingId = await agreedMeeting(h, { proposer: late.mentor, picker: late.mentee, tandemId: late.tandemId }, h.clock() + HOUR, {
      slots: [{ start: iso(h.clock() + HOUR), minutes: 30 }],
    })
    h.clock.advance(2 * HOUR)
    expect((await post(late.mentee, 'AnswerTookPlace', { meetingId, tookPlace: true })).status).toBe(200)
    expect(await metAnswers(late.tandemId)).toEqual([
      ['Mentee', { kind: 'Met', met: 'Yes' }],
      ['Mentor', { kind: 'Met', met: 'Yes' }],
    ])
  })

  it('administrators see sessions, the last session and the next meeting, never link, place or agenda; no session for 30 days asks for attention', async () => {
    const { mentor, mentee, tandemId, matchedAt } = await h.matchedTeam()
    const attention = async () =>
      (
        await h.call<{ matchingTandemId: number; reasons: { _tag: string }[] }[]>(h.admin, 'GET', '/api/Admin/GetTeamsNeedingAttention')
      ).body.value.flatMap((r) => (r.matchingTandemId === tandemId ? r.reasons.map((x) => x._tag) : []))
    const detail = async () =>
      (await h.call<Record<string, unknown>>(h.admin, 'POST', `/api/Admin/GetMatchingTandemById?matchingTandemId=${tandemId}`)).body.value
    h.clock.set(matchedAt + 29 * DAY)
    expect(await attention()).not.toContain('NoSessionFor30Days')
    h.clock.set(matchedAt + 30 * DAY + HOUR)
    expect(await attention()).toContain('NoSessionFor30Days')

    const sessionAt = h.clock() - DAY
    await post(mentee, 'LogSession', { matchingTandemId: tandemId, startedAt: iso(sessionAt), minutes: 60, note: 'private words' })
    expect(await attention()).not.toContain('NoSessionFor30Days')
    const nextAt = h.clock() + 3 * DAY
    await agreedMeeting(h, { proposer: mentor, picker: mentee, tandemId }, nextAt, {
      link: null,
      place: 'Secret Café',
      agenda: 'Secret agenda',
    })
    const shown = await detail()
    expect(shown['meetings']).toEqual({ sessions: 1, lastSessionAt: iso(sessionAt), nextMeetingAt: iso(nextAt) })
    expect(JSON.stringify(shown)).not.toMatch(/Secret|private words|meet\.example/)
    // A month later without another session the team is named again.
    h.clock.set(sessionAt + 30 * DAY)
    expect(await attention()).toContain('NoSessionFor30Days')
  })

  it('the data download holds the meetings and sessions (own notes only); erasure removes them, the partner keeps the count', async () => {
    const { mentor, mentee, tandemId } = await h.matchedTeam()
    await post(mentee, 'SetTimeZone', { timeZone: 'Asia/Kolkata' })
    await post(mentee, 'ProposeMeeting', proposal(tandemId, { agenda: 'Our agenda' }))
    await post(mentee, 'LogSession', { matchingTandemId: tandemId, startedAt: iso(h.clock() - DAY), minutes: 40, note: 'Mentee words' })
    await post(mentor, 'LogSession', { matchingTandemId: tandemId, startedAt: iso(h.clock() - 2 * DAY), minutes: 30, note: 'Mentor words' })
    const data = JSON.parse(await h.downloadedDataText(mentee)) as {
      account: { timeZone: string | null }
      tandems: {
        meetings: { agenda: string; proposedBy: string }[]
        sessions: { minutes: number; loggedBy: string; note: string | null }[]
      }[]
    }
    expect(data.account.timeZone).toBe('Asia/Kolkata')
    expect(data.tandems[0]?.meetings.map((m) => [m.agenda, m.proposedBy])).toEqual([['Our agenda', 'you']])
    expect(data.tandems[0]?.sessions).toEqual([
      { startedAt: iso(h.clock() - DAY), minutes: 40, loggedBy: 'you', note: 'Mentee words' },
      { startedAt: iso(h.clock() - 2 * DAY), minutes: 30, loggedBy: 'your partner', note: null },
    ])

    const deleted = await h.call(mentee, 'POST', '/api/Account/DeleteMyAccount', { email: mentee.email, confirmEmail: mentee.email })
    expect(deleted.status).toBe(200)
    const id = tandemIdOf(tandemId)
    expect(await h.server.ctx.meetings.ofTandems([id])).toEqual([])
    expect((await h.server.ctx.meetings.sessionsOf([id])).map((s) => [s.minutes, s.note])).toEqual([
      [40, null],
      [30, 'Mentor words'],
    ])
    expect((await h.server.ctx.meetings.figuresOf([id], h.clock())).get(id)?.sessions).toBe(2)
  })

  it("a team's end cancels its meetings not yet held: the agreed one with a CANCEL file to the people still there", async () => {
    const { mentor, mentee, tandemId } = await h.matchedTeam()
    const agreedAt = h.clock() + 2 * DAY
    const agreedId = await agreedMeeting(h, { proposer: mentee, picker: mentor, tandemId }, agreedAt)
    await post(mentor, 'ProposeMeeting', proposal(tandemId))
    // Rows are compared by id: the erasure removes the leaving person's rows, so counting would not do.
    const last = Math.max(0, ...(await h.server.ctx.outbox.all()).map((m) => m.id))
    const deleted = await h.call(mentor, 'POST', '/api/Account/DeleteMyAccount', { email: mentor.email, confirmEmail: mentor.email })
    expect(deleted.status).toBe(200)
    // Only the mentee is told; the leaving mentor gets nothing, and the unanswered proposal goes quietly.
    const written = (await h.server.ctx.outbox.all()).filter((m) => m.id > last && m.type.startsWith('MEETING_'))
    expect(written.map((m) => [m.type, m.recipient.email])).toEqual([['MEETING_CANCELLED', mentee.email]])
    await h.server.deliverMail()
    const cancelled = (await smtp.parsed()).find((m) => m.headers.get('x-tandem-notification') === 'MEETING_CANCELLED')
    const file = cancelled === undefined ? undefined : calendarPart(cancelled)
    if (file === undefined) throw new Error('no cancellation file')
    expect(calendarOf(file)).toEqual([
      {
        method: 'CANCEL',
        uid: `tandem-meeting-${agreedId}@localhost`,
        sequence: 2,
        start: iso(agreedAt),
        end: iso(agreedAt + HOUR),
        status: 'CANCELLED',
      },
    ])
    expect(cancelled?.text).toContain('has ended')
  })
})
