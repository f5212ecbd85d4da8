// A signed-out visitor of a page that needs sign-in is sent to the provider by index.html's start
// script (shell/start.choice.ts) before the app loads: it must choose exactly the pages the route
// table sends to sign-in, and leave everything else (public pages, the provider's answer, a stored
// session) to the app.
import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { AppRoutes } from '../src/routes/routes.js'
import { needsSignInFirst, startScripts } from '../src/shell/start.choice.js'
import { renderWithProviders, standInAuth } from './utils/renderWithProviders.js'

const noSession = () => window.sessionStorage

const PATHS = [
  '/',
  '/matching',
  '/user/account',
  '/user/mentee-profile',
  '/user/mentor-profile/',
  '/administrator/matching-tandems',
  '/administrator',
  '/register-as-mentee',
  '/register-as-mentor',
  '/terms-and-conditions',
  '/data-privacy-policy/de',
  '/legal-info',
  '/check-in',
  '/user',
  '/no-such-page',
] as const

describe('the start script', () => {
  for (const path of PATHS)
    it(`decides for ${path} as the route table does for a signed-out visitor`, async () => {
      const auth = standInAuth(null)
      await renderWithProviders(<AppRoutes />, { route: path, user: null, auth })
      // the route table has decided once it asked for a sign-in or drew a page with its heading
      await waitFor(() => expect(auth.calls.signIn.length > 0 || screen.queryByRole('heading', { level: 1 }) !== null).toBe(true))
      const sentToSignIn = auth.calls.signIn.some((call) => !call.signup)
      expect(needsSignInFirst({ pathname: path, search: '' }, noSession)).toBe(sentToSignIn)
    })

  it('leaves the provider answer to the app, which completes the sign-in', () => {
    expect(needsSignInFirst({ pathname: '/', search: '?code=abc&state=xyz' }, noSession)).toBe(false)
    expect(needsSignInFirst({ pathname: '/', search: '?error=access_denied&state=xyz' }, noSession)).toBe(false)
    expect(needsSignInFirst({ pathname: '/', search: '?tab=1' }, noSession)).toBe(true)
  })

  it('leaves a stored session to the app, which reads and renews it', () => {
    window.sessionStorage.setItem('oidc.user:http://localhost/oidc:tandem-web', '{}')
    expect(needsSignInFirst({ pathname: '/', search: '' }, noSession)).toBe(false)
  })

  it('starts the app when the browser refuses session storage', () => {
    const refused = () => {
      throw new DOMException('denied', 'SecurityError')
    }
    expect(needsSignInFirst({ pathname: '/', search: '' }, refused)).toBe(false)
  })

  it('adds the chosen entry and its modules to the head, and nothing of the other', () => {
    const app = { entry: '/assets/index.js', preloads: ['/assets/react.js', '/assets/fluent.js'] }
    const signIn = { entry: '/assets/sign-in.js', preloads: ['/assets/oidc-client-ts.js'] }
    const added = (signedOut: boolean) => {
      const before = new Set(document.head.children)
      startScripts(app, signIn, () => signedOut)
      const elements = [...document.head.children].filter((e) => !before.has(e))
      elements.forEach((e) => e.remove())
      return elements.map((e) =>
        e instanceof HTMLScriptElement
          ? `${e.type} ${new URL(e.src).pathname}`
          : `${(e as HTMLLinkElement).rel} ${new URL((e as HTMLLinkElement).href).pathname}`,
      )
    }
    expect(added(true)).toEqual(['module /assets/sign-in.js', 'modulepreload /assets/oidc-client-ts.js'])
    expect(added(false)).toEqual(['module /assets/index.js', 'modulepreload /assets/react.js', 'modulepreload /assets/fluent.js'])
  })
})
