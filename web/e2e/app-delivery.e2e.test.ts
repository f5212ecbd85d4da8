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

  /**
   * Signs a mentee up, then reloads while the dashboard chunk of the old build is gone; answers how
   * many times the tab loaded the app since. The route is in place before the sign-up, so the
   * browser's cache is off from the start and every chunk request reaches it. The app may ask for
   * the chunk more than once per load (the lazy import and a preload), so 'once' means: every
   * request of the first load after the update fails.
   */
  const signUpThenReloadWithoutDashboardChunk = async (page: Page, baseUrl: string, name: string, missing: 'once' | 'always') => {
    let armed = false
    let loads = 0
    let gone = 0
    // The chunk of the old build is gone: ask the real server for a name it does not have (404).
    await page.route(/\/assets\/Dashboard-[^/]+\.js$/, async (route) => {
      if (armed && (missing === 'always' || loads === 1)) {
        gone += 1
        await route.continue({ url: route.request().url().replace(/\.js$/, '-gone.js') })
      } else await route.continue()
    })
    // Counts the tab's decisions to reload (each writes its time to session storage, which survives reloads).
    await page.addInitScript(() => {
      const { setItem } = Object.getOwnPropertyDescriptors(Storage.prototype)
      const write = setItem?.value as (this: Storage, key: string, value: string) => void
      Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
        if (key === 'tandem.chunk-reload-at')
          write.call(this, 'test.reload-decisions', String(Number(this.getItem('test.reload-decisions') ?? '0') + 1))
        write.call(this, key, value)
      }
    })
    await register(page, baseUrl, aPerson(name), 'mentee')
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) loads += 1
    })
    armed = true
    await page.reload()
    return { loads: () => loads, gone: () => gone }
  }

  it('reloads once when a lazy chunk is missing, then shows the dashboard of the new build', async () => {
    const { page } = await stack.newPerson()
    const tab = await signUpThenReloadWithoutDashboardChunk(page, stack.baseUrl, 'Stale', 'once')
    await expect.poll(tab.loads, { timeout: 20_000 }).toBe(2)
    await page.getByRole('heading', { level: 1, name: 'Matching' }).waitFor()
    expect(tab.gone()).toBeGreaterThan(0)
    expect(tab.loads()).toBe(2)
  })

  it('does not reload again when the chunk stays missing: it shows the error', async () => {
    const { page } = await stack.newPerson()
    const tab = await signUpThenReloadWithoutDashboardChunk(page, stack.baseUrl, 'Gone', 'always')
    await page.getByText('an unexpected error', { exact: false }).waitFor()
    // The tab decides synchronously, in the failed load's handler, to reload (and write the time of
    // it) or to show the error: the error is on the screen and the time was written once, so no
    // further reload was decided.
    expect(await page.evaluate(() => sessionStorage.getItem('test.reload-decisions'))).toBe('1')
    expect(tab.gone()).toBeGreaterThan(0)
    expect(tab.loads()).toBe(2)
  })
})
