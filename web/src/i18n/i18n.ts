// The interface languages (en, de) with the detection order of docs/product.md#languages: local storage, browser,
// cookie, path, subdomain; English when nothing matches. Tests create instances without detection.
import i18next, { type BackendModule, type i18n as I18n } from 'i18next'
import LanguageDetector from 'i18next-browser-languagedetector'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@tandem/core'
import { DETECTION } from './language.detect.js'

export { DETECTION_ORDER, LANGUAGE_STORAGE_KEY } from './language.detect.js'

/**
 * Each language's texts are their own chunk, fetched when the language is chosen: a visitor
 * downloads one language, not both.
 */
const bundledLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    const load = language === 'de' ? import('./de.json') : import('./en.json')
    load.then(
      (m) => callback(null, m.default),
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), false),
    )
  },
}

/**
 * English stands in for an unsupported language; German needs no fallback (a test keeps both
 * languages' keys equal), so a German visitor does not also download the English texts.
 */
const fallbackOf = (code: string | undefined): string[] => (code?.startsWith('de') === true ? [] : [DEFAULT_LANGUAGE])

type I18nOptions = { readonly detect: boolean; readonly language?: Language }

/**
 * The instance knows its language at once (detected while `init` runs, not a task later), while
 * its texts are still on the way: `ready` settles once they are in. On a slow line the data asked
 * in the interface language need not wait for the texts.
 */
export const startI18n = (options: I18nOptions): { readonly instance: I18n; readonly ready: Promise<I18n> } => {
  const instance = i18next.createInstance()
  if (options.detect) instance.use(LanguageDetector)
  instance.use(initReactI18next).use(bundledLanguages)
  const ready = instance.init({
    // detect and start loading now rather than in a timeout: the backend loads asynchronously anyway
    initAsync: false,
    ...(options.language === undefined ? {} : { lng: options.language }),
    fallbackLng: fallbackOf,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    detection: DETECTION,
  })
  return { instance, ready: ready.then(() => instance) }
}

export const createI18n = (options: I18nOptions): Promise<I18n> => startI18n(options).ready

/** The current interface language, narrowed to the two the product speaks. */
export const languageOf = (i18n: Pick<I18n, 'resolvedLanguage' | 'language'>): Language => {
  const l = (i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE).slice(0, 2)
  return l === 'de' ? 'de' : 'en'
}

/** docs/product.md#constants: dates in en-GB or de-DE. */
export const localeOf = (language: Language): string => (language === 'de' ? 'de-DE' : 'en-GB')
