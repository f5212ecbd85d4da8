// The statistics page's pictures against the real server (docs/admin.md#statistics): five teams of a
// program year matched through the routes, each mentee's first pulse 4. The pulse scores other than 4
// are groups under 5: each is drawn as a dashed stub marked "< 5", never as an empty place that reads
// as zero; the axes carry titles; the ending reasons have a chart of their own, which says "too few
// answers to show yet" while every reason is such a group; at phone width the bar charts lie
// horizontal with a narrow label column. In English and German.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders } from './utils/renderWithProviders.js'
import { startRealApi, type Person, type RealApi } from './utils/realApi.js'

let api: RealApi | undefined
afterEach(async () => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  await api?.close()
  api = undefined
})

const DAY = 24 * 60 * 60 * 1000

/**
 * jsdom lays nothing out, so a chart's container measures 0 px and recharts draws nothing: the
 * container reports the width a browser would give it (and its own height).
 */
const containerWidth = (width: number) => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    // every other element measures 0 px, as jsdom answers
    if (!this.classList.contains('recharts-responsive-container')) return new DOMRect(0, 0, 0, 0)
    return new DOMRect(0, 0, width, parseFloat(this.style.height))
  })
}

const open = async (language: 'en' | 'de', width = 1100) => {
  containerWidth(width)
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
  real.clock.advance(30 * DAY + 60 * 60 * 1000)
  await real.sweepCheckIns()
  for (const t of teams) await answer(t.mentee, t.matchingTandemId, { kind: 'Pulse', round: 0 }, { kind: 'Pulse', score: 4, note: null })
  real.clock.advance(2 * DAY)
  const { user: admin, auth } = real.signedIn(real.admin)
  await renderWithProviders(<AppRoutes />, { route: '/administrator/statistics', apiBaseUrl: real.url, user: admin, auth, language })
  await screen.findAllByRole('region', {}, { timeout: 20_000 })
  return { api: real, user: userEvent.setup() }
}

const texts = (root: Element, selector: string) => [...root.querySelectorAll(selector)].map((e) => e.textContent?.trim())

/** Pretends the window is as narrow as a phone: the page asks `(max-width: 599px)`. */
const phoneWidth = () =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(max-width: 599px)',
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }))

describe('statistics page: hidden groups, axis titles, ending reasons, phone width', () => {
  it('draws a group under 5 as hidden, titles the axes and charts the ending reasons, in English', async () => {
    const { user } = await open('en')
    const section = await screen.findByRole('region', { name: 'Outcomes of the teams: Year A' }, { timeout: 20_000 })
    const picture = within(section).getByRole('img', { name: /^Chart: Outcomes of the teams: Year A/ })
    // score 4 is a bar of 5 answers; scores 1, 2, 3 and 5 of both series are hidden groups, each a marked stub
    const stubs = picture.querySelectorAll('[data-hidden-group]')
    expect(stubs).toHaveLength(9)
    expect(new Set(texts(picture, '[data-hidden-group] text'))).toEqual(new Set(['< 5']))
    expect(picture.querySelectorAll('[data-hidden-group] rect[stroke-dasharray]')).toHaveLength(9)
    expect(texts(picture, '.recharts-label')).toEqual(expect.arrayContaining(['Score (1 to 5)', 'Answers']))

    const funnel = within(await screen.findByRole('region', { name: 'Funnel per side' })).getByRole('img')
    expect(texts(funnel, '.recharts-label')).toEqual(expect.arrayContaining(['Stage', 'People']))

    const endings = await screen.findByRole('region', { name: 'Teams ended within 90 days, by reason: Year A' })
    expect(within(endings).getByText('Too few answers to show yet.')).toBeTruthy()
    expect(within(endings).queryByRole('img')).toBeNull()
    await user.click(within(endings).getByRole('button', { name: 'Show table: Teams ended within 90 days, by reason: Year A' }))
    const rows = within(within(endings).getByRole('table'))
      .getAllByRole('row')
      .map((r) => texts(r, 'th, td'))
    expect(rows[0]).toEqual(['Reason', 'Ended teams'])
    expect(rows).toContainEqual(['I no longer have time for the mentorship', 'fewer than 5'])
    expect(screen.queryByText('No data yet for the chosen program years and dates.')).toBeNull()
    // the first test of a busy run also waits for the lazy page and chart chunks
  }, 60_000)

  it('reads in German too', async () => {
    await open('de')
    const section = await screen.findByRole('region', { name: 'Ergebnisse der Teams: Year A' }, { timeout: 20_000 })
    const picture = within(section).getByRole('img')
    expect(picture.querySelectorAll('[data-hidden-group]')).toHaveLength(9)
    expect(texts(picture, '.recharts-label')).toEqual(expect.arrayContaining(['Wert (1 bis 5)', 'Antworten']))
    const endings = await screen.findByRole('region', { name: 'Innerhalb von 90 Tagen beendete Teams nach Grund: Year A' })
    expect(within(endings).getByText('Noch zu wenige Antworten, um etwas anzuzeigen.')).toBeTruthy()
  })

  it('lays the bar charts horizontally at phone width, labels in a narrow column, in German', async () => {
    phoneWidth()
    await open('de', 340)
    const section = await screen.findByRole('region', { name: 'Ergebnisse der Teams: Year A' }, { timeout: 20_000 })
    const picture = within(section).getByRole('img')
    // the scores are categories of the vertical axis: the bars run across the phone's width
    expect(texts(picture, '.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-label')).toEqual(['1', '2', '3', '4', '5'])
    const funnel = within(screen.getByRole('region', { name: 'Trichter je Seite' })).getByRole('img')
    expect(texts(funnel, '.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-label')).toContain('Registriert')
    // the label column keeps to 112 px of the chart: the bars keep the larger part
    const tick = funnel.querySelector<SVGTextElement>('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
    expect(Number(tick?.getAttribute('width'))).toBeLessThanOrEqual(112)
  })
})
