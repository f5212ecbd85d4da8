// The cohort draft of a mentee no mentor fits, against the real server (docs/admin.md#cohort-matching):
// the reason tells a must-fit knock-out from the minimum percentage, and the "pick a mentor"
// dialog explains its empty list instead of showing an empty select. English and German.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { CohortRunView } from '@tandem/core'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'
import { aMenteeAnswers, aMentorAnswers, choiceAnswer, optionId, PAIR } from '@tandem/fixtures'
import '../src/features/dashboard/dashboard.api.js'
import '../src/shared/api/questionnaire.api.js'

let api: RealApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

const LOAD = { timeout: 20_000 }

/** Runs the default program year and waits for its draft. */
const draftedRun = async (real: RealApi, threshold = 0): Promise<void> => {
  const clusterId = (await real.server.ctx.clusters.defaultCluster())?.clusterId ?? 0
  const run = await real.expectOk(
    real.call<CohortRunView>(real.admin, 'POST', '/api/Admin/StartCohortRun', { clusterId, objective: 'maxMatched', threshold }),
    'start run',
  )
  for (;;) {
    const progress = await real.expectOk(
      real.call<CohortRunView>(real.admin, 'GET', `/api/Admin/GetCohortRunProgress?runId=${run.runId}`),
      'progress',
    )
    if (progress.state === 'Draft') return
    if (progress.state !== 'Running') throw new Error(`cohort run ended ${progress.state}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const speaking = (...languages: string[]) => choiceAnswer(PAIR.languages, ...languages.map((l) => optionId(PAIR.languages, l)))

describe('a mentee no mentor fits in the cohort draft', () => {
  it.each([
    {
      language: 'en',
      reason: 'No mentor fits: a must-fit answer knocks every free mentor out',
      pick: 'Pick a mentor for Ann',
      none: /^No mentor can be offered to this mentee: every mentor with a free place is knocked out by a must-fit answer/,
    },
    {
      language: 'de',
      reason: 'Keine Mentor*in passt: Eine Antwort mit „Muss passen“ schließt jede freie Mentor*in aus',
      pick: 'Mentor*in wählen für Ann',
      none: /^Diesem Mentee kann keine Mentor\*in angeboten werden: Jede Mentor\*in mit freiem Platz ist durch eine Antwort mit „Muss passen“ ausgeschlossen/,
    },
  ] as const)(
    '$language: the reason and the empty list explained',
    async (c) => {
      const real = await startRealApi()
      api = real
      // Ann asks for French, the only mentor speaks German: the must-fit language knocks him out
      await real.publishedMentor('Max', aMentorAnswers(speaking('German')))
      const mentee = await real.readyMentee('Ann', aMenteeAnswers(speaking('French')))
      await draftedRun(real)
      const { user: admin, auth } = real.signedIn(real.admin)
      await renderWithProviders(<AppRoutes />, {
        route: '/administrator/cohort-matching',
        apiBaseUrl: real.url,
        user: admin,
        auth,
        language: c.language,
      })
      expect(await screen.findByText(c.reason, undefined, LOAD)).toBeTruthy()
      const user = userEvent.setup()
      await user.click(await screen.findByRole('button', { name: new RegExp(`^${c.pick.replace('*', '\\*')} ${mentee.lastName}`) }))
      const dialog = await screen.findByRole('dialog', { hidden: true })
      expect(await within(dialog).findByText(c.none, undefined, LOAD)).toBeTruthy()
    },
    60_000,
  )

  it('a mentor who passes the must-fit questions but stays below the minimum percentage is not called a knock-out', async () => {
    const real = await startRealApi()
    api = real
    await real.publishedMentor('Max', aMentorAnswers(speaking('French')))
    await real.readyMentee('Ann', aMenteeAnswers(speaking('French')))
    await draftedRun(real, 100)
    const { user: admin, auth } = real.signedIn(real.admin)
    await renderWithProviders(<AppRoutes />, {
      route: '/administrator/cohort-matching',
      apiBaseUrl: real.url,
      user: admin,
      auth,
      language: 'en',
    })
    expect(
      await screen.findByText(
        'No mentor fits: every free mentor who passes the must-fit questions stays below the minimum percentage, or no mentor has a free place',
        undefined,
        LOAD,
      ),
    ).toBeTruthy()
    expect(screen.queryByText(/a must-fit answer knocks every free mentor out/)).toBeNull()
  }, 60_000)
})
