// The waitlist stop page's own translations: added to the app's i18next instance when its chunk
// loads, so the first load never carries them (docs/web.md, budgets). Only the page's title (the
// document title) and the used/expired messages are in the app's bundle.
import { useTranslation } from 'react-i18next'
import type { i18n as I18n } from 'i18next'
import en from './i18n/en.json'
import de from './i18n/de.json'

export const WAITLIST_STOP_RESOURCES = { en, de } as const

const addLoaded = (i18n: I18n): void => {
  for (const [language, bundle] of Object.entries(WAITLIST_STOP_RESOURCES)) {
    // only into languages already fetched: a bundle present makes i18next skip fetching the rest
    if (!i18n.hasResourceBundle(language, 'translation')) continue
    if (!i18n.exists('waitlistStop.stop', { lng: language, fallbackLng: false }))
      i18n.addResourceBundle(language, 'translation', bundle, true, false)
  }
}

const following = new WeakSet<I18n>()

/** Adds the bundles before the first text of the page is read (idempotent); a language fetched later gets them on arrival. */
export const useWaitlistStopTranslations = () => {
  const result = useTranslation()
  addLoaded(result.i18n)
  if (!following.has(result.i18n)) {
    following.add(result.i18n)
    result.i18n.on('loaded', () => addLoaded(result.i18n))
  }
  return result
}
