// Web part of `npm run bench`: the participant pages on a slow line, in Chromium. A published
// mentor and a mentee holding a proposal are set up on the real server; then each page is loaded
// cold on a phone-sized screen with the network and CPU throttled through the DevTools protocol
// (1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip, CPU 4x slower: Lighthouse's mobile "Slow 4G")
// and the browser's own performance entries give first and largest contentful paint, layout shift
// and blocking time, printed beside the budgets. Then Lighthouse 12 (it runs on Node 20; 13 needs
// Node 22) scores each participant page in its mobile profile: budget 90 for performance, 100 for
// accessibility.
import { join } from 'node:path'
import { loadavg } from 'node:os'
import type { Page } from 'playwright-core'
import { startStack } from '../web/e2e/support/harness.js'
import { menteeWithProposal, publishedMentor } from '../web/e2e/support/journeys.js'
import {
  coldLoadScripts,
  DASHBOARD_JS_BUDGET_BYTES,
  eachFileOnce,
  formatKiB,
  lazyChunks,
  STATE_JS_BUDGET_BYTES,
  totalBytes,
} from '../web/bundle.budget.js'
import { PAGES_IN_STATE, walkThroughStates } from '../web/e2e/support/states.js'
import { lighthouseScores, type ScoredPage } from './lighthouse.js'

const BUDGET = { headingMs: 2500, lcpMs: 2500, cls: 0.1, tbtMs: 200, performance: 90, accessibility: 100 } as const

type Vitals = { fcp: number; lcp: number; cls: number; tbt: number; heading: number }

/** Collects paint, layout-shift and long-task entries from the first byte on. */
const OBSERVE = `(() => {
  const v = { fcp: NaN, lcp: NaN, cls: 0, tbt: 0, heading: NaN, tasks: [] }
  globalThis.__vitals = v
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') v.fcp = e.startTime }).observe({ type: 'paint', buffered: true })
  new PerformanceObserver((l) => { for (const e of l.getEntries()) v.lcp = e.startTime }).observe({ type: 'largest-contentful-paint', buffered: true })
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) v.cls += e.value }).observe({ type: 'layout-shift', buffered: true })
  new PerformanceObserver((l) => { for (const e of l.getEntries()) v.tasks.push([e.startTime, e.duration]) }).observe({ type: 'longtask', buffered: true })
  const look = () => { const h = document.querySelector('h1'); if (h && h.textContent && h.getBoundingClientRect().height > 0) v.heading = performance.now(); else requestAnimationFrame(look) }
  requestAnimationFrame(look)
})()`

const throttledLoad = async (page: Page, url: string, ready: () => Promise<unknown>): Promise<Vitals> => {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await page.goto(url)
  await ready()
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(1000)
  const v = await page.evaluate(() => {
    const r = (globalThis as unknown as { __vitals: Vitals & { tasks: [number, number][] } }).__vitals
    // blocking time as Lighthouse counts it: the part of each long task over 50 ms, after first paint
    const tbt = r.tasks.filter(([start]) => start >= r.fcp).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0)
    return { fcp: r.fcp, lcp: r.lcp, cls: r.cls, tbt, heading: r.heading }
  })
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
  await cdp.detach()
  return v
}

const mark = (value: number, budget: number): string => (value <= budget ? 'ok' : 'OVER')

const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

/**
 * Issue 42's three figures per page and state (docs/web.md, "Budgets per state"): the dashboard of
 * every participant state, and the pages measured in the states that change them (PAGES_IN_STATE),
 * each with its cold-load JavaScript, its layout shift on the slow line at 390 px (the dashboard at
 * 1366 px too), and Lighthouse's mobile performance, each row with the machine's load average when
 * measured.
 */
const perState = async (): Promise<void> => {
  const stack = await startStack()
  try {
    console.log(
      `\nevery participant page and state; budgets: JS ${formatKiB(STATE_JS_BUDGET_BYTES)} brotli, CLS < ${BUDGET.cls} at 390 and 1366 px, Lighthouse mobile performance ${BUDGET.performance}`,
    )
    console.log('| state | page | JS KiB | CLS 390 px | CLS 1366 px | Lighthouse performance | load average (1, 5, 15 min) |')
    console.log('|---|---|---|---|---|---|---|')
    const observed = new Set<Page>()
    await walkThroughStates(stack, async (state, page, person) => {
      if (!observed.has(page)) {
        observed.add(page)
        await page.addInitScript(OBSERVE)
      }
      const heading = () => page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 })
      const pages = [
        { name: 'dashboard', path: '/', widths: [390, 1366] },
        ...(await Promise.all(
          (PAGES_IN_STATE[state] ?? []).map(async (p) => ({ name: p.name, path: await p.path(stack, person), widths: [390] })),
        )),
      ]
      for (const { name, path, widths } of pages) {
        await page.setViewportSize({ width: 390, height: 844 })
        await page.goto(`${stack.baseUrl}${path}`)
        const js = totalBytes(eachFileOnce(await coldLoadScripts(page, heading)))
        const cls: number[] = []
        for (const width of widths) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
          cls.push((await throttledLoad(page, `${stack.baseUrl}${path}`, heading)).cls)
        }
        const [lighthouse] = await lighthouseScores(page, [{ url: `${stack.baseUrl}${path}`, as: 'signed in' }])
        const performance = lighthouse?.performance ?? NaN
        const shift = (value: number | undefined) => (value === undefined ? '–' : `${value.toFixed(3)} ${mark(value, BUDGET.cls - 1e-9)}`)
        console.log(
          `| ${state} | ${name} | ${(js / 1024).toFixed(1)} ${mark(js, STATE_JS_BUDGET_BYTES)} | ${shift(cls[0])} | ${shift(cls[1])} | ${performance} ${performance >= BUDGET.performance ? 'ok' : 'UNDER'} | ${load()} |`,
        )
      }
    })
  } finally {
    await stack.close()
  }
}

export default async (): Promise<void> => {
  await perState()
  const stack = await startStack()
  try {
    await publishedMentor(stack)
    const { page } = await menteeWithProposal(stack)
    const accept = () => page.getByRole('button', { name: 'Accept' }).first().waitFor({ timeout: 60_000 })
    const scripts = await coldLoadScripts(page, accept)
    const total = totalBytes(scripts)
    console.log(
      `dashboard cold load: ${formatKiB(total)} of JavaScript on the wire (brotli) in ${scripts.length} files; budget ${formatKiB(DASHBOARD_JS_BUDGET_BYTES)} (${mark(total, DASHBOARD_JS_BUDGET_BYTES)})`,
    )
    for (const s of [...scripts].sort((a, b) => b.bytes - a.bytes)) console.log(`  ${s.file} ${formatKiB(s.bytes)} ${s.encoding}`)
    console.log(
      `largest lazy chunks (gzip): ${lazyChunks(join(import.meta.dirname, '../web/dist'))
        .slice(0, 5)
        .map((f) => `${f.file} ${formatKiB(f.gzipBytes)}`)
        .join(', ')}`,
    )

    await page.setViewportSize({ width: 390, height: 844 })
    await page.addInitScript(OBSERVE)
    const pages: readonly (readonly [string, string, () => Promise<unknown>])[] = [
      ['dashboard', '/', accept],
      ['questionnaire', '/user/mentee-profile', () => page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 })],
      ['account', '/user/account', () => page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 })],
      ['terms', '/terms-and-conditions', () => page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 })],
    ]
    console.log(
      `\nthrottled cold loads (1.6 Mbit/s, 150 ms, CPU 4x, 390 x 844); budgets: heading ${BUDGET.headingMs} ms, LCP ${BUDGET.lcpMs} ms, CLS ${BUDGET.cls}, TBT ${BUDGET.tbtMs} ms`,
    )
    console.log('| page | FCP ms | heading ms | LCP ms | CLS | TBT ms |')
    console.log('|---|---|---|---|---|---|')
    for (const [name, path, ready] of pages) {
      const v = await throttledLoad(page, `${stack.baseUrl}${path}`, ready)
      console.log(
        `| ${name} | ${v.fcp.toFixed(0)} | ${v.heading.toFixed(0)} ${mark(v.heading, BUDGET.headingMs)} | ${v.lcp.toFixed(0)} ${mark(v.lcp, BUDGET.lcpMs)} | ${v.cls.toFixed(3)} ${mark(v.cls, BUDGET.cls)} | ${v.tbt.toFixed(0)} ${mark(v.tbt, BUDGET.tbtMs)} |`,
      )
    }

    // Lighthouse also scores the other legal pages and the sign-in page as a person reaches it: by
    // opening the app's address while signed out (the app sends the browser on to sign in).
    const scored: readonly (readonly [string, ScoredPage])[] = [
      ...pages.map(([name, path]) => [name, { url: `${stack.baseUrl}${path}`, as: 'signed in' }] as const),
      ['privacy', { url: `${stack.baseUrl}/data-privacy-policy`, as: 'signed in' }],
      ['legal info', { url: `${stack.baseUrl}/legal-info`, as: 'signed in' }],
      ['sign-in (signed out, from /)', { url: `${stack.baseUrl}/`, as: 'signed out' }],
    ]
    const scores = await lighthouseScores(
      page,
      scored.map(([, p]) => p),
    )
    console.log(
      `\nLighthouse 12, mobile profile (Slow 4G, CPU 4x); budgets: performance ${BUDGET.performance}, accessibility ${BUDGET.accessibility}`,
    )
    console.log('| page | performance | accessibility | LCP ms | TBT ms | CLS |')
    console.log('|---|---|---|---|---|---|')
    scored.forEach(([name], i) => {
      const l = scores[i]
      if (l === undefined) return
      const atLeast = (value: number, budget: number) => (value >= budget ? 'ok' : 'UNDER')
      console.log(
        `| ${name} | ${l.performance} ${atLeast(l.performance, BUDGET.performance)} | ${l.accessibility} ${atLeast(l.accessibility, BUDGET.accessibility)} | ${l.lcp.toFixed(0)} | ${l.tbt.toFixed(0)} | ${l.cls.toFixed(3)} |`,
      )
    })
    console.log('\nlongest main-thread tasks (Lighthouse, throttled): start ms + duration ms, script')
    scored.forEach(([name], i) => {
      const tasks = scores[i]?.longTasks ?? []
      console.log(`  ${name}: ${tasks.map((t) => `${t.startMs.toFixed(0)}+${t.durationMs.toFixed(0)} ${t.url}`).join(', ')}`)
      console.log(
        `    largest contentful paint: ${scores[i]?.lcpElement ?? '?'}${scores[i]?.runtimeError === undefined ? '' : `; Lighthouse: ${scores[i]?.runtimeError}`}`,
      )
    })
  } finally {
    await stack.close()
  }
}
