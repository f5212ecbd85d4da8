// The interface languages (en, de) with the detection order of SPEC §1: local storage, browser,
// cookie, path, subdomain; English when nothing matches. Tests create instances without detection.
import i18next, { type i18n as I18n } from 'i18next'
import LanguageDetector from 'i18next-browser-languagedetector'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@tandem/core'
import en from './en.json'
import de from './de.json'

export const resources = { en: { translation: en }, de: { translation: de } } as const

/** Where the detector keeps the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng'

export const DETECTION_ORDER = ['localStorage', 'navigator', 'cookie', 'path', 'subdomain'] as const

export const createI18n = async (options: { detect: boolean; language?: Language }): Promise<I18n> => {
  const instance = i18next.createInstance()
  if (options.detect) instance.use(LanguageDetector)
  instance.use(initReactI18next)
  await instance.init({
    resources,
    ...(options.language === undefined ? {} : { lng: options.language }),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    interpolation: { escapeValue: false },
    returnNull: false,
    detection: {
      order: [...DETECTION_ORDER],
      caches: ['localStorage'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
    },
  })
  return instance
}

/** The current interface language, narrowed to the two the product speaks. */
export const languageOf = (i18n: Pick<I18n, 'resolvedLanguage' | 'language'>): Language => {
  const l = (i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE).slice(0, 2)
  return l === 'de' ? 'de' : 'en'
}

/** SPEC §9: dates in en-GB or de-DE. */
export const localeOf = (language: Language): string => (language === 'de' ? 'de-DE' : 'en-GB')
