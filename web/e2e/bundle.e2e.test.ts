// A participant's cold load of the dashboard stays within its budget of compressed JavaScript (the
// budget is 228 KiB, bundle.budget.ts, decision 0030): admin screens, the questionnaire, dialogs and the other
// language's texts load only when needed. A signed-out visitor of the dashboard loads none of the
// app: only what the redirect to the provider needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startStack, type Stack } from './support/harness.js'
import { menteeWithProposal, publishedMentor } from './support/journeys.js'
import { coldLoadScripts, DASHBOARD_JS_BUDGET_BYTES, formatKiB, totalBytes } from '../bundle.budget.js'

let stack: Stack
beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

describe('bundle budget', () => {
  let page: Page

  it("a mentee's cold load of the dashboard with a proposal stays within the budget of compressed JavaScript, brotli on the wire, none of it admin, questionnaire or dialog code", async () => {
    await publishedMentor(stack)
    page = (await menteeWithProposal(stack)).page
    const scripts = await coldLoadScripts(page, () => page.getByRole('button', { name: 'Accept' }).first().waitFor())
    const total = totalBytes(scripts)
    console.log(`dashboard cold load: ${formatKiB(total)} of JavaScript on the wire in ${scripts.length} files`)
    for (const s of [...scripts].sort((a, b) => b.bytes - a.bytes)) console.log(`  ${s.file} ${formatKiB(s.bytes)} ${s.encoding}`)
    expect(scripts.length).toBeGreaterThan(1)
    // files under 1 KiB are not worth compressing
    expect(scripts.filter((s) => s.encoding !== 'br' && s.bytes > 1024)).toEqual([])
    expect(scripts.map((s) => s.file).join(' ')).not.toMatch(/AdminRoutes|QuestionnairePage|DecisionDialogs|\/de-|\/sign-in-/)
    expect(total).toBeLessThanOrEqual(DASHBOARD_JS_BUDGET_BYTES)
  })

  it('asks for the configuration once, started by index.html with the scripts, and for the person once', async () => {
    const asked: string[] = []
    const record = (request: import('playwright-core').Request) => asked.push(new URL(request.url()).pathname)
    page.on('request', record)
    await page.reload()
    await page.getByRole('button', { name: 'Accept' }).first().waitFor()
    await page.waitForLoadState('networkidle')
    page.off('request', record)
    // a preload the app's own request does not take would be fetched twice
    expect(asked.filter((p) => p === '/app-config.json')).toHaveLength(1)
    const initiators = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .flatMap((e) => (e.name.endsWith('/app-config.json') ? [(e as PerformanceResourceTiming).initiatorType] : [])),
    )
    expect(initiators).toEqual(['link'])
    // the details asked before the first render are the ones the pages read
    expect(asked.filter((p) => p === '/api/Account/GetUserDetails')).toHaveLength(1)
  })

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
