// Entry of a signed-out visit to a page that needs sign-in (chosen in index.html, shell/start.choice.ts):
// reads the configuration and sends the browser to the provider at once, with oidc-client-ts loaded
// beside this file rather than after it, and without React, Fluent UI, the texts or the routes.
// The app finishes the sign-in when the provider sends the person back (main.tsx).
import * as oidc from 'oidc-client-ts'
import { fetchAppConfig } from './state/config.js'
import { createOidcAuth } from './shell/auth.oidc.js'
import { detectLanguage } from './i18n/language.detect.js'
import { showStartFailure } from './shell/start-failure.js'

const signInFirst = async (): Promise<void> => {
  const config = await fetchAppConfig()
  const auth = createOidcAuth(config, window.location.origin, () => Promise.resolve(oidc))
  const { pathname, search, hash } = window.location
  // as the app's SignInRedirect asks: back to this page afterwards, in the detected language
  await auth.signIn({ returnTo: `${pathname}${search}${hash}`, signup: false, language: detectLanguage() })
}

void signInFirst().catch((e: unknown) => {
  console.error(e)
  showStartFailure()
})
