// Answering, moving and cancelling meetings on the dashboard against the real server
// (docs/web.md#meetings): the mentor asks for other times with a note; the mentee proposes new times
// in the dialog filled with the old ones (the start changed); the mentor picks; the mentee cancels the
// confirmed meeting with a note, and the card has no meeting planned again.
import { DAY } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { wallTimeOf } from '../src/features/meetings/zoned.js'
import { LOAD, meetingsOf, openAs, pickSlot, proposeMeeting } from './utils/meetings.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeEach(async () => {
  api = await startRealApi()
})
afterEach(() => api.close())

const open = async (p: Person) => {
  await openAs(api, p, 'en')
  return screen.findByRole('region', { name: p.firstName === 'Mia' ? 'Meetings with Max Mentor' : 'Meetings with Mia Mentee' }, LOAD)
}
const meetingsOfTeam = async (p: Person) => (await meetingsOf(api, p)).teams[0]?.meetings ?? []

describe('answering, moving and cancelling', () => {
  it('other times asked with a note, new times proposed, picked, moved and cancelled', async () => {
    const { mentee, mentor, matchingTandemId } = await api.matchedTeam()
    const first = new Date(api.clock() + 6 * DAY)
    first.setUTCHours(15, 0, 0, 0)
    await proposeMeeting(api, mentee, matchingTandemId, { start: first.toISOString(), minutes: 30, link: 'https://meet.example/a' })

    // the mentor asks for other times
    let card = await open(mentor)
    await userEvent.click(await within(card).findByRole('button', { name: 'Ask for other times' }, LOAD))
    let dialog = await screen.findByRole('dialog', { name: 'Ask Mia Mentee for other times' }, LOAD)
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Note for Mia Mentee (optional)' }), 'Mornings suit me better')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ask for other times' }))
    expect(await screen.findByText('Mia Mentee is asked for other times.', {}, LOAD)).toBeTruthy()
    expect((await meetingsOfTeam(mentee)).map((m) => [m.state, m.note])).toEqual([['OtherTimesAsked', 'Mornings suit me better']])

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
    const moved = await meetingsOfTeam(mentee)
    expect(moved.map((m) => [m.state, m.slots.map((s) => wallTimeOf(Date.parse(s.start), 'Europe/Berlin'))])).toEqual([
      ['Proposed', [{ day: old.day, time: '09:00' }]],
    ])

    // the mentor picks it: it is the mentee's next meeting
    const picked = moved[0]
    if (picked?.slots[0] === undefined) throw new Error('no meeting moved')
    await pickSlot(api, mentor, picked.meetingId, picked.slots[0].start)
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
    expect((await meetingsOfTeam(mentor)).map((m) => [m.state, m.note])).toEqual([['Cancelled', 'Ill, sorry']])
  })
})
