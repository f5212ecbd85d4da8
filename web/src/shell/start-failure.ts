// The last-resort text when the app cannot start (no configuration, no i18n): in the language the
// visitor chose before (stored by the language detector) or the browser's, English otherwise.
import { LANGUAGE_STORAGE_KEY } from '../i18n/language.detect.js'

/**
 * Kept here rather than loaded: the texts of a language are a chunk of their own, and this text
 * must show when chunks cannot load. A test keeps it equal to `common.startFailed` of each bundle.
 */
export const START_FAILED = {
  en: 'We are sorry, an unexpected error has occurred. Please try again later.',
  de: 'Es tut uns leid, ein unerwarteter Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.',
} as const

export const startFailureText = (stored: string | null, browserLanguages: readonly string[]): string => {
  const first = [stored ?? '', ...browserLanguages].map((l) => l.slice(0, 2).toLowerCase()).find((l) => l === 'de' || l === 'en')
  return START_FAILED[first === 'de' ? 'de' : 'en']
}

const storedLanguage = (): string | null => {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY)
  } catch {
    return null // storage can be blocked; the browser language still decides
  }
}

/** Writes the text into the page root, in whatever state the start left it. */
export const showStartFailure = (): void => {
  const root = document.getElementById('root')
  if (root === null) return
  const text = startFailureText(storedLanguage(), navigator.languages ?? [navigator.language])
  root.textContent = text
  root.setAttribute('role', 'alert')
}
