// The check-in chunk's own translations (the card's and the link page's questions and answers):
// added to the app's i18next instance when the chunk loads, so the dashboard's first load never
// carries them (docs/web.md, budgets). Only the thanks shown after an answer is in the app's bundle.
import { useTranslation } from 'react-i18next'
import type { i18n as I18n } from 'i18next'
import en from './i18n/en.json'
import de from './i18n/de.json'

export const CHECK_IN_RESOURCES = { en, de } as const

const addLoaded = (i18n: I18n): void => {
  for (const [language, bundle] of Object.entries(CHECK_IN_RESOURCES)) {
    // only into languages already fetched: a bundle present makes i18next skip fetching the rest
    if (!i18n.hasResourceBundle(language, 'translation')) continue
    if (!i18n.exists('checkIn.send', { lng: language, fallbackLng: false }))
      i18n.addResourceBundle(language, 'translation', bundle, true, false)
  }
}

const following = new WeakSet<I18n>()

const addCheckInTranslations = (i18n: I18n): void => {
  addLoaded(i18n)
  if (following.has(i18n)) return
  following.add(i18n)
  // a language fetched later (the switch to Deutsch) gets the texts as soon as it arrives
  i18n.on('loaded', () => addLoaded(i18n))
}

/** Adds the bundles before the first check-in text is read (idempotent). */
export const useCheckInTranslations = () => {
  const result = useTranslation()
  addCheckInTranslations(result.i18n)
  return result
}
