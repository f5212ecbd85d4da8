// The developer page GET /api/docs renders the API's own OpenAPI document in real Chromium, under
// the Content-Security-Policy the app sends, without a console error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStack, type Stack } from './support/harness.js'

let stack: Stack
beforeAll(async () => {
  stack = await startStack()
})
afterAll(async () => {
  await stack?.close()
})

describe('API documentation page', () => {
  it('loads, lists the routes with their paths and logs no error', async () => {
    const { page } = await stack.newPerson()
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    const response = await page.goto(`${stack.baseUrl}/api/docs`)
    expect(response?.status()).toBe(200)
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'/)
    await expect.poll(() => page.getByText('/api/MatchingTandem/AcceptProposal', { exact: true }).count()).toBeGreaterThan(0)
    expect(await page.getByText('/api/health', { exact: true }).count()).toBeGreaterThan(0)
    expect(await page.locator('.info .title').first().textContent()).toMatch(/Tandem API/)
    expect(problems).toEqual([])
  })
})
