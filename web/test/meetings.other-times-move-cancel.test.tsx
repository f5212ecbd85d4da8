// Answering, moving and cancelling meetings on the dashboard against the real server
// (docs/web.md#meetings): the mentor asks for other times with a note; the mentee proposes new times
// in the dialog filled with the old ones (the start changed); the mentor picks; the mentee cancels the
// confirmed meeting with a note, and the card has no meeting planned again.
import { DAY, type MyMeetingsWire } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import Dashboard from '../src/features/dashboard/Dashboard.js'
import { wallTimeOf } from '../src/features/meetings/zoned.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeEach(async () => {
  api = await startRealApi()
})
afterEach(() => api.close())

const LOAD = { timeout: 20_000 }

const open = async (p: Person) => {
  const { user, auth } = api.signedIn(p)
  await renderWithProviders(<Dashboard />, { route: '/matching', apiBaseUrl: api.url, user, auth, language: 'en' })
  return screen.findByRole('region', { name: p.firstName === 'Mia' ? 'Meetings with Max Mentor' : 'Meetings with Mia Mentee' }, LOAD)
}
const meetingsOf = async (p: Person) =>
  (await api.expectOk(api.call<MyMeetingsWire>(p, 'GET', `/api/Meeting/GetMyMeetings?email=${encodeURIComponent(p.email)}`), 'meetings'))
    .teams[0]?.meetings ?? []

describe('answering, moving and cancelling', () => {
  it('other times asked with a note, new times proposed, picked, moved and cancelled', async () => {
    const { mentee, mentor, matchingTandemId } = await api.matchedTeam()
    const first = new Date(api.clock() + 6 * DAY)
    first.setUTCHours(15, 0, 0, 0)
    await api.expectOk(
      api.call(mentee, 'POST', '/api/Meeting/ProposeMeeting', {
        email: mentee.email,
        matchingTandemId,
        slots: [{ start: first.toISOString(), minutes: 30 }],
        link: 'https://meet.example/a',
        place: null,
        agenda: '',
      }),
      'propose',
    )

    // the mentor asks for other times
    let card = await open(mentor)
    await userEvent.click(await within(card).findByRole('button', { name: 'Ask for other times' }, LOAD))
    let dialog = await screen.findByRole('dialog', { name: 'Ask Mia Mentee for other times' }, LOAD)
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note for Mia Mentee (optional)' }), 'Mornings suit me better')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ask for other times' }))
    expect(await screen.findByText('Mia Mentee is asked for other times.', {}, LOAD)).toBeTruthy()
    expect((await meetingsOf(mentee)).map((m) => [m.state, m.note])).toEqual([['OtherTimesAsked', 'Mornings suit me better']])

    // the mentee proposes new times in the dialog filled with the old one
    cleanup()
    card = await open(mentee)
    expect(within(card).getByText(/Max Mentor asks for other times/)).toBeTruthy()
    expect(within(card).getByText('Note: Mornings suit me better')).toBeTruthy()
    await userEvent.click(within(card).getByRole('button', { name: 'Propose new times' }))
    dialog = await screen.findByRole('dialog', { name: 'New times for Max Mentor' }, LOAD)
    const old = wallTimeOf(first.getTime(), 'Europe/Berlin')
    const start = within(dialog).getByLabelText<HTMLInputElement>(/Start/)
    expect([within(dialog).getByLabelText<HTMLInputElement>(/Date/).value, start.value]).toEqual([old.day, old.time])
    await userEvent.clear(start)
    await userEvent.type(start, '09:00')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move meeting' }))
    expect(await screen.findByText('The meeting is moved: your calendars are updated by mail.', {}, LOAD)).toBeTruthy()
    const moved = await meetingsOf(mentee)
    expect(moved.map((m) => [m.state, m.slots.map((s) => wallTimeOf(Date.parse(s.start), 'Europe/Berlin'))])).toEqual([
      ['Proposed', [{ day: old.day, time: '09:00' }]],
    ])

    // the mentor picks it: it is the mentee's next meeting
    const picked = moved[0]
    await api.expectOk(
      api.call(mentor, 'POST', '/api/Meeting/PickSlot', {
        email: mentor.email,
        meetingId: picked?.meetingId,
        start: picked?.slots[0]?.start,
      }),
      'pick',
    )
    cleanup()
    card = await open(mentee)
    const next = within(card).getByRole('region', { name: 'Next meeting' })
    expect(within(next).getByText(/09:00–09:30$/)).toBeTruthy()

    // the mentee cancels it with a note
    await userEvent.click(within(next).getByRole('button', { name: 'Cancel meeting' }))
    dialog = await screen.findByRole('dialog', { name: 'Cancel the meeting with Max Mentor' }, LOAD)
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note for Max Mentor (optional)' }), 'Ill, sorry')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel meeting' }))
    expect(await screen.findByText('The meeting is cancelled: your calendars are updated by mail.', {}, LOAD)).toBeTruthy()
    await waitFor(() => expect(within(card).getByText('No meeting is planned yet.')).toBeTruthy())
    expect((await meetingsOf(mentor)).map((m) => [m.state, m.note])).toEqual([['Cancelled', 'Ill, sorry']])
  })
})
