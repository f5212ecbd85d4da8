// Every context a screen needs: Fluent theme, the store, translations and the auth port. The
// browser entry and the component tests both use it, so tests render what users get.
import type { ReactNode } from 'react'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { I18nextProvider } from 'react-i18next'
import type { i18n as I18n } from 'i18next'
import type { AppStore } from '../state/store.js'
import { Provider } from 'react-redux'
import type { AuthPort } from '../state/auth.port.js'
import { AuthContext } from './services.context.js'

export const Providers = ({
  store,
  i18n,
  auth,
  children,
}: {
  readonly store: AppStore
  readonly i18n: I18n
  readonly auth: AuthPort
  readonly children: ReactNode
}) => (
  <Provider store={store}>
    <I18nextProvider i18n={i18n}>
      <AuthContext.Provider value={auth}>
        <FluentProvider theme={webLightTheme}>{children}</FluentProvider>
      </AuthContext.Provider>
    </I18nextProvider>
  </Provider>
)
