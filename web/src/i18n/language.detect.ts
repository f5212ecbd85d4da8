// The detection of the interface language (docs/product.md#languages: local storage, browser,
// cookie, path, subdomain; English when nothing matches), shared by i18next and the sign-in that
// starts before i18next loads (sign-in.start.ts), so both ask the provider in the same language.
import LanguageDetector, { type DetectorOptions } from 'i18next-browser-languagedetector'
import { DEFAULT_LANGUAGE, type Language } from '@tandem/core'

/** Where the detector keeps the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng'

export const DETECTION_ORDER = ['localStorage', 'navigator', 'cookie', 'path', 'subdomain'] as const

export const DETECTION: DetectorOptions = {
  order: [...DETECTION_ORDER],
  caches: ['localStorage'],
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
}

/**
 * The language i18next settles on, without i18next: the first detected code whose language part is
 * one the product speaks (i18next's `supportedLngs` with `nonExplicitSupportedLngs` and
 * `load: 'languageOnly'`), English otherwise. `test/language.detected-without-i18next.test.ts`
 * holds it to i18next's own choice.
 */
export const detectLanguage = (): Language => {
  // with `getBestMatchFromCodes` present the detector answers every code it found, not the first
  const found = new LanguageDetector({ languageUtils: { getBestMatchFromCodes: () => undefined } }, DETECTION).detect()
  const codes = Array.isArray(found) ? found : found === undefined ? [] : [found]
  const first = codes.map((c) => c.slice(0, 2).toLowerCase()).find((c) => c === 'en' || c === 'de')
  return first ?? DEFAULT_LANGUAGE
}
