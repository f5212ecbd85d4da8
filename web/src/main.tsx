// Browser entry: read the runtime configuration, finish a sign-in the provider sent back, set up
// languages, store and error reporting, then render the routes.
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router'
import { fetchAppConfig } from './state/config.js'
import { createOidcAuth, providerErrorAction } from './shell/auth.oidc.js'
import { makeStore } from './state/store.js'
import { configLoaded, userChanged } from './state/session.slice.js'
import { Providers } from './shell/Providers.js'
import { AppRoutes, preloadScreen } from './routes/routes.js'
import { GatedRouter } from './shell/navigation.js'
import { languageOf, startI18n } from './i18n/i18n.js'
import { installGlobalErrorReporting } from './features/errors/error-reporting.js'
import { installChunkReload } from './shell/chunk-reload.js'
import { showStartFailure } from './shell/start-failure.js'
import { prefetchPerson, prefetchScreenData } from './routes/prefetch.js'

installChunkReload()

const start = async (): Promise<void> => {
  const root = createRoot(document.getElementById('root') as HTMLElement)
  // On a slow line every round trip counts: the texts load while the configuration (preloaded by
  // index.html) arrives and the person's details are asked for; the screen's chunk is asked for
  // once the texts are in, so it does not compete with what the first paint needs.
  const { instance: interfaceLanguage, ready: texts } = startI18n({ detect: true })
  // awaited below; a failed configuration must not leave it an unhandled rejection
  texts.catch(() => undefined)
  const config = await fetchAppConfig()
  const auth = createOidcAuth(config)
  const store = makeStore(undefined, { auth })
  store.dispatch(configLoaded(config))
  installGlobalErrorReporting(store)

  const url = new URL(window.location.href)
  try {
    const outcome = await auth.completeSignInIfPresent(url)
    if (outcome !== null && 'returnTo' in outcome) {
      window.history.replaceState(null, '', outcome.returnTo)
    } else if (outcome !== null) {
      const action = providerErrorAction(outcome.error, outcome.description)
      window.history.replaceState(null, '', url.pathname)
      const language = languageOf(await texts)
      if (action === 'resetPassword') await auth.resetPassword(language)
      else await auth.signIn({ returnTo: '/', signup: false, language })
      return
    }
  } catch (e) {
    console.error('sign-in callback failed', e)
    window.history.replaceState(null, '', url.pathname)
  }
  const user = await auth.currentUser()
  store.dispatch(userChanged(user))
  // every page first asks who the person is: ask before the first render, not after it, and the
  // screen's own data with it (app/prefetch.ts), in the language detected while its texts load
  if (user !== null) {
    prefetchPerson(store, window.location.pathname, user.email)
    prefetchScreenData(store, window.location.pathname, user.email, languageOf(interfaceLanguage))
  }
  auth.onUserChanged((user) => store.dispatch(userChanged(user)))

  const i18n = await texts
  document.documentElement.lang = languageOf(i18n)
  // asked once per language: a no-op unless the texts settled on another language than detected
  if (user !== null) prefetchScreenData(store, window.location.pathname, user.email, languageOf(i18n))
  i18n.on('languageChanged', (l) => {
    document.documentElement.lang = l.slice(0, 2)
  })
  preloadScreen(window.location.pathname)

  // react-router's own browser history behind a gate that screens close to keep unsaved changes
  // (app/navigation.tsx); v5Compat tells the router of its own pushes too
  const history = createBrowserHistory({ v5Compat: true })
  // the first render as a transition: React draws it in slices that let the browser paint and
  // answer input in between, not as one task of ~200 ms on a slow phone
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers store={store} i18n={i18n} auth={auth}>
          <GatedRouter history={history}>
            <AppRoutes />
          </GatedRouter>
        </Providers>
      </StrictMode>,
    ),
  )
}

void start().catch((e: unknown) => {
  console.error(e)
  showStartFailure()
})
