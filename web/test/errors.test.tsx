import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useAppStore } from '../src/state/hooks.js'
import { ErrorPage } from '../src/features/errors/ErrorPage.js'
import { ErrorBoundary } from '../src/features/errors/ErrorBoundary.js'
import { reportError } from '../src/features/errors/error-reporting.js'
import { AppRoutes } from '../src/routes/routes.js'
import { renderWithProviders, aSignedInUser, standInAuth } from './utils/renderWithProviders.js'
import { fail, ok, startApiServer, type ApiServer } from './utils/apiServer.js'

let server: ApiServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

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
    server = await startApiServer({ 'GET /api/Account/GetUserDetails': () => fail(401, 'Unauthorized') })
    await renderWithProviders(<AppRoutes />, { route: '/matching', apiBaseUrl: server.url, user: aSignedInUser('mia@example.org') })
    expect(await screen.findByText('Error code 401')).toBeTruthy()
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
    server = await startApiServer({ 'POST /api/Logger/LogError': () => ok(true) })
    const original = console.error
    console.error = () => undefined
    try {
      await renderWithProviders(<ReportingBoundary />, { apiBaseUrl: server.url, user: aSignedInUser('mia@example.org') })
      expect(await screen.findByText('We are sorry, an unexpected error has occured. Please try again later.')).toBeTruthy()
      await waitFor(() => expect(server?.calls('POST /api/Logger/LogError').length).toBe(1))
      expect(String((server?.calls('POST /api/Logger/LogError')[0]?.body as { ErrorMessage: string }).ErrorMessage)).toContain(
        'screen exploded',
      )
    } finally {
      console.error = original
    }
  })

  it('does not report while offline', async () => {
    server = await startApiServer({ 'POST /api/Logger/LogError': () => ok(true) })
    const { store } = await renderWithProviders(<p>idle</p>, { apiBaseUrl: server.url })
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false })
    try {
      reportError(store, new Error('offline failure'))
      reportError(store, new Error('offline failure 2'))
    } finally {
      Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => true })
    }
    reportError(store, new Error('online again'))
    await waitFor(() => expect(server?.calls('POST /api/Logger/LogError').length).toBe(1))
    expect(String((server?.calls('POST /api/Logger/LogError')[0]?.body as { ErrorMessage: string }).ErrorMessage)).toContain('online again')
  })
})

describe('failed loads', () => {
  it('shows the unexpected-error message when the proposals cannot be loaded', async () => {
    const { aStatus, aUser } = await import('./utils/builders.js')
    const user = aUser('mia@example.org', ['Mentee'], [aStatus('Mentee', 'NEW')])
    server = await startApiServer({
      'GET /api/Account/GetUserDetails': () => ok(user),
      'POST /api/Account/signin': () => ok(true),
      'POST /api/MatchingTandem/GetProposals': () => ({ status: 500, body: 'Internal Server Error' }),
      'GET /api/Questionnaire/GetQuestionAnswerPairs': () =>
        ok({ questionAnswerModel: [], isProfilePublished: false, statusByRole: 'NEW' }),
    })
    await renderWithProviders(<AppRoutes />, { route: '/matching', apiBaseUrl: server.url, user: aSignedInUser('mia@example.org') })
    expect(await screen.findByText('We are sorry, an unexpected error has occured. Please try again later.')).toBeTruthy()
  })

  it('tells the user when the server cannot be reached', async () => {
    const { aStatus, aUser } = await import('./utils/builders.js')
    const { unreachable } = await import('./utils/apiServer.js')
    const user = aUser('mia@example.org', ['Mentee'], [aStatus('Mentee', 'NEW')])
    server = await startApiServer({
      'GET /api/Account/GetUserDetails': () => ok(user),
      'POST /api/Account/signin': () => ok(true),
      'GET /api/User/GetUserProfile': unreachable,
    })
    const original = console.error
    console.error = () => undefined
    try {
      await renderWithProviders(<AppRoutes />, { route: '/user/account', apiBaseUrl: server.url, user: aSignedInUser('mia@example.org') })
      expect(await screen.findByText('The server cannot be reached. Please check your connection.')).toBeTruthy()
    } finally {
      console.error = original
    }
  })
})
