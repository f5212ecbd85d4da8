// An administrator ends a matched team on the team detail (docs/admin.md#teams) against the real
// server: the message says the mentorship was ended, the ending card reads the reason as told of the
// team (third person), and the check-in timeline is read again: it never says "never matched" of a
// team that was matched. English and German.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TeamDetailPanel } from '../src/features/admin/TeamDetailPanel.js'
import { AdminMessageBar, AdminMessagesProvider } from '../src/features/admin/AdminMessages.js'
import { addAdminTranslations } from '../src/features/admin/admin.i18n.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'

let api: RealApi | undefined
afterEach(() => api?.close())

const LOAD = { timeout: 20_000 }

describe('an administrator ends a team', () => {
  it.each([
    {
      language: 'en',
      end: 'end mentorship',
      reason: 'No longer has time for the mentorship',
      confirm: 'End mentorship',
      message: 'The mentorship was ended. Both participants are told by e-mail.',
      timelineTitle: 'Check-in timeline of team',
      neverMatched: 'This team was never matched: it has no check-ins.',
      nextQuestion: 'Next question',
      endedBy: 'by an administrator',
    },
    {
      language: 'de',
      end: 'Mentoring beenden',
      reason: 'Hat keine Zeit mehr für das Mentoring',
      confirm: 'Mentoring beenden',
      message: 'Das Mentoring wurde beendet. Beide Teilnehmenden werden per E-Mail benachrichtigt.',
      timelineTitle: 'Check-in-Verlauf des Tandems',
      neverMatched: 'Dieses Tandem kam nie zustande: Es hat keine Check-ins.',
      nextQuestion: 'Nächste Frage',
      endedBy: 'durch eine Administrator\\*in',
    },
  ] as const)(
    '$language: the message, the reason and a fresh timeline',
    async (c) => {
      const real = await startRealApi()
      api = real
      const { matchingTandemId } = await real.matchedTeam()
      const { user, auth } = real.signedIn(real.admin)
      const view = await renderWithProviders(
        <AdminMessagesProvider>
          <AdminMessageBar />
          <TeamDetailPanel tandemId={matchingTandemId} />
        </AdminMessagesProvider>,
        { apiBaseUrl: real.url, user, auth, language: c.language },
      )
      addAdminTranslations(view.i18n)
      const timeline = await screen.findByLabelText(`${c.timelineTitle} #${matchingTandemId}`, undefined, LOAD)
      // the matched team's timeline has been read before the ending
      await within(timeline).findByText(c.nextQuestion, { exact: false }, LOAD)
      const u = userEvent.setup()
      await u.click(await screen.findByRole('button', { name: c.end }, LOAD))
      const dialog = await screen.findByRole('dialog')
      await u.click(within(dialog).getByRole('radio', { name: c.reason }))
      await u.click(within(dialog).getByRole('button', { name: c.confirm }))
      expect(await screen.findByText(c.message, undefined, LOAD)).toBeTruthy()
      const ending = await screen.findByText(c.reason, undefined, LOAD)
      expect(ending.tagName).toBe('DD')
      const fresh = screen.getByLabelText(`${c.timelineTitle} #${matchingTandemId}`)
      // read again after the ending: it ends with the ending, the reason told of the team
      expect(await within(fresh).findByText(new RegExp(`${c.endedBy}.*${c.reason}`), undefined, LOAD)).toBeTruthy()
      expect(within(fresh).queryByText(c.neverMatched)).toBeNull()
    },
    60_000,
  )
})
