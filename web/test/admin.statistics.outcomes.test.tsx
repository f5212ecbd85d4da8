// The statistics page's outcomes against the real server: five teams of a program year matched
// through the routes, all of them saying on day 14 that they met, their mentees' first pulse; the
// page shows a section for the year with the meeting shares, the scores as bars and every figure in
// its table (small groups as "fewer than 5"), in English and in German, and asks for its spreadsheet.
// Each team logged a session in its first month, one team two: on day 32 the five teams ran one full
// month each, 6 sessions in 5 team-months, and all five met at least monthly.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'

let api: RealApi | undefined
afterEach(async () => {
  await api?.close()
  api = undefined
})

const DAY = 24 * 60 * 60 * 1000

/** Five teams of "Year A", met by day 14, each mentee's first pulse 4; then the page, on day 32. */
const open = async (language: 'en' | 'de') => {
  const real = await startRealApi()
  api = real
  const year = await real.createProgramYear('Year A')
  const teams: Awaited<ReturnType<RealApi['matchedTeam']>>[] = []
  for (let i = 0; i < 5; i++) teams.push(await real.matchedTeam({ clusterId: year }))
  const answer = (who: Person, tandemId: number, occasion: unknown, reply: unknown) =>
    real.expectOk(
      real.call(who, 'POST', '/api/Mentorship/AnswerCheckIn', { email: who.email, matchingTandemId: tandemId, occasion, answer: reply }),
      'check-in answer',
    )
  real.clock.advance(14 * DAY + 60 * 60 * 1000)
  await real.sweepCheckIns()
  for (const t of teams) await answer(t.mentee, t.matchingTandemId, { kind: 'Met' }, { kind: 'Met', met: 'Yes' })
  const logSession = (who: Person, tandemId: number, daysAgo: number) =>
    real.expectOk(
      real.call(who, 'POST', '/api/Meeting/LogSession', {
        email: who.email,
        matchingTandemId: tandemId,
        startedAt: new Date(real.clock() - daysAgo * DAY).toISOString(),
        minutes: 60,
        note: '',
      }),
      'log session',
    )
  for (const t of teams) await logSession(t.mentee, t.matchingTandemId, 4)
  await logSession(teams[0]!.mentor, teams[0]!.matchingTandemId, 2)
  real.clock.advance(16 * DAY)
  await real.sweepCheckIns()
  for (const t of teams) await answer(t.mentee, t.matchingTandemId, { kind: 'Pulse', round: 0 }, { kind: 'Pulse', score: 4, note: null })
  real.clock.advance(2 * DAY)
  const { user: admin, auth } = real.signedIn(real.admin)
  await renderWithProviders(<AppRoutes />, { route: '/administrator/statistics', apiBaseUrl: real.url, user: admin, auth, language })
  await screen.findAllByRole('region', {}, { timeout: 20_000 })
  return { api: real, user: userEvent.setup() }
}

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent))

describe('statistics page: outcomes', () => {
  it("shows a program year's outcomes: shares, score bars and every figure in the table, small groups hidden", async () => {
    const { api, user } = await open('en')
    const section = await screen.findByRole('region', { name: 'Outcomes of the teams: Year A' }, { timeout: 20_000 })
    expect([...section.querySelectorAll('dt')].map((d) => d.textContent)).toEqual([
      'Met by day 14 (%)',
      'Met by day 30 (%)',
      'Sessions per team and month',
      'Meeting at least monthly (%)',
    ])
    expect([...section.querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['100', '100', '1.2', '100'])
    expect(within(section).getByRole('img', { name: /^Chart: Outcomes of the teams: Year A/ })).toBeTruthy()
    await user.click(within(section).getByRole('button', { name: 'Show table: Outcomes of the teams: Year A' }))
    const rows = cellsOf(within(section).getByRole('table'))
    expect(rows[0]).toEqual(['Figure', 'Value'])
    expect(rows).toContainEqual(['Teams matched at least 14 days ago', '5'])
    expect(rows).toContainEqual(['Met by day 30 (%)', '100'])
    expect(rows).toContainEqual(['Pulse answers with score 4', '5'])
    expect(rows).toContainEqual(['Pulse answers with score 5', 'fewer than 5'])
    expect(rows).toContainEqual(['Ended within 90 days: I no longer have time for the mentorship', 'fewer than 5'])
    expect(rows).toContainEqual(['Closing surveys with satisfaction 3', 'fewer than 5'])
    expect(rows).toContainEqual(['Teams that ran at least one full month', '5'])
    expect(rows).toContainEqual(['Sessions per team and month', '1.2'])
    expect(rows).toContainEqual(['Meeting at least monthly (%)', '100'])

    const saved = vi.spyOn(URL, 'createObjectURL')
    await user.click(within(section).getByRole('button', { name: 'Spreadsheet (xlsx): Outcomes of the teams: Year A' }))
    await waitFor(() => expect(api.calls('POST /api/Admin/ExportStatistics').map((r) => r.status)).toEqual([200]))
    // the file is saved before the test ends (the server stops after it)
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1))
    saved.mockRestore()
    expect(api.calls('POST /api/Admin/ExportStatistics')[0]?.query).toEqual({ chart: 'outcomes', language: 'en' })
  })

  it('reads in German too', async () => {
    const { user } = await open('de')
    const section = await screen.findByRole('region', { name: 'Ergebnisse der Teams: Year A' }, { timeout: 20_000 })
    expect([...section.querySelectorAll('dt')].map((d) => d.textContent)).toEqual([
      'Bis Tag 14 getroffen (%)',
      'Bis Tag 30 getroffen (%)',
      'Treffen pro Team und Monat',
      'Mindestens monatlich getroffen (%)',
    ])
    expect([...section.querySelectorAll('dd')].map((d) => d.textContent)).toEqual(['100', '100', '1,2', '100'])
    await user.click(within(section).getByRole('button', { name: /Ergebnisse der Teams: Year A$/, expanded: false }))
    const rows = cellsOf(within(section).getByRole('table'))
    expect(rows).toContainEqual(['Teams, die vor mindestens 14 Tagen gematcht wurden', '5'])
    expect(rows).toContainEqual(['Innerhalb von 90 Tagen beendet: Mir fehlt die Zeit für das Mentoring', 'weniger als 5'])
    expect(rows).toContainEqual(['Teams, die mindestens einen vollen Monat liefen', '5'])
  })
})
