// Meetings on the dashboard and in the account (docs/web.md#meetings) against the real server: a
// mentee proposes a meeting in English (a link that is not http(s) refused beside its field, nothing
// entered lost, nothing stored), the mentor picks the time in German and sees it named in both zones;
// after the meeting's time the card asks whether it took place and "yes" logs the session; a session
// arranged elsewhere is logged by hand; the account page sets the time zone and shows the calendar
// address once.
import { DAY, HOUR } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppRoutes } from '../src/routes/routes.js'
import { wallTimeOf } from '../src/features/meetings/zoned.js'
import { agreedMeeting, LOAD, meetingsOf, openAs } from './utils/meetings.js'
import { startRealApi, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeEach(async () => {
  api = await startRealApi()
})
afterEach(() => api.close())

const PROPOSE = 'POST /api/Meeting/ProposeMeeting'
const PICK = 'POST /api/Meeting/PickSlot'

/** A day ten days ahead, 14:00 in Berlin: its wall date for the form and the instant the server must store. */
const aDayAhead = () => {
  const { day } = wallTimeOf(Date.now() + 10 * DAY, 'Europe/Berlin')
  const start = new Date(
    new Date(`${day}T14:00:00Z`).getTime() -
      // Berlin is one hour ahead of UTC in winter and two in summer
      (new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', timeZoneName: 'shortOffset' })
        .formatToParts(new Date(`${day}T12:00:00Z`))
        .find((p) => p.type === 'timeZoneName')?.value === 'GMT+2'
        ? 2 * HOUR
        : HOUR),
  )
  return { day, start: start.toISOString() }
}

describe('meetings on the dashboard', () => {
  it('the mentee proposes, a bad link is refused beside its field with nothing lost; the mentor picks the time in German', async () => {
    const { mentee, mentor, matchingTandemId } = await api.matchedTeam()
    const { day, start } = aDayAhead()
    await openAs(api, mentee, 'en')
    const card = await screen.findByRole('region', { name: 'Meetings with Max Mentor' }, LOAD)
    expect(within(card).getByText('No meeting is planned yet.')).toBeTruthy()
    expect(within(card).getByText(/No session logged yet/)).toBeTruthy()
    await userEvent.click(within(card).getByRole('button', { name: 'Propose a meeting' }))

    const dialog = await screen.findByRole('dialog', { name: 'Propose a meeting to Max Mentor' }, LOAD)
    expect(within(dialog).getByText('Times in your time zone, Europe/Berlin.')).toBeTruthy()
    const slot = within(dialog).getByRole('group', { name: 'Time 1' })
    await userEvent.type(within(slot).getByLabelText(/Date/), day)
    await userEvent.type(within(slot).getByLabelText(/Start/), '14:00')
    await userEvent.selectOptions(within(slot).getByRole('combobox', { name: 'Length' }), '90')
    const link = within(dialog).getByRole('textbox', { name: /Link to the meeting/ })
    await userEvent.type(link, 'ftp://files.example/room')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Agenda (optional)' }), 'Goals for <spring>')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }))

    // refused by the server, in words beside the field; the dialog keeps everything
    expect(await within(dialog).findByText('Please enter a link that starts with http:// or https://.')).toBeTruthy()
    expect(api.calls(PROPOSE).map((r) => r.status)).toEqual([400])
    expect((await meetingsOf(api, mentee)).teams[0]?.meetings).toEqual([])
    expect(within(slot).getByLabelText<HTMLInputElement>(/Date/).value).toBe(day)
    expect((link as HTMLInputElement).value).toBe('ftp://files.example/room')

    await userEvent.clear(link)
    await userEvent.type(link, 'https://meet.example/mia-max')
    // markup in the agenda is refused too, beside the agenda
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }))
    expect(await within(dialog).findByText('Please use plain text without markup.')).toBeTruthy()
    const agenda = within(dialog).getByRole('textbox', { name: 'Agenda (optional)' })
    await userEvent.clear(agenda)
    await userEvent.type(agenda, 'Goals for spring')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send proposal' }))
    expect(await screen.findByText('Your proposal is sent: Max Mentor gets a mail.', {}, LOAD)).toBeTruthy()
    expect(api.calls(PROPOSE).map((r) => [r.status, r.body])).toEqual([
      [400, expect.anything()],
      [400, expect.anything()],
      [
        200,
        {
          email: mentee.email,
          matchingTandemId,
          slots: [{ start, minutes: 90 }],
          link: 'https://meet.example/mia-max',
          place: null,
          agenda: 'Goals for spring',
        },
      ],
    ])
    await waitFor(() => expect(within(card).getByText(/You proposed these times; Max Mentor picks one/)).toBeTruthy())

    // the mentor, in German, lives in New York: the time in his zone, Berlin named for Mia
    await api.expectOk(api.call(mentor, 'POST', '/api/Meeting/SetTimeZone', { email: mentor.email, timeZone: 'America/New_York' }), 'zone')
    cleanup()
    await openAs(api, mentor, 'de')
    const mentorCard = await screen.findByRole('region', { name: 'Treffen mit Mia Mentee' }, LOAD)
    expect(within(mentorCard).getByText(/Mia Mentee schlägt diese Termine vor/)).toBeTruthy()
    // his own zone named, and Mia's time in hers
    const pick = within(mentorCard).getByRole('button', { name: /wählen$/ })
    expect(pick.textContent).toMatch(/\(America\/New_York\) · Für Mia Mentee: .*14:00–15:30 \(Europe\/Berlin\)/)
    await userEvent.click(pick)
    expect(await within(mentorCard).findByText('Das Treffen ist bestätigt: Sie beide erhalten eine Kalenderdatei per E-Mail.')).toBeTruthy()
    expect(api.calls(PICK).map((r) => [r.status, r.body])).toEqual([
      [200, { email: mentor.email, meetingId: expect.any(Number) as unknown, start }],
    ])
    const next = within(mentorCard).getByRole('region', { name: 'Nächstes Treffen' })
    // the confirmation shows with the answer; the card's next meeting with the cache entry it replaces
    expect(await within(next).findByRole('link', { name: 'https://meet.example/mia-max' }, LOAD)).toBeTruthy()
    expect(within(next).getByText('Tagesordnung: Goals for spring')).toBeTruthy()
    expect((await meetingsOf(api, mentee)).teams[0]?.meetings.map((m) => [m.state, m.slots])).toEqual([
      ['Confirmed', [{ start, end: new Date(Date.parse(start) + 90 * 60_000).toISOString(), minutes: 90 }]],
    ])
  })

  it('after the meeting the card asks whether it took place: yes logs the session; a session arranged elsewhere is logged by hand', async () => {
    const { mentee, mentor, matchingTandemId } = await api.matchedTeam()
    const { start } = aDayAhead()
    await agreedMeeting(api, { proposer: mentor, picker: mentee, matchingTandemId }, { start, minutes: 60, place: 'Café am Markt' })
    api.clock.advance(11 * DAY)

    await openAs(api, mentee, 'en')
    const card = await screen.findByRole('region', { name: 'Meetings with Max Mentor' }, LOAD)
    const asked = within(card).getByRole('region', { name: 'Did this meeting take place?' })
    await userEvent.click(within(asked).getByRole('button', { name: 'Yes, it took place' }))
    expect(await within(card).findByText('Thank you: your answer is saved.')).toBeTruthy()
    await waitFor(() => expect(within(card).getByText(/1 session so far/)).toBeTruthy())
    expect(within(card).queryByRole('region', { name: 'Did this meeting take place?' })).toBeNull()

    await userEvent.click(within(card).getByRole('button', { name: 'Log a session' }))
    const dialog = await screen.findByRole('dialog', { name: 'Log a session with Max Mentor' }, LOAD)
    // no start given: refused here, beside the start, and nothing sent
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log session' }))
    expect(await within(dialog).findByText('This information is required.')).toBeTruthy()
    expect(within(dialog).getByLabelText(/Start/).getAttribute('aria-invalid')).toBe('true')
    expect(api.calls('POST /api/Meeting/LogSession')).toEqual([])
    const yesterday = wallTimeOf(api.clock() - DAY, 'Europe/Berlin').day
    const date = within(dialog).getByLabelText(/Date/)
    await userEvent.clear(date)
    await userEvent.type(date, yesterday)
    await userEvent.type(within(dialog).getByLabelText(/Start/), '09:30')
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'A note only you see (optional)' }), 'Walk in the park')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log session' }))
    expect(await screen.findByText('The session is logged.', {}, LOAD)).toBeTruthy()
    await waitFor(() => expect(within(card).getByText(/2 sessions so far/)).toBeTruthy())
    expect(within(card).getByText(/logged by hand · your note: Walk in the park/)).toBeTruthy()
    // the partner sees the session, not the note
    const theirs = (await meetingsOf(api, mentor)).teams[0]?.sessions.map((s) => [s.minutes, s.fromMeeting, s.note])
    expect(theirs?.sort()).toEqual([
      [60, false, null],
      [60, true, null],
    ])
  })
})

describe('the account page', () => {
  it('sets the time zone and shows a new calendar address once', async () => {
    const { mentee } = await api.matchedTeam()
    await openAs(api, mentee, 'de', <AppRoutes />, '/user/account')
    const section = await screen.findByRole('region', { name: 'Treffen und Kalender' }, LOAD)
    const zone = within(section).getByRole<HTMLSelectElement>('combobox', { name: /Ihre Zeitzone/ })
    await waitFor(() => expect(zone.value).toBe('Europe/Berlin'))
    await userEvent.selectOptions(zone, 'Asia/Tokyo')
    await userEvent.click(within(section).getByRole('button', { name: 'Zeitzone speichern' }))
    expect(await within(section).findByText('Ihre Zeitzone ist gespeichert.')).toBeTruthy()
    expect((await meetingsOf(api, mentee)).timeZone).toBe('Asia/Tokyo')

    expect(within(section).queryByRole('textbox')).toBeNull()
    await userEvent.click(within(section).getByRole('button', { name: 'Kalenderadresse erstellen' }))
    const address = await within(section).findByRole<HTMLInputElement>('textbox', { name: /Ihre Kalenderadresse/ })
    expect(address.value).toMatch(/\/api\/Meeting\/CalendarFeed\?token=[A-Za-z0-9_-]{20,}$/)
    const feed = await fetch(`${api.url}/api/Meeting/CalendarFeed?token=${new URL(address.value).searchParams.get('token') ?? ''}`)
    expect([feed.status, feed.headers.get('content-type')]).toEqual([200, 'text/calendar; charset=utf-8'])
  })
})
