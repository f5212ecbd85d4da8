// Broken or stale requests end on a page in the app's look with a generic text, never a stack trace.
// (The sign-in limits are the server's: adapters/server/test/sign-in.limits.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, alertText } from './support/http.client.js'
import { startAuthorization, startHarness, type Harness } from './support/harness.js'
import { DATABASES } from './support/databases.js'

describe.each(DATABASES)('on %s', (database) => {
  let h: Harness
  beforeAll(async () => {
    h = await startHarness({ database })
  })
  afterAll(async () => h.close())

  describe('error pages and limits', () => {
    it('shows the error page for an unknown client instead of redirecting anywhere', async () => {
      const reply = await new Browser(h.baseUrl).get(
        '/oidc/auth?client_id=intruder&response_type=code&scope=openid&redirect_uri=https://evil.example/',
      )
      expect(reply.status).toBe(400)
      expect(reply.location).toBeUndefined()
      expect(reply.body).toContain('Something went wrong')
      expect(reply.body).not.toMatch(/at .*\.js:\d+/)
    })

    it('refuses a redirect URI that is not registered for the web app', async () => {
      const reply = await new Browser(h.baseUrl).get(
        `/oidc/auth?client_id=tandem-web&response_type=code&scope=openid&code_challenge=${'x'.repeat(43)}&code_challenge_method=S256&redirect_uri=https://evil.example/`,
      )
      expect(reply.status).toBe(400)
      expect(reply.location).toBeUndefined()
    })

    it('answers a stale interaction (lost cookie) with a page that leads back to the app', async () => {
      const flow = await startAuthorization(h)
      const stranger = new Browser(h.baseUrl)
      const reply = await stranger.get(flow.pageUrl)
      expect(reply.status).toBe(400)
      expect(reply.body).toContain('Something went wrong')
      expect(reply.body).toContain(`href="${h.baseUrl}/"`)
    })

    it('refuses a forgot-password form without its CSRF field', async () => {
      const browser = new Browser(h.baseUrl)
      await browser.get('/oidc/forgot')
      const reply = await browser.post('/oidc/forgot', { email: 'csrf@example.org', csrf: 'guess' })
      expect(reply.status).toBe(403)
      expect(alertText(reply.body)).toContain('The form has expired')
    })
  })
})
