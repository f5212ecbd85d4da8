// Switching the interface language: i18next changes, the <html lang> follows, and every cached
// call is reloaded so server texts (questions, reasons, master data) come in the new language.
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { Language } from '@tandem/core'
import { ADMIN_TAGS, api, TAGS } from '../state/api.js'
import { useAppDispatch } from '../state/hooks.js'
import { languageOf } from '../i18n/i18n.js'

export const useLanguage = (): { language: Language; switchTo: (l: Language) => Promise<void> } => {
  const { i18n } = useTranslation()
  const dispatch = useAppDispatch()
  const switchTo = useCallback(
    async (l: Language) => {
      if (languageOf(i18n) === l) return
      await i18n.changeLanguage(l)
      // admin tags too: the admin screens' server texts (user detail, master data) are per language
      dispatch(api.util.invalidateTags([...TAGS, ...ADMIN_TAGS]))
    },
    [i18n, dispatch],
  )
  return { language: languageOf(i18n), switchTo }
}
