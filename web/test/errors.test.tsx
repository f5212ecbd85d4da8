import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useAppStore } from '../src/state/hooks.js'
import { ErrorPage } from '../src/shared/ErrorPage.js'
import { ErrorBoundary } from '../src/features/errors/ErrorBoundary.js'
import { reportError } from '../src/features/errors/error-reporting.js'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders, aSignedInUser, standInAuth } from './utils/renderWithProviders.js'
import { startRealApi, type RealApi } from './utils/realApi.js'

let api: RealApi
beforeAll(async () => {
  api = await startRealApi()
})
afterAll(() => api.close())

/** A mentee who signed up, as the browser knows her. */
const aMentee = async () => {
  const mia = api.person('Mia')
  await api.signUp(mia, 'Mentee')
  return { mia, ...api.signedIn(mia) }
}

describe('error pages (docs/product.md#error-page)', () => {
  it('clears local, session and cookie storage and signs out from the 401 login link', async () => {
    const auth = standInAuth(aSignedInUser('mia@example.org'))
    window.localStorage.setItem('i18nextLng', 'en')
    window.sessionStorage.setItem('oidc.user', '{}')
    document.cookie = 'tracking=1; path=/'
    await renderWithProviders(<ErrorPage code={401} />, { auth, user: aSignedInUser('mia@example.org') })
    expect(screen.getByText('Sorry, but you are not allowed to access this page.')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Go to the login page' }))
    expect(window.localStorage.length).toBe(0)
    expect(window.sessionStorage.length).toBe(0)
    expect(document.cookie).not.toContain('tracking=1')
    expect(auth.calls.signOut).toBe(1)
  })

  it('shows the 403 page with a link home and the error code', async () => {
    await renderWithProviders(<ErrorPage code={403} />)
    expect(screen.getByRole('link', { name: 'homepage' }).getAttribute('href')).toBe('/')
    expect(screen.getByText('Error code 403')).toBeTruthy()
  })

  it('shows the 401 page when the server refuses the token', async () => {
    const { user } = await aMentee()
    // a token the identity provider did not sign
    await renderWithProviders(<AppRoutes />, {
      route: '/matching',
      apiBaseUrl: api.url,
      user,
      auth: standInAuth(user, 'forged.token.value'),
    })
    expect(await screen.findByText('Error code 401')).toBeTruthy()
    expect(api.calls('GET /api/Account/GetUserDetails').at(-1)?.status).toBe(401)
  })
})

const Boom = (): never => {
  throw new Error('screen exploded')
}

const ReportingBoundary = () => {
  const store = useAppStore()
  return (
    <ErrorBoundary onError={(e) => reportError(store, e)}>
      <Boom />
    </ErrorBoundary>
  )
}

describe('uncaught errors', () => {
  it('shows the unexpected-error message and reports the error to the logger while online', async () => {
    const { mia, user, auth } = await aMentee()
    const reported = () => api.calls('POST /api/Logger/LogError').filter((r) => r.authorization === `Bearer ${api.tokenFor(mia)}`)
    const original = console.error
    console.error = () => undefined
    try {
      await renderWithProviders(<ReportingBoundary />, { apiBaseUrl: api.url, user, auth })
      expect(await screen.findByText('We are sorry, an unexpected error has occured. Please try again later.')).toBeTruthy()
      await waitFor(() => expect(reported().map((r) => r.status)).toEqual([200]))
      expect(String((reported()[0]?.body as { ErrorMessage: string }).ErrorMessage)).toContain('screen exploded')
    } finally {
      console.error = original
    }
  })

  it('does not report while offline', async () => {
    const before = api.calls('POST /api/Logger/LogError').length
    const reported = () => api.calls('POST /api/Logger/LogError').slice(before)
    const { store } = await renderWithProviders(<p>idle</p>, { apiBaseUrl: api.url })
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false })
    try {
      reportError(store, new Error('offline failure'))
      reportError(store, new Error('offline failure 2'))
    } finally {
      Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true })
    }
    reportError(store, new Error('online again'))
    await waitFor(() => expect(reported().map((r) => r.status)).toEqual([200]))
    expect(String((reported()[0]?.body as { ErrorMessage: string }).ErrorMessage)).toContain('online again')
  })
})

describe('failed loads', () => {
  it('shows the unexpected-error message when the proposals cannot be loaded', async () => {
    const { user, auth } = await aMentee()
    api.faults.crashNext('POST /api/MatchingTandem/GetProposals')
    await renderWithProviders(<AppRoutes />, { route: '/matching', apiBaseUrl: api.url, user, auth })
    expect(await screen.findByText('We are sorry, an unexpected error has occured. Please try again later.')).toBeTruthy()
  })

  it('tells the user when the server cannot be reached', async () => {
    const { user, auth } = await aMentee()
    api.faults.dropNext('GET /api/User/GetUserProfile')
    const original = console.error
    console.error = () => undefined
    try {
      await renderWithProviders(<AppRoutes />, { route: '/user/account', apiBaseUrl: api.url, user, auth })
      expect(await screen.findByText('The server cannot be reached. Please check your connection.')).toBeTruthy()
    } finally {
      console.error = original
    }
  })
})
