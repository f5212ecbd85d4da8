// The identity pages in real Chromium: a person signs up by filling labelled fields, and axe finds
// no accessibility violations on sign-in, sign-up (with errors), forgot and reset, in en and de;
// the sign-in page paints without waiting for another file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromium, type Browser, type Page } from 'playwright-core'
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { pkce, startHarness, type Harness } from './support/harness.js'
import { DATABASES } from './support/databases.js'

describe.each(DATABASES)('on %s', (database) => {
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

  let h: Harness
  let browser: Browser
  beforeAll(async () => {
    h = await startHarness({ database })
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
  })
  afterAll(async () => {
    await browser.close()
    await h.close()
  })

  const authorizeUrl = (extra: Readonly<Record<string, string>> = {}): string =>
    `${h.baseUrl}/oidc/auth?${new URLSearchParams({
      client_id: 'tandem-web',
      response_type: 'code',
      redirect_uri: h.redirectUri,
      scope: 'openid offline_access profile email',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
      state: 'browser',
      ...extra,
    }).toString()}`

  type AxeResult = { violations: { id: string; help: string; nodes: unknown[] }[] }
  const axeViolations = async (page: Page): Promise<string[]> => {
    await page.addScriptTag({ content: axeSource })
    const result = await page.evaluate(async () => await (globalThis as unknown as { axe: { run: () => Promise<AxeResult> } }).axe.run())
    return result.violations.map((v) => `${v.id}: ${v.help}`)
  }

  describe('identity pages in a browser', () => {
    it('paints the sign-in page from the page alone: its style is inside it, no stylesheet, font or script to wait for', async () => {
      const page = await browser.newPage()
      const fetched: string[] = []
      page.on('request', (request) => {
        if (['stylesheet', 'font', 'script', 'image'].includes(request.resourceType()))
          fetched.push(`${request.resourceType()} ${request.url()}`)
      })
      await page.goto(authorizeUrl())
      await page.getByRole('button', { name: 'Sign in' }).waitFor()
      expect(fetched).toEqual([])
      // the page's own style is applied (the test's tsconfig has no DOM types: the check is a string)
      expect(await page.evaluate<string>("getComputedStyle(document.querySelector('button.primary')).backgroundColor")).toBe(
        'rgb(15, 108, 189)',
      )
      await page.close()
    })

    it('lets a person sign up by label and returns to the app with a code', async () => {
      const page = await browser.newPage()
      await page.goto(authorizeUrl({ screen_hint: 'signup' }))
      await page.getByLabel('First name').fill('Grace')
      await page.getByLabel('Last name').fill('Hopper')
      await page.getByLabel('Date of birth').fill('1986-12-09')
      await page.getByLabel('Gender').selectOption('Female')
      await page.getByLabel('E-mail address').fill('grace@example.org')
      await page.getByLabel('Password').fill('compiler-1952')
      await page.getByLabel('I accept the terms and conditions.').check()
      await page.getByLabel('I have read and accept the data privacy policy.').check()
      await Promise.all([
        page.waitForURL((url) => url.searchParams.has('code')),
        page.getByRole('button', { name: 'Create account' }).click(),
      ])
      expect(new URL(page.url()).searchParams.get('state')).toBe('browser')
      await page.close()
    })

    for (const language of ['en', 'de'] as const) {
      it(`has no axe violations on sign-in, sign-up with errors, forgot and reset (${language})`, async () => {
        const page = await browser.newPage()
        await page.goto(authorizeUrl({ ui_locales: language }))
        const found: string[] = [...(await axeViolations(page)).map((v) => `sign-in: ${v}`)]
        await page.goto(authorizeUrl({ ui_locales: language, screen_hint: 'signup' }))
        await page.locator('button[type=submit]').click()
        await page.waitForSelector('[role=alert]')
        found.push(...(await axeViolations(page)).map((v) => `sign-up: ${v}`))
        if (language === 'en') await page.screenshot({ path: `${h.dataDir}/signup-errors.png`, fullPage: true })
        await page.goto(`${h.baseUrl}/oidc/forgot?lang=${language}`)
        found.push(...(await axeViolations(page)).map((v) => `forgot: ${v}`))
        await page.goto(`${h.baseUrl}/oidc/reset?token=unknown&lang=${language}`)
        found.push(...(await axeViolations(page)).map((v) => `reset: ${v}`))
        expect(found).toEqual([])
        await page.close()
      })
    }
  })
})
