// Uncaught errors go to `POST /api/Logger/LogError` while the browser is online (docs/product.md#calls); a
// failing report is dropped, never retried in a loop.
import { accountApi } from '../../shared/api/account.api.js'
import type { AppStore } from '../../state/store.js'

export const describeError = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ''}` : String(error)

export const reportError = (store: AppStore, error: unknown): void => {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return
  void store.dispatch(accountApi.endpoints.logError.initiate({ ErrorMessage: describeError(error).slice(0, 4000) }))
}

export const installGlobalErrorReporting = (store: AppStore): void => {
  window.addEventListener('error', (event) => reportError(store, event.error ?? event.message))
  window.addEventListener('unhandledrejection', (event) => reportError(store, event.reason))
}
