// The notification history on the user information page: each mail's state (queued, sent, failed
// with its reason) in English and German, and "send again" for a failed mail.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { AdminUserDetail, NotificationEntry, UserView } from '@tandem/core'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders, aSignedInUser } from './utils/renderWithProviders.js'
import { ok, startApiServer, type ApiServer, type Handler } from './utils/apiServer.js'
import { aStatus, aUser } from './utils/builders.js'
import '../src/features/dashboard/dashboard.api.js'
import '../src/features/questionnaire/questionnaire.api.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const admin = aUser('admin@example.org', ['Admin'], [])
const entry = (
  notificationId: number,
  mailSubject: string,
  state: NotificationEntry['state'],
  failureReason: string | null = null,
): NotificationEntry => ({
  notificationId,
  mailSubject,
  createdDate: '2026-03-02T09:00:00.000Z',
  mentorship: null,
  state,
  failureReason,
})
const detailWith = (notification: NotificationEntry[]): AdminUserDetail => ({
  userRole: [{ name: 'Mentor' }],
  userStatuses: [aStatus('Mentor', 'AVAILABLE')],
  notification,
  userCompleteProfile: {
    firstName: 'Max',
    lastName: 'Mentor',
    email: 'max@example.org',
    city: null,
    federalState: null,
    country: null,
    language: 'English',
    gender: null,
    professionalPosition: null,
    company: null,
    cluster: null,
    registrationDate: '2026-03-02T09:00:00.000Z',
  },
  allData: {
    menteeAccountQuestions: [],
    mentorAccountQuestions: [],
    menteeProfileQuestions: [],
    mentorProfileQuestions: [],
    menteeMatchingTandem: [],
    mentorMatchingTandem: [],
    menteeLastStartedMatchingDate: null,
  },
})
const users = [
  {
    userId: 2,
    firstName: 'Max',
    lastName: 'Mentor',
    email: 'max@example.org',
    registrationDate: '2026-03-02T09:00:00.000Z',
    programYear: null,
    status: 'AVAILABLE',
  },
]

const openHistory = async (routes: Record<string, Handler>, language: 'en' | 'de' = 'en') => {
  server = await startApiServer({
    'GET /api/Account/GetUserDetails': () => ok(admin satisfies UserView),
    'POST /api/Account/signin': () => ok(true),
    'GET /api/Admin/GetClusters': () => ok([]),
    'GET /api/Admin/GetAllUsers': () => ok(users),
    ...routes,
  })
  const view = await renderWithProviders(<AppRoutes />, {
    route: '/administrator/user-information',
    apiBaseUrl: server.url,
    user: aSignedInUser(admin.email),
    language,
  })
  const user = userEvent.setup()
  await user.type(await screen.findByRole('combobox', { name: /User|Person/ }), 'Max')
  await user.click(await screen.findByRole('option', { name: /Max Mentor/, hidden: true }))
  await user.click(screen.getByRole('button', { name: language === 'de' ? 'Informationen anzeigen' : 'display information' }))
  return { ...view, user, api: server }
}

describe('notification history', () => {
  it('shows each mail as queued, sent or failed with its reason, and sends a failed one again', async () => {
    let history = [entry(3, 'Reminder', 'queued'), entry(2, 'Welcome', 'sent'), entry(1, 'New tandem', 'failed', '550 Mailbox unavailable')]
    const { user, api } = await openHistory({
      'GET /api/Admin/GetUserDetail': () => ok(detailWith(history)),
      'POST /api/Admin/ResendNotification': (r) => {
        history = history.map((n) =>
          n.notificationId === (r.body as { notificationId: number }).notificationId ? { ...n, state: 'queued', failureReason: null } : n,
        )
        return ok(true)
      },
    })
    const table = await screen.findByRole('table', { name: 'Notification history' })
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      )
    expect(rows.map(([subject, , state]) => [subject, state])).toEqual([
      ['Reminder', 'queued'],
      ['Welcome', 'sent'],
      ['New tandem', 'failedReason: 550 Mailbox unavailableSend again'],
    ])
    expect(within(table).getAllByRole('button')).toHaveLength(1)

    await user.click(within(table).getByRole('button', { name: "Send 'New tandem' again" }))
    expect(api.calls('POST /api/Admin/ResendNotification').map((c) => c.body)).toEqual([{ notificationId: 1 }])
    expect(await screen.findByText('The mail was queued and will be sent again.')).toBeTruthy()
    // The history is read again and shows the mail queued, with nothing left to resend.
    await waitFor(() => expect(within(table).getAllByText('queued')).toHaveLength(2))
    expect(within(table).queryByRole('button')).toBeNull()
  })

  it('names the states and the reason in German', async () => {
    await openHistory(
      {
        'GET /api/Admin/GetUserDetail': () =>
          ok(detailWith([entry(1, 'Neues Tandem', 'failed', '550 Mailbox unavailable'), entry(2, 'Willkommen', 'sent')])),
      },
      'de',
    )
    const table = await screen.findByRole('table', { name: 'Benachrichtigungsverlauf' })
    expect(within(table).getByText('fehlgeschlagen')).toBeTruthy()
    expect(within(table).getByText('gesendet')).toBeTruthy()
    expect(within(table).getByText('Grund: 550 Mailbox unavailable')).toBeTruthy()
    expect(within(table).getByRole('button', { name: '„Neues Tandem“ erneut senden' })).toBeTruthy()
  })
})
