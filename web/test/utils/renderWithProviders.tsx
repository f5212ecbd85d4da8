// Renders a screen the way the app does (store, translations, Fluent theme, auth port, router),
// at a route, against an API base URL, in a chosen language.
import type { ReactElement } from 'react'
import { render } from '@testing-library/react'
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router'
import type { Language } from '@tandem/core'
import { makeStore, type AppStore, type RootState } from '../../src/state/store.js'
import { Providers } from '../../src/shell/Providers.js'
import { createI18n } from '../../src/i18n/i18n.js'
import { configLoaded, userChanged } from '../../src/state/session.slice.js'
import type { AuthPort, SignedInUser } from '../../src/state/auth.port.js'
import type { AppConfig } from '../../src/state/config.js'
import { GatedRouter } from '../../src/shell/navigation.js'

export const testConfig = (apiBaseUrl: string): AppConfig => ({
  apiBaseUrl,
  oidc: { authority: 'http://127.0.0.1:1/oidc', clientId: 'tandem-web', scope: 'openid offline_access profile email' },
  organisation: {
    name: 'Tandem Mentoring e.V.',
    email: 'contact@tandem.example',
    phone: '+49 30 1234567',
    website: 'https://tandem.example',
  },
})

export type AuthCalls = { signIn: Parameters<AuthPort['signIn']>[0][]; signOut: number }

/** A stand-in for the identity provider port: a fixed user and token, calls recorded. */
export const standInAuth = (user: SignedInUser | null, token = 'test-token'): AuthPort & { calls: AuthCalls } => {
  const calls: AuthCalls = { signIn: [], signOut: 0 }
  return {
    calls,
    accessToken: async () => (user === null ? null : token),
    currentUser: async () => user,
    signIn: async (request) => {
      calls.signIn.push(request)
    },
    signOut: async () => {
      calls.signOut += 1
    },
    resetPassword: async () => undefined,
  }
}

export const aSignedInUser = (email: string, overrides: Partial<SignedInUser> = {}): SignedInUser => ({
  email,
  givenName: 'Mia',
  familyName: 'Muster',
  birthdate: '1990-04-07',
  gender: 'Female',
  locale: 'en',
  ...overrides,
})

export const renderWithProviders = async (
  ui: ReactElement,
  options: {
    readonly route?: string
    readonly apiBaseUrl?: string
    readonly user?: SignedInUser | null
    readonly auth?: AuthPort
    readonly language?: Language
    readonly preloadedState?: Partial<RootState>
    /** A store the test prepared (asked for data before the render); made here otherwise. */
    readonly store?: AppStore
  } = {},
) => {
  const user = options.user === undefined ? null : options.user
  const auth = options.auth ?? standInAuth(user)
  const store = options.store ?? makeStore(options.preloadedState, { auth })
  store.dispatch(configLoaded(testConfig(options.apiBaseUrl ?? 'http://127.0.0.1:1')))
  store.dispatch(userChanged(user))
  const i18n = await createI18n({ detect: false, language: options.language ?? 'en' })
  const view = render(
    <Providers store={store} i18n={i18n} auth={auth}>
      <GatedRouter history={createMemoryHistory({ initialEntries: [options.route ?? '/'], v5Compat: true })}>{ui}</GatedRouter>
    </Providers>,
  )
  return { ...view, store, i18n, auth }
}
