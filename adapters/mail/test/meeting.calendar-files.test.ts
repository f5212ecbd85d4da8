// Meeting mails carry their calendar file through a real SMTP peer, and every file is read back by an
// independent parser (ical.js): the stable UID, the SEQUENCE of the change, METHOD REQUEST or CANCEL,
// and start and end in UTC equal to the stored slot, on both sides of a change of daylight saving
// time, with the zone's VTIMEZONE carried. A feed is one PUBLISH calendar of several events.
import ICAL from 'ical.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ParsedMail } from 'mailparser'
import { calendarFeedFile, meetingCalendarFile, smtpTransport, type CalendarEvent, type MailTransport } from '../src/index.js'
import { enqueue, manualClock, workerOver, type Clock } from './support/delivery.setup.js'
import { memoryOutbox, type MemoryOutbox } from './support/outbox.memory.js'
import { org, samples } from './support/samples.js'
import { startTestSmtp, type TestSmtp } from './support/smtp.server.js'

type Parsed = {
  method: string | null
  events: { uid: string; sequence: number; start: string; end: string; zone: string | null; status: string | null }[]
}

/** Reads a calendar text with ical.js, its time zones registered from its own VTIMEZONEs. */
const parse = (text: string): Parsed => {
  const calendar = ICAL.Component.fromString(text)
  for (const tz of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz)
  const method = calendar.getFirstPropertyValue('method')
  return {
    method: typeof method === 'string' ? method : null,
    events: calendar.getAllSubcomponents('vevent').map((v) => {
      const e = new ICAL.Event(v)
      const status = v.getFirstPropertyValue('status')
      return {
        uid: e.uid,
        sequence: e.sequence,
        start: e.startDate.toJSDate().toISOString(),
        end: e.endDate.toJSDate().toISOString(),
        zone: e.startDate.zone?.tzid ?? null,
        status: typeof status === 'string' ? status : null,
      }
    }),
  }
}

const event = (start: number, minutes: number, o: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: 'tandem-meeting-7@tandem.mentoring-mitte.example',
  sequence: 2,
  cancelled: false,
  start,
  minutes,
  timeZone: 'Europe/Berlin',
  summary: 'Tandem: meeting with Max Muster',
  description: 'Goals <b>& next steps</b>',
  link: 'https://meet.example.org/room-1',
  place: null,
  stamp: Date.UTC(2026, 2, 1),
  ...o,
})

describe('a meeting calendar file', () => {
  it('keeps start and end in UTC across the change to summer time and back, in the zone it was set in', () => {
    // Berlin: 29 March 2026 01:00 UTC to summer time (+2), 25 October 2026 01:00 UTC back (+1).
    for (const [start, minutes] of [
      [Date.UTC(2026, 2, 29, 0, 30), 60], // begins in winter time, ends in summer time
      [Date.UTC(2026, 2, 29, 9, 0), 90],
      [Date.UTC(2026, 9, 25, 0, 15), 120], // begins in the hour that repeats: written in UTC, which names one instant
      [Date.UTC(2026, 9, 24, 23, 0), 180], // spans the change back
      [Date.UTC(2026, 11, 1, 17, 0), 15],
    ] as const) {
      const file = parse(meetingCalendarFile(org, 'REQUEST', event(start, minutes)))
      expect(file).toEqual({
        method: 'REQUEST',
        events: [
          {
            uid: 'tandem-meeting-7@tandem.mentoring-mitte.example',
            sequence: 2,
            start: new Date(start).toISOString(),
            end: new Date(start + minutes * 60_000).toISOString(),
            // a time in the repeated hour is written in UTC
            zone: start === Date.UTC(2026, 9, 25, 0, 15) ? 'UTC' : 'Europe/Berlin',
            status: 'CONFIRMED',
          },
        ],
      })
    }
  })

  it('writes a cancellation as METHOD CANCEL of the same UID with its raised sequence', () => {
    const file = parse(
      meetingCalendarFile(
        org,
        'CANCEL',
        event(Date.UTC(2026, 5, 1, 8), 60, { sequence: 4, cancelled: true, timeZone: 'America/New_York' }),
      ),
    )
    expect(file.method).toBe('CANCEL')
    expect(file.events).toEqual([
      expect.objectContaining({
        uid: 'tandem-meeting-7@tandem.mentoring-mitte.example',
        sequence: 4,
        status: 'CANCELLED',
        zone: 'America/New_York',
      }),
    ])
    expect(file.events[0]?.start).toBe('2026-06-01T08:00:00.000Z')
  })

  it('writes a feed as one PUBLISH calendar with one event per meeting', () => {
    const feed = parse(
      calendarFeedFile(org, 'Tandem – Mia Meier', [
        event(Date.UTC(2026, 2, 28, 10), 60, { uid: 'a@x' }),
        event(Date.UTC(2026, 2, 30, 10), 30, { uid: 'b@x', timeZone: 'UTC', cancelled: true }),
      ]),
    )
    expect(feed.method).toBe('PUBLISH')
    expect(feed.events.map((e) => [e.uid, e.start, e.end, e.status])).toEqual([
      ['a@x', '2026-03-28T10:00:00.000Z', '2026-03-28T11:00:00.000Z', 'CONFIRMED'],
      ['b@x', '2026-03-30T10:00:00.000Z', '2026-03-30T10:30:00.000Z', 'CANCELLED'],
    ])
  })
})

describe('meeting mails over SMTP', () => {
  let smtp: TestSmtp
  let transport: MailTransport
  let outbox: MemoryOutbox
  let clock: Clock
  beforeEach(async () => {
    smtp = await startTestSmtp()
    transport = smtpTransport(smtp.url, { from: '"Mentoring Mitte" <noreply@mentoring-mitte.example>' })
    outbox = memoryOutbox()
    clock = manualClock()
  })
  afterEach(async () => {
    await transport.close()
    await smtp.stop()
  })

  const calendarPart = (mail: ParsedMail | undefined): string | undefined =>
    mail?.attachments.find((a) => a.contentType.startsWith('text/calendar'))?.content.toString('utf8')

  it('a confirmation carries a REQUEST, a cancellation a CANCEL, a proposal and a reminder none', async () => {
    const confirmed = samples.MEETING_CONFIRMED[0]
    const cancelled = samples.MEETING_CANCELLED[0]
    const proposed = samples.MEETING_PROPOSED[0]
    const reminder = samples.MEETING_REMINDER[0]
    if (confirmed === undefined || cancelled === undefined || proposed === undefined || reminder === undefined)
      throw new Error('samples missing')
    const ids = {
      confirmed: enqueue(
        outbox,
        { type: 'MEETING_CONFIRMED', data: confirmed },
        {
          email: 'mia@example.org',
          language: 'en',
        },
      ),
      cancelled: enqueue(
        outbox,
        { type: 'MEETING_CANCELLED', data: { ...cancelled, sequence: 2 } },
        {
          email: 'mia@example.org',
          language: 'de',
        },
      ),
      proposed: enqueue(outbox, { type: 'MEETING_PROPOSED', data: proposed }, { email: 'mia@example.org', language: 'en' }),
      reminder: enqueue(outbox, { type: 'MEETING_REMINDER', data: reminder }, { email: 'mia@example.org', language: 'de' }),
    }
    await workerOver(outbox, transport, clock, { batchSize: 10 }).runOnce()
    const mails = await smtp.parsed()
    const byId = (id: number) => mails.find((m) => m.headers.get('x-tandem-outbox-id') === String(id))
    const request = calendarPart(byId(ids.confirmed))
    const cancel = calendarPart(byId(ids.cancelled))
    if (request === undefined || cancel === undefined) throw new Error('a calendar part is missing')
    const slot = confirmed.slots[0]
    if (slot === undefined) throw new Error('the sample has no slot')
    expect(parse(request)).toEqual({
      method: 'REQUEST',
      events: [
        {
          uid: confirmed.uid,
          sequence: 1,
          start: new Date(slot.start).toISOString(),
          end: new Date(slot.start + slot.minutes * 60_000).toISOString(),
          zone: 'Europe/Berlin',
          status: 'CONFIRMED',
        },
      ],
    })
    expect(parse(cancel)).toMatchObject({ method: 'CANCEL', events: [{ uid: confirmed.uid, sequence: 2, status: 'CANCELLED' }] })
    expect(calendarPart(byId(ids.proposed))).toBeUndefined()
    expect(calendarPart(byId(ids.reminder))).toBeUndefined()
    // The pair's text is kept as text: escaped in the HTML part, never markup.
    expect(byId(ids.confirmed)?.html || '').toContain('Career &lt;goals&gt; &amp; next steps')
    expect(byId(ids.cancelled)?.subject).toBe('Treffen mit Max Muster abgesagt')
  })
})
