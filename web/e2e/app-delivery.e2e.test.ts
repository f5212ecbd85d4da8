// How the app reaches the browser: over plain http under an office server's name (not only
// localhost) it renders, compressed scripts arrive as brotli, and a tab whose lazy chunk vanished
// in an update reloads once to the new build instead of breaking or reloading forever.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startStack, type Stack } from './support/harness.js'
import { aPerson, register } from './support/people.js'

// Chromium forces https on names of HSTS-preloaded top-level domains (.office is one, like .dev
// and .app), whatever the server sends; .lan is a name an office network really uses.
const OFFICE_HOST = 'tandem.lan'

describe('plain http under an office server name', () => {
  let stack: Stack
  beforeAll(async () => {
    stack = await startStack({}, { host: OFFICE_HOST })
  })
  afterAll(async () => {
    await stack?.close()
  })

  it('renders the page: scripts load over http, nothing is upgraded to https', async () => {
    expect(stack.baseUrl).toMatch(/^http:\/\/tandem\.lan:\d+$/)
    const { page } = await stack.newPerson()
    const failed: string[] = []
    const requested: string[] = []
    page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`))
    page.on('request', (r) => requested.push(r.url()))
    await page.goto(`${stack.baseUrl}/terms-and-conditions`)
    await page.getByRole('heading', { level: 1, name: 'Terms and conditions' }).waitFor()
    expect(failed).toEqual([])
    expect(requested.filter((u) => u.startsWith('https:'))).toEqual([])
    expect(requested.some((u) => /\/assets\/.+\.js$/.test(u))).toBe(true)
  })
})

describe('on loopback', () => {
  let stack: Stack
  beforeAll(async () => {
    stack = await startStack()
  })
  afterAll(async () => {
    await stack?.close()
  })

  it('sends every script brotli-compressed and cached as immutable', async () => {
    const { page } = await stack.newPerson()
    const scripts: { url: string; encoding: string | null; cache: string | null }[] = []
    page.on('response', async (r) => {
      if (!/\/assets\/.+\.js$/.test(r.url())) return
      scripts.push({ url: r.url(), encoding: await r.headerValue('content-encoding'), cache: await r.headerValue('cache-control') })
    })
    await page.goto(`${stack.baseUrl}/legal-info`)
    await page.waitForLoadState('networkidle')
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((s) => s.encoding !== 'br' || s.cache !== 'public, max-age=31536000, immutable')).toEqual([])
  })

  /** Signs a mentee up and answers how many times the tab loads the app on the next reload. */
  const reloadWithDashboardChunk = async (page: Page, missing: 'once' | 'always'): Promise<() => number> => {
    let loads = 0
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) loads += 1
    })
    let served = 0
    // The chunk of the old build is gone: ask the real server for a name it does not have (404).
    await page.route(/\/assets\/Dashboard-[^/]+\.js$/, async (route) => {
      served += 1
      if (missing === 'always' || served === 1) await route.continue({ url: route.request().url().replace(/\.js$/, '-gone.js') })
      else await route.continue()
    })
    await page.reload()
    return () => loads
  }

  it('reloads once when a lazy chunk is missing, then shows the dashboard of the new build', async () => {
    const { page } = await stack.newPerson()
    await register(page, stack.baseUrl, aPerson('Stale'), 'mentee')
    const loads = await reloadWithDashboardChunk(page, 'once')
    await page.getByRole('heading', { level: 1, name: 'Matching' }).waitFor()
    expect(loads()).toBe(2)
  })

  it('does not reload again when the chunk stays missing: it shows the error', async () => {
    const { page } = await stack.newPerson()
    await register(page, stack.baseUrl, aPerson('Gone'), 'mentee')
    const loads = await reloadWithDashboardChunk(page, 'always')
    await page.getByText('an unexpected error', { exact: false }).waitFor()
    await page.waitForTimeout(1500)
    expect(loads()).toBe(2)
  })
})
