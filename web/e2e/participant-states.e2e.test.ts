// Issue 42's budgets in every participant state (docs/web.md, "Budgets per state"), measured in one
// walk through the states (support/states.ts) on one real server. At each state the dashboard is
// loaded cold (cache disabled) on a slow line at 390 px: that one load gives its layout shift and
// the compressed JavaScript it fetched (each file once, bundle.budget.ts); a second load at 1366 px
// gives the layout shift there. The pages whose content depends on the state are loaded the same
// way at 390 px in the states that change them (PAGES_IN_STATE). The pages do not move after their
// first paint (the layout shift a person sees stays below 0.1, Chromium's "good" limit; each shift is
// reported with the elements that moved), and each cold load fetches at most 250 KiB (the files are
// named when it is over). A mentee's dashboard with a proposal keeps the older, tighter guard
// (decision 0030), fetches none of the admin, questionnaire or dialog code, asks for the
// configuration and the person once; a signed-out visitor of the dashboard loads none of the app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page, Request, Response } from 'playwright-core'
import { startStack, type Stack } from './support/harness.js'
import { PAGES_IN_STATE, PARTICIPANT_STATES, walkThroughStates, type ParticipantState } from './support/states.js'
import {
  DASHBOARD_JS_BUDGET_BYTES,
  eachFileOnce,
  formatKiB,
  PULSE_QUESTION_JS_BYTES,
  STATE_JS_BUDGET_BYTES,
  totalBytes,
  type ScriptTransfer,
} from '../bundle.budget.js'

const OBSERVE = `(() => {
  const shifts = []
  globalThis.__shifts = shifts
  const name = (n) => { const e = n && (n.nodeType === 1 ? n : n.parentElement); return e ? e.tagName.toLowerCase() + ' "' + (e.textContent || '').replace(/\\s+/g, ' ').slice(0, 40) + '"' : '?' }
  const record = (entries) => {
    for (const e of entries) if (!e.hadRecentInput) shifts.push({ value: e.value, moved: (e.sources || []).map((s) => name(s.node)) })
  }
  const observer = new PerformanceObserver((l) => record(l.getEntries()))
  observer.observe({ type: 'layout-shift', buffered: true })
  // the shifts of the frames painted so far, those not yet handed to the observer's callback too
  globalThis.__takeShifts = () => { record(observer.takeRecords()); return shifts }
})()`

type Shift = { readonly value: number; readonly moved: readonly string[] }
type SlowLoad = { readonly shifts: readonly Shift[]; readonly scripts: readonly ScriptTransfer[] }

const heading = (page: Page) => () => page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 })

/**
 * Loads the address cold (the browser cache disabled) on a slow line (1.6 Mbit/s, 150 ms): the
 * layout shifts once everything has arrived, and every script fetched with the compressed size that
 * crossed the wire, each file once.
 */
const slowColdLoad = async (page: Page, url: string, ready: () => Promise<unknown> = heading(page)): Promise<SlowLoad> => {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  })
  const responses: Promise<ScriptTransfer>[] = []
  const listener = (response: Response) => {
    if (response.request().resourceType() !== 'script') return
    responses.push(
      (async () => ({
        file: new URL(response.url()).pathname,
        encoding: (await response.headerValue('content-encoding')) ?? 'identity',
        bytes: (await response.request().sizes()).responseBodySize,
      }))(),
    )
  }
  page.on('response', listener)
  try {
    // a cold load on the slow line with the cache off: on a loaded machine its load event can take
    // longer than the harness's 20 s default (a CI run timed out there once), so it gets a minute
    await page.goto(url, { timeout: 60_000 })
    await ready()
    await page.waitForLoadState('networkidle', { timeout: 60_000 })
    // everything has arrived: the fonts applied and two frames painted with it, then the shifts taken
    await page.evaluate(async () => {
      await document.fonts.ready
      await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)))
    })
    const shifts = await page.evaluate(() => (globalThis as unknown as { __takeShifts: () => Shift[] }).__takeShifts())
    return { shifts, scripts: eachFileOnce(await Promise.all(responses)) }
  } finally {
    page.off('response', listener)
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false })
    await cdp.detach()
  }
}

const PHONE = { width: 390, height: 844 } as const
const DESKTOP = { width: 1366, height: 900 } as const

type Measured = {
  readonly state: ParticipantState
  readonly page: string
  readonly width: number
  readonly total: number
  readonly shifts: readonly Shift[]
  /** The cold load's scripts; only the 390 px load is counted. */
  readonly scripts?: readonly ScriptTransfer[]
}

const sum = (shifts: readonly Shift[]) => shifts.reduce((s, x) => s + x.value, 0)
const filesOf = (scripts: readonly ScriptTransfer[]) =>
  [...scripts]
    .sort((a, b) => b.bytes - a.bytes)
    .map((x) => `${x.file.replace('/assets/', '')} ${formatKiB(x.bytes)}`)
    .join(', ')

let stack: Stack
const measured: Measured[] = []
/** What the proposals dashboard asked for on a plain reload: the paths, and who started the configuration's request. */
let proposalsReload: { readonly asked: readonly string[]; readonly configInitiators: readonly string[] } | undefined

beforeAll(async () => {
  stack = await startStack()
  const observed = new Set<Page>()
  await walkThroughStates(stack, async (state, page, person) => {
    if (!observed.has(page)) {
      observed.add(page)
      await page.addInitScript(OBSERVE)
    }
    // with proposals, the dashboard counts until a proposal's Accept button shows
    const ready =
      state === 'mentee: proposals'
        ? () => page.getByRole('button', { name: 'Accept' }).first().waitFor({ timeout: 60_000 })
        : heading(page)
    await page.setViewportSize(PHONE)
    const phone = await slowColdLoad(page, `${stack.baseUrl}/`, ready)
    measured.push({ state, page: 'dashboard', width: PHONE.width, total: sum(phone.shifts), shifts: phone.shifts, scripts: phone.scripts })
    console.log(`JS ${state}, dashboard: ${formatKiB(totalBytes(phone.scripts))}: ${filesOf(phone.scripts)}`)
    await page.setViewportSize(DESKTOP)
    const desktop = await slowColdLoad(page, `${stack.baseUrl}/`, ready)
    measured.push({ state, page: 'dashboard', width: DESKTOP.width, total: sum(desktop.shifts), shifts: desktop.shifts })

    if (state === 'mentee: proposals') {
      // a preload the app's own request does not take would be fetched twice
      const asked: string[] = []
      const record = (request: Request) => asked.push(new URL(request.url()).pathname)
      page.on('request', record)
      await page.reload()
      await ready()
      await page.waitForLoadState('networkidle')
      page.off('request', record)
      const configInitiators = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .flatMap((e) => (e.name.endsWith('/app-config.json') ? [(e as PerformanceResourceTiming).initiatorType] : [])),
      )
      proposalsReload = { asked, configInitiators }
    }

    await page.setViewportSize(PHONE)
    for (const other of PAGES_IN_STATE[state] ?? []) {
      const load = await slowColdLoad(page, `${stack.baseUrl}${await other.path(stack, person)}`)
      measured.push({ state, page: other.name, width: PHONE.width, total: sum(load.shifts), shifts: load.shifts, scripts: load.scripts })
      console.log(`JS ${state}, ${other.name}: ${formatKiB(totalBytes(load.scripts))}: ${filesOf(load.scripts)}`)
    }
  })
  for (const m of measured)
    console.log(
      `${m.state}, ${m.page} at ${m.width} px: CLS ${m.total.toFixed(3)}${m.scripts === undefined ? '' : `, JS ${formatKiB(totalBytes(m.scripts))} in ${m.scripts.length} files`}${m.total >= 0.01 ? `; moved: ${m.shifts.map((x) => `${x.value.toFixed(3)} ${x.moved.join(' + ')}`).join('; ')}` : ''}`,
    )
}, 900_000)
afterAll(async () => {
  await stack?.close()
})

const dashboard = (state: ParticipantState) => {
  const phone = measured.find((m) => m.state === state && m.page === 'dashboard' && m.scripts !== undefined)
  if (phone?.scripts === undefined) throw new Error(`the dashboard was not measured in the state "${state}"`)
  return phone.scripts
}

describe('every participant state', () => {
  it('the walk measured the dashboard in every state of docs/web.md, at 390 and 1366 px, and the pages of PAGES_IN_STATE', () => {
    expect([...new Set(measured.filter((m) => m.page === 'dashboard').map((m) => m.state))]).toEqual([...PARTICIPANT_STATES])
    for (const state of PARTICIPANT_STATES)
      expect({
        state,
        pages: measured.filter((m) => m.state === state).map((m) => `${m.page} ${m.width}`),
      }).toEqual({
        state,
        pages: ['dashboard 390', 'dashboard 1366', ...(PAGES_IN_STATE[state] ?? []).map((p) => `${p.name} 390`)],
      })
  })

  it('the dashboard shifts by less than 0.1 at 390 px and at 1366 px, and the other pages at 390 px, in every state', () => {
    expect(measured.filter((m) => m.total >= 0.1)).toEqual([])
  })

  it('the cold load of every page fetches at most 250 KiB of compressed JavaScript in every state (an open pulse question: its measured cost)', () => {
    // the pulse's form beside the meetings card is over the budget (decision 0039): guarded at what it costs
    const budgetOf = (m: Measured) =>
      m.state === 'mentee: pulse open' && m.page === 'dashboard' ? PULSE_QUESTION_JS_BYTES : STATE_JS_BUDGET_BYTES
    const over = measured.flatMap((m) =>
      m.scripts !== undefined && totalBytes(m.scripts) > budgetOf(m)
        ? [`${m.state}, ${m.page}: ${formatKiB(totalBytes(m.scripts))}: ${filesOf(m.scripts)}`]
        : [],
    )
    expect(over).toEqual([])
  })

  it("a mentee's cold load of the dashboard with a proposal stays within its budget of compressed JavaScript, brotli on the wire, none of it admin, questionnaire or dialog code", () => {
    const scripts = dashboard('mentee: proposals')
    console.log(
      `dashboard cold load with a proposal: ${formatKiB(totalBytes(scripts))} of JavaScript on the wire in ${scripts.length} files`,
    )
    expect(scripts.length).toBeGreaterThan(1)
    // files under 1 KiB are not worth compressing
    expect(scripts.filter((s) => s.encoding !== 'br' && s.bytes > 1024)).toEqual([])
    expect(scripts.map((s) => s.file).join(' ')).not.toMatch(/AdminRoutes|QuestionnairePage|DecisionDialogs|\/de-|\/sign-in-/)
    expect({
      total: formatKiB(totalBytes(scripts)),
      within: totalBytes(scripts) <= DASHBOARD_JS_BUDGET_BYTES,
      files: filesOf(scripts),
    }).toMatchObject({
      within: true,
    })
  })

  it('asks for the configuration once, started by index.html with the scripts, and for the person once', () => {
    expect(proposalsReload).toBeDefined()
    const { asked, configInitiators } = proposalsReload ?? { asked: [], configInitiators: [] }
    // a preload the app's own request does not take would be fetched twice
    expect(asked.filter((p) => p === '/app-config.json')).toHaveLength(1)
    expect(configInitiators).toEqual(['link'])
    // the details asked before the first render are the ones the pages read
    expect(asked.filter((p) => p === '/api/Account/GetUserDetails')).toHaveLength(1)
  })
})

describe('signed out', () => {
  it('sends a signed-out visitor of the dashboard on to the provider with the sign-in entry alone, German for a German browser', async () => {
    const { page: visitor } = await stack.newPerson('de-DE')
    const scripts: string[] = []
    const pages: URL[] = []
    visitor.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
      if (request.isNavigationRequest()) pages.push(new URL(request.url()))
    })
    await visitor.goto(`${stack.baseUrl}/matching?tab=1#top`)
    await visitor.waitForURL((url) => url.pathname.startsWith('/oidc/'))
    const app = scripts.filter((s) => s.startsWith('/assets/'))
    expect(app.filter((s) => s.startsWith('/assets/sign-in-'))).toHaveLength(1)
    expect(app.filter((s) => /\/assets\/(index|i18n|api|hooks|jsx-runtime)-/.test(s))).toEqual([])
    const authorization = pages.find((url) => url.pathname.startsWith('/oidc/') && url.searchParams.has('code_challenge'))
    expect(authorization?.searchParams.get('ui_locales')).toBe('de')
    // the provider's page the person signs in on, in their language
    await visitor.getByRole('button', { name: 'Anmelden' }).waitFor()
  })
})
