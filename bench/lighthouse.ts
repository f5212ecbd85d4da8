// Lighthouse 12 (mobile profile: Slow 4G, CPU 4x, phone screen) on the participant pages, run in
// Debian's Chromium (chrome-launcher, CHROME_PATH). The pages need a signed-in person: the session
// oidc-client-ts keeps in the tab's session storage is copied from the journey's browser into the
// Lighthouse tab before each navigation, so Lighthouse loads the pages as that person, cold.
import { launch } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import puppeteer from 'puppeteer-core'
import type { Page } from 'playwright-core'

/** The browser's session storage, as far as used here (the bench compiles without the DOM types). */
type SessionStore = {
  readonly length: number
  key(i: number): string | null
  getItem(k: string): string | null
  setItem(k: string, v: string): void
}
export type LighthouseScores = {
  readonly performance: number
  readonly accessibility: number
  readonly tbt: number
  readonly lcp: number
  readonly cls: number
  /** The longest main-thread tasks (what blocks), each with the script Lighthouse blames. */
  /** What Lighthouse took as the largest contentful paint, and why a run scored nothing. */
  readonly lcpElement: string
  readonly runtimeError: string | undefined
  readonly longTasks: readonly { readonly url: string; readonly startMs: number; readonly durationMs: number }[]
}

type LongTaskItem = { readonly url?: unknown; readonly startTime?: unknown; readonly duration?: unknown }

const longTasksOf = (details: unknown): LighthouseScores['longTasks'] => {
  const items = (details as { readonly items?: readonly LongTaskItem[] } | undefined)?.items ?? []
  return items
    .map((i) => ({
      url: typeof i.url === 'string' ? i.url.replace(/^https?:\/\/[^/]+/, '') : '?',
      startMs: Number(i.startTime ?? NaN),
      durationMs: Number(i.duration ?? NaN),
    }))
    .sort((a, b) => b.durationMs - a.durationMs)
    .slice(0, 4)
}

const lcpElementOf = (details: unknown): string => {
  // a list of tables; the first names the element: { items: [{ node: { snippet } }] }
  const text = JSON.stringify(details ?? {})
  const snippet = /"snippet":"((?:[^"\\]|\\.)*)"/.exec(text)?.[1]
  return snippet === undefined ? '?' : snippet.slice(0, 120)
}

/** A page to score, and whether Lighthouse loads it as the signed-in person or as someone signed out. */
export type ScoredPage = { readonly url: string; readonly as: 'signed in' | 'signed out' }

export const lighthouseScores = async (signedIn: Page, pages: readonly ScoredPage[]): Promise<readonly LighthouseScores[]> => {
  const session = await signedIn.evaluate(() => {
    const s = (globalThis as unknown as { sessionStorage: SessionStore }).sessionStorage
    const keys = Array.from({ length: s.length }, (_, i) => s.key(i) ?? '').filter((k) => k.startsWith('oidc.user:'))
    return keys.map((k): [string, string] => [k, s.getItem(k) ?? ''])
  })
  const chrome = await launch({
    chromePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  })
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
  try {
    const scores: LighthouseScores[] = []
    for (const { url, as } of pages) {
      const page = await browser.newPage()
      if (as === 'signed in')
        await page.evaluateOnNewDocument((entries: readonly (readonly [string, string])[]) => {
          for (const [k, v] of entries) (globalThis as unknown as { sessionStorage: SessionStore }).sessionStorage.setItem(k, v)
        }, session)
      const result = await lighthouse(url, { logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, undefined, page)
      const lhr = result?.lhr
      if (lhr === undefined) throw new Error(`Lighthouse returned nothing for ${url}`)
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN
      scores.push({
        performance: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories['accessibility']?.score ?? 0) * 100),
        tbt: audit('total-blocking-time'),
        lcp: audit('largest-contentful-paint'),
        cls: audit('cumulative-layout-shift'),
        longTasks: longTasksOf(lhr.audits['long-tasks']?.details),
        lcpElement: lcpElementOf(lhr.audits['largest-contentful-paint-element']?.details),
        runtimeError: lhr.runtimeError?.message,
      })
      await page.close()
    }
    return scores
  } finally {
    await browser.disconnect()
    chrome.kill()
  }
}
