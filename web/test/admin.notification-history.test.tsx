// The notification history on the user information page, against the real server: each mail's
// state (queued, sent, failed with its reason) in English and German, and "send again" for a failed mail.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'
import '../src/features/dashboard/dashboard.api.js'
import '../src/shared/api/questionnaire.api.js'

let api: RealApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

/**
 * Max Mentor with three mails, through the real routes and the real delivery round: "New tandem"
 * refused by his mail server for good (failed), "Welcome" sent, "Reminder" still queued.
 */
const maxWithThreeMails = async (real: RealApi, subjects: { failed: string; sent: string; queued?: string }) => {
  const max = real.person('Max', { lastName: 'Mentor' })
  await real.signUp(max, 'Mentor')
  await real.deliverMail()
  real.refuseMailTo(max.email)
  await real.notify(max, subjects.failed)
  await real.deliverMail()
  real.refuseMailTo(max.email, false)
  real.clock.advance(60_000)
  await real.notify(max, subjects.sent)
  await real.deliverMail()
  real.clock.advance(60_000)
  if (subjects.queued !== undefined) await real.notify(max, subjects.queued)
  return max
}

const openHistory = async (subjects: { failed: string; sent: string; queued?: string }, language: 'en' | 'de' = 'en') => {
  const real = await startRealApi()
  api = real
  await maxWithThreeMails(real, subjects)
  const { user: admin, auth } = real.signedIn(real.admin)
  const view = await renderWithProviders(<AppRoutes />, {
    route: '/administrator/user-information',
    apiBaseUrl: real.url,
    user: admin,
    auth,
    language,
  })
  const user = userEvent.setup()
  await user.type(await screen.findByRole('combobox', { name: /User|Person/ }), 'Max')
  await user.click(await screen.findByRole('option', { name: /Max Mentor/, hidden: true }))
  await user.click(screen.getByRole('button', { name: language === 'de' ? 'Informationen anzeigen' : 'display information' }))
  return { ...view, user, api: real }
}

describe('notification history', () => {
  it('shows each mail as queued, sent or failed with its reason, and sends a failed one again', async () => {
    const { user, api } = await openHistory({ failed: 'New tandem', sent: 'Welcome', queued: 'Reminder' })
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
    expect(await screen.findByText('The mail was queued and will be sent again.')).toBeTruthy()
    const failedId = (await api.server.ctx.outbox.all()).find((m) => m.subject === 'New tandem')?.id
    expect(api.calls('POST /api/Admin/ResendNotification').map((c) => [c.body, c.status])).toEqual([[{ notificationId: failedId }, 200]])
    // The history is read again and shows the mail queued, with nothing left to resend.
    await waitFor(() => expect(within(table).getAllByText('queued')).toHaveLength(2))
    expect(within(table).queryByRole('button')).toBeNull()
  })

  it('names the states and the reason in German', async () => {
    await openHistory({ failed: 'Neues Tandem', sent: 'Willkommen' }, 'de')
    const table = await screen.findByRole('table', { name: 'Benachrichtigungsverlauf' })
    expect(within(table).getByText('fehlgeschlagen')).toBeTruthy()
    expect(within(table).getByText('gesendet')).toBeTruthy()
    expect(within(table).getByText('Grund: 550 Mailbox unavailable')).toBeTruthy()
    expect(within(table).getByRole('button', { name: '„Neues Tandem“ erneut senden' })).toBeTruthy()
  })
})
