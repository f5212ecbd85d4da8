// "What the outcomes say" against the real API (docs/learning.md): with too few finished teams the
// page says so and offers nothing to try; with 260 finished teams it says per question, in plain
// words, how often the pairs who shared an answer were good, shows the suggested weight beside
// today's, and "Try in a draft" saves the suggestion into the draft and opens the editor. English and German.
import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DAY, type QuestionnaireDraftView } from '@tandem/core'
import { PAIR } from '@tandem/fixtures'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'
import { seedFinishedTeams } from '../../adapters/server/test/support/learning.population.js'

let api: RealApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

const NOW = Date.UTC(2026, 5, 1)

/** One real matched team; with `finished`, 260 finished teams of a program year beside it. */
const population = async (finished: boolean) => {
  const real = await startRealApi({ now: NOW })
  api = real
  const team = await real.matchedTeam()
  if (finished)
    await seedFinishedTeams(real.server.db, {
      realTandemId: team.matchingTandemId,
      clusterId: null,
      count: 260,
      matchedAt: NOW - 200 * DAY,
    })
  return real
}

const open = async (real: RealApi, language: 'en' | 'de') => {
  const { user: admin, auth } = real.signedIn(real.admin)
  await renderWithProviders(<AppRoutes />, { route: '/administrator/learning', apiBaseUrl: real.url, user: admin, auth, language })
  return userEvent.setup()
}

/** The first look waits for the signed-in shell and the admin chunk, slow on a loaded machine. */
const FIRST_LOOK = { timeout: 15_000 }

const rowOf = (table: HTMLElement, question: string) => {
  const row = within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByText(question, { exact: false }) !== null)
  if (row === undefined) throw new Error(`no row for ${question}`)
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent)
}

describe('the page "What the outcomes say"', () => {
  it('says there is not enough to learn from and offers nothing to try', async () => {
    const real = await population(false)
    await open(real, 'en')
    expect(await screen.findByRole('link', { name: 'What the outcomes say' }, FIRST_LOOK)).toBeTruthy()
    expect(
      await screen.findByText('There is not enough to learn from yet: fewer than 5 finished teams, 200 are needed. Nothing is suggested.'),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Try in a draft' })).toBeNull()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('says per question what the outcomes say, and tries the suggestion in a draft', async () => {
    const real = await population(true)
    const before = await real.expectOk(real.call<QuestionnaireDraftView>(real.admin, 'GET', '/api/Admin/GetQuestionnaireDraft'), 'draft')
    const user = await open(real, 'en')
    const table = await screen.findByRole('table', { name: 'What the outcomes say per question' }, FIRST_LOOK)
    const industries = rowOf(table, 'Which industries are you interested in?')
    expect(industries[1]).toContain('Pairs who shared the answer were good 80 % of the time, others 20 %.')
    expect(industries[1]).toContain('Sharing it goes with better teams')
    expect(industries[2]).toBe('2')
    expect(industries[3]).toMatch(/^\d+ \(raised\)$/)
    expect(industries[4]).toBe('260')
    expect(rowOf(table, 'How would you like to meet?')[3]).toBe('1 (kept)')
    expect(rowOf(table, 'In which languages would you like to hold the mentoring?')[0]).toContain('(must fit)')
    const figures = screen.getByRole('list', { name: 'Outcome figures' })
    expect(within(figures).getByText('260')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Try in a draft' }))
    expect(await screen.findByRole('heading', { name: 'Questionnaire', level: 2 }, FIRST_LOOK)).toBeTruthy()
    const after = await real.expectOk(real.call<QuestionnaireDraftView>(real.admin, 'GET', '/api/Admin/GetQuestionnaireDraft'), 'draft')
    expect(after.revision).toBe(before.revision + 1)
    const suggested = Number(industries[3]!.split(' ')[0])
    expect(after.draft.questions.find((q) => q.questionPairId === PAIR.industries)!.weight).toBe(suggested)
    expect(real.calls('POST /api/Admin/TryLearningInDraft').at(-1)?.body).toEqual({ clusterId: null, revision: before.revision })
  })

  it('narrows what the outcomes say to one program year', async () => {
    const real = await startRealApi({ now: NOW })
    api = real
    const team = await real.matchedTeam()
    const yearB = await real.createProgramYear('Year B')
    const yearC = await real.createProgramYear('Year C')
    await seedFinishedTeams(real.server.db, {
      realTandemId: team.matchingTandemId,
      clusterId: yearB,
      count: 260,
      matchedAt: NOW - 200 * DAY,
    })
    const user = await open(real, 'en')
    // all years: the 260 finished teams of Year B
    expect(await screen.findByRole('table', { name: 'What the outcomes say per question' }, FIRST_LOOK)).toBeTruthy()
    expect(within(screen.getByRole('list', { name: 'Outcome figures' })).getByText('260')).toBeTruthy()

    // Year C has no finished team: nothing to learn from, nothing to try
    await user.click(screen.getByRole('combobox', { name: 'Program year' }))
    await user.click(await screen.findByRole('option', { name: 'Year C' }))
    expect(await screen.findByText(/There is not enough to learn from yet/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Try in a draft' })).toBeNull()

    // Year B: its own report, and the suggestion tried is that year's
    await user.click(screen.getByRole('combobox', { name: 'Program year' }))
    await user.click(await screen.findByRole('option', { name: 'Year B' }))
    const table = await screen.findByRole('table', { name: 'What the outcomes say per question' })
    expect(rowOf(table, 'Which industries are you interested in?')[4]).toBe('260')
    expect(real.calls('GET /api/Admin/GetLearningReport').map((c) => c.query)).toEqual(
      expect.arrayContaining([{ clusterId: String(yearC) }, { clusterId: String(yearB) }]),
    )
    await user.click(screen.getByRole('button', { name: 'Try in a draft' }))
    await waitFor(() => expect(real.calls('POST /api/Admin/TryLearningInDraft').at(-1)?.body).toMatchObject({ clusterId: yearB }))
  })

  it('speaks German', async () => {
    const real = await population(true)
    await open(real, 'de')
    const table = await screen.findByRole('table', { name: 'Was die Ergebnisse je Frage sagen' }, FIRST_LOOK)
    const industries = rowOf(table, 'Für welche Branchen interessieren Sie sich?')
    expect(industries[1]).toContain('Paare mit derselben Antwort waren in 80 % der Fälle gut, die anderen in 20 %.')
    expect(industries[3]).toMatch(/^\d+ \(erhöht\)$/)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Im Entwurf ausprobieren' })).toBeTruthy())
  })
})
