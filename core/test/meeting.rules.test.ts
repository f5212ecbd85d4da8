// The rules of a meeting proposal, each by example first, then as properties over generated slots.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DAY, HOUR, isMeetingLink, isTimeZone, MINUTE, proposalErrors, sessionErrors, type MeetingProposal } from '../src/index.js'

const NOW = Date.UTC(2026, 9, 1, 8, 0)
const online = (slots: MeetingProposal['slots'], agenda = ''): MeetingProposal => ({
  slots,
  mode: { kind: 'Online', link: 'https://meet.example.org/x' },
  agenda,
})
const keys = (p: MeetingProposal) => proposalErrors(NOW, p).map((e) => [e.field, e.key])

describe('a meeting proposal', () => {
  it('takes one to three slots of 15 minutes to 4 hours within the next year', () => {
    expect(keys(online([{ start: NOW + DAY, minutes: 15 }]))).toEqual([])
    expect(keys(online([{ start: NOW + 364 * DAY, minutes: 240 }]))).toEqual([])
    expect(keys(online([]))).toEqual([['slots', 'meeting-slot-count']])
    expect(keys(online([1, 2, 3, 4].map((d) => ({ start: NOW + d * DAY, minutes: 30 }))))).toEqual([['slots', 'meeting-slot-count']])
    expect(keys(online([{ start: NOW + DAY, minutes: 14 }]))).toEqual([['slots[0].minutes', 'meeting-slot-length']])
    expect(keys(online([{ start: NOW + DAY, minutes: 241 }]))).toEqual([['slots[0].minutes', 'meeting-slot-length']])
  })
  it('refuses a slot in the past, one more than a year ahead, and overlapping slots', () => {
    expect(keys(online([{ start: NOW - MINUTE, minutes: 30 }]))).toEqual([['slots[0].start', 'meeting-slot-in-past']])
    expect(keys(online([{ start: NOW + 366 * DAY, minutes: 30 }]))).toEqual([['slots[0].start', 'meeting-slot-too-far']])
    expect(
      keys(
        online([
          { start: NOW + DAY, minutes: 60 },
          { start: NOW + DAY + 59 * MINUTE, minutes: 30 },
        ]),
      ),
    ).toEqual([['slots[1].start', 'meeting-slots-overlap']])
    // back to back is no overlap
    expect(
      keys(
        online([
          { start: NOW + DAY, minutes: 60 },
          { start: NOW + DAY + HOUR, minutes: 30 },
        ]),
      ),
    ).toEqual([])
  })
  it('takes http and https links only, and plain text agenda and place', () => {
    for (const link of [
      'javascript:alert(1)',
      'ftp://x.org',
      'meet.example.org',
      'https://',
      'https://a b.org',
      `https://x.org/${'a'.repeat(500)}`,
    ])
      expect(isMeetingLink(link)).toBe(false)
    expect(isMeetingLink('http://x.org/room?id=1')).toBe(true)
    const slot = [{ start: NOW + DAY, minutes: 30 }]
    expect(keys({ slots: slot, mode: { kind: 'Online', link: 'ftp://x.org' }, agenda: '' })).toEqual([['link', 'meeting-link-http']])
    expect(keys({ slots: slot, mode: { kind: 'InPerson', place: '  ' }, agenda: '' })).toEqual([['place', 'requiredFieldError']])
    expect(keys({ slots: slot, mode: { kind: 'InPerson', place: '<b>Café</b>' }, agenda: '' })).toEqual([['place', 'meeting-text-markup']])
    expect(keys(online(slot, '<script>x</script>'))).toEqual([['agenda', 'meeting-text-markup']])
    expect(keys(online(slot, 'a'.repeat(1001)))).toEqual([['agenda', 'max-characters-exceeded-error']])
    expect(keys(online(slot, 'Goals < 5 years & next steps'))).toEqual([])
  })
  it('knows IANA time zones and refuses others', () => {
    expect(['Europe/Berlin', 'America/New_York', 'UTC', 'Asia/Kolkata'].every(isTimeZone)).toBe(true)
    expect(['Mars/Olympus', '', 'Europe/Berlin; drop', '../etc'].some(isTimeZone)).toBe(false)
  })
  it('logs a session only in the past year', () => {
    expect(sessionErrors(NOW, { startedAt: NOW - DAY, minutes: 60 })).toEqual([])
    expect(sessionErrors(NOW, { startedAt: NOW + HOUR, minutes: 60 }).map((e) => e.key)).toEqual(['session-in-future'])
    expect(sessionErrors(NOW, { startedAt: NOW - 400 * DAY, minutes: 10 }).map((e) => e.key)).toEqual([
      'meeting-slot-length',
      'session-too-old',
    ])
  })
  it('accepts exactly the slot lists whose slots are in range and pairwise apart', () => {
    const slotArb = fc.record({
      start: fc.integer({ min: -DAY, max: 400 * DAY }).map((d) => NOW + d),
      minutes: fc.integer({ min: 0, max: 300 }),
    })
    fc.assert(
      fc.property(fc.array(slotArb, { minLength: 1, maxLength: 3 }), (slots) => {
        const inRange = slots.every((s) => s.minutes >= 15 && s.minutes <= 240 && s.start > NOW && s.start <= NOW + 365 * DAY)
        const apart = slots.every((a, i) =>
          slots.every((b, j) => i === j || a.start + a.minutes * MINUTE <= b.start || b.start + b.minutes * MINUTE <= a.start),
        )
        expect(proposalErrors(NOW, online(slots)).length === 0).toBe(inRange && apart)
      }),
    )
  })
})
