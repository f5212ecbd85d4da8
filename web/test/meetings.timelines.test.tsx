// Meetings and sessions in the team's timelines against the real server (docs/web.md#meetings): the
// participant's timeline card lists the team's meetings and sessions (never a note), and the
// administrator's team detail shows the sessions so far, the last one's day and the next agreed
// meeting's, in German, never its link, place or agenda.
import { DAY } from '@tandem/core'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import { TeamDetailPanel } from '../src/features/admin/TeamDetailPanel.js'
import { addAdminTranslations } from '../src/features/admin/admin.i18n.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { agreedMeeting, LOAD, logSession, openAs } from './utils/meetings.js'
import { startRealApi, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeEach(async () => {
  api = await startRealApi()
})
afterEach(() => api.close())

/** Mia and Max matched, asked "met?"; Mia logged a session two days ago and they agreed on a meeting in five days. */
const teamWithMeetings = async () => {
  const team = await api.matchedTeamAskedIfMet()
  const { mentee, mentor, matchingTandemId } = team
  const sessionAt = new Date(api.clock() - 2 * DAY)
  sessionAt.setUTCHours(9, 0, 0, 0)
  await logSession(api, mentee, matchingTandemId, { startedAt: sessionAt.toISOString(), minutes: 45, note: 'a private note' })
  const meetingAt = new Date(api.clock() + 5 * DAY)
  meetingAt.setUTCHours(10, 0, 0, 0)
  await agreedMeeting(
    api,
    { proposer: mentor, picker: mentee, matchingTandemId },
    { start: meetingAt.toISOString(), minutes: 60, place: 'Stadtbibliothek, Raum 3', agenda: 'Lebenslauf' },
  )
  return { ...team, sessionAt, meetingAt }
}

const germanDay = (d: Date) => new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium' }).format(d)

describe('meetings in the timelines', () => {
  it("the participant's timeline lists the team's meeting and session, without the note", async () => {
    const { mentee } = await teamWithMeetings()
    await openAs(api, mentee, 'en')
    const card = await screen.findByRole('region', { name: 'Your mentorship with Max Mentor' }, LOAD)
    const list = await within(card).findByRole('region', { name: 'Meetings and sessions' }, LOAD)
    const lines = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^Meeting, Confirmed: .*, \d{2}:00–\d{2}:00$/)
    expect(lines[1]).toMatch(/^Session: .*, 45 minutes$/)
    expect(within(card).queryByText(/a private note/)).toBeNull()
  })

  it("the administrator's team detail shows the sessions, the last one's day and the next meeting's, in German", async () => {
    const { matchingTandemId, sessionAt, meetingAt } = await teamWithMeetings()
    const { user, auth } = api.signedIn(api.admin)
    const view = await renderWithProviders(<TeamDetailPanel tandemId={matchingTandemId} />, {
      apiBaseUrl: api.url,
      user,
      auth,
      language: 'de',
    })
    addAdminTranslations(view.i18n)
    const card = await screen.findByLabelText(`Check-in-Verlauf des Tandems #${matchingTandemId}`, undefined, LOAD)
    expect(
      await within(card).findByText(
        `Treffen: 1 · letztes Treffen: ${germanDay(sessionAt)} · nächstes vereinbartes Treffen: ${germanDay(meetingAt)}`,
        undefined,
        LOAD,
      ),
    ).toBeTruthy()
    expect(within(card).queryByText(/Stadtbibliothek|Lebenslauf/)).toBeNull()
  })
})
