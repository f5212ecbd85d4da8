// The sign-in that starts before i18next loads (sign-in.start.ts) asks the provider in the language
// the app would detect: detectLanguage answers what i18next settles on, for stored and browser languages.
import { afterEach, describe, expect, it } from 'vitest'
import { languageOf, startI18n } from '../src/i18n/i18n.js'
import { detectLanguage } from '../src/i18n/language.detect.js'

const browserLanguages = (languages: readonly string[]) => {
  Object.defineProperty(window.navigator, 'languages', { value: languages, configurable: true })
  Object.defineProperty(window.navigator, 'language', { value: languages[0], configurable: true })
}
const initial = { languages: [...window.navigator.languages], language: window.navigator.language }
afterEach(() => {
  Object.defineProperty(window.navigator, 'languages', { value: initial.languages, configurable: true })
  Object.defineProperty(window.navigator, 'language', { value: initial.language, configurable: true })
})

const cases: readonly { readonly stored: string | null; readonly browser: readonly string[]; readonly expected: 'en' | 'de' }[] = [
  { stored: 'de', browser: ['en-US'], expected: 'de' },
  { stored: 'de-AT', browser: ['en-US'], expected: 'de' },
  { stored: 'en', browser: ['de-DE'], expected: 'en' },
  { stored: 'fr', browser: ['de-DE', 'en'], expected: 'de' },
  { stored: null, browser: ['de-CH', 'en'], expected: 'de' },
  { stored: null, browser: ['fr-FR', 'en-GB', 'de'], expected: 'en' },
  { stored: null, browser: ['fr-FR', 'it'], expected: 'en' },
]

describe('the language of a sign-in started before the texts', () => {
  for (const { stored, browser, expected } of cases)
    it(`is ${expected} with ${stored ?? 'nothing'} stored and a browser asking for ${browser.join(', ')}, as i18next detects`, () => {
      if (stored !== null) window.localStorage.setItem('i18nextLng', stored)
      browserLanguages(browser)
      const early = detectLanguage()
      // i18next detects (and stores) its own choice afterwards, from the same state
      const { instance } = startI18n({ detect: true })
      expect(early).toBe(expected)
      expect(languageOf(instance)).toBe(expected)
    })
})
