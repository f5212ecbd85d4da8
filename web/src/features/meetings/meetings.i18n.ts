// The meetings chunk's own translations (the dashboard's card, its dialogs, the account page's time
// zone and calendar address, the timeline's lines): added to the app's i18next instance when the
// chunk loads, so no page's first load carries them (docs/web.md, budgets).
import { useTranslation } from 'react-i18next'
import type { i18n as I18n } from 'i18next'
import en from './i18n/en.json'
import de from './i18n/de.json'

export const MEETING_RESOURCES = { en, de } as const

const addLoaded = (i18n: I18n): void => {
  for (const [language, bundle] of Object.entries(MEETING_RESOURCES)) {
    // only into languages already fetched: a bundle present makes i18next skip fetching the rest
    if (!i18n.hasResourceBundle(language, 'translation')) continue
    if (!i18n.exists('meeting.propose', { lng: language, fallbackLng: false }))
      i18n.addResourceBundle(language, 'translation', bundle, true, false)
  }
}

const following = new WeakSet<I18n>()

const addMeetingTranslations = (i18n: I18n): void => {
  addLoaded(i18n)
  if (following.has(i18n)) return
  following.add(i18n)
  // a language fetched later (the switch to Deutsch) gets the texts as soon as it arrives
  i18n.on('loaded', () => addLoaded(i18n))
}

/** Adds the bundles before the first meeting text is read (idempotent). */
export const useMeetingTranslations = () => {
  const result = useTranslation()
  addMeetingTranslations(result.i18n)
  return result
}
