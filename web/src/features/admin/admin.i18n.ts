// The admin chunk's own translations: added to the app's i18next instance when the chunk loads,
// so the participant bundle never carries them.
import { useTranslation } from 'react-i18next'
import type { i18n as I18n, TFunction } from 'i18next'
import type { StatusName, TandemState } from '@tandem/core'
import en from './i18n/en.json'
import de from './i18n/de.json'
import { errorMessageKey, type ErrorWording, type KeyOf } from '../../shell/error.messages.js'

export const ADMIN_RESOURCES = { en, de } as const

const addLoaded = (i18n: I18n): void => {
  for (const [language, bundle] of Object.entries(ADMIN_RESOURCES)) {
    // only into languages already fetched: a bundle present makes i18next skip fetching the rest
    if (!i18n.hasResourceBundle(language, 'translation')) continue
    if (!i18n.exists('admin.topBar.export', { lng: language, fallbackLng: false }))
      i18n.addResourceBundle(language, 'translation', bundle, true, false)
  }
}

const following = new WeakSet<I18n>()

export const addAdminTranslations = (i18n: I18n): void => {
  addLoaded(i18n)
  if (following.has(i18n)) return
  following.add(i18n)
  // a language fetched later (the switch to Deutsch) gets the admin texts as soon as it arrives
  i18n.on('loaded', () => addLoaded(i18n))
}

/** Adds the bundles before the first admin text is read (idempotent). */
export const useAdminTranslations = () => {
  const result = useTranslation()
  addAdminTranslations(result.i18n)
  return result
}

export type AdminKey = KeyOf<typeof en>

/** The codes the administrator reads in the admin's own words (docs/product.md#errors); the rest read the shared table. */
const ADMIN_WORDING: ErrorWording<AdminKey> = {
  InvalidTransition: 'admin.messages.InvalidTransition',
  TandemChanged: 'admin.messages.TandemChanged',
  TandemAlreadyClosed: 'admin.messages.TandemAlreadyClosed',
  ClusterTitleTaken: 'admin.messages.ClusterTitleTaken',
  ExternalIdentityProvider: 'admin.messages.synchronize-external-provider-message',
  SameUser: 'admin.messages.admin-mentor-only-differnt-user-error',
  Unexpected: 'admin.messages.unexpected-error',
}

/** The text of a failed call, by its error code; a screen may word some codes its own way. */
export const errorText = (t: TFunction, error: unknown, wording: ErrorWording<AdminKey> = {}): string =>
  t(errorMessageKey<AdminKey>(error, { ...ADMIN_WORDING, ...wording }))

/** Status and state codes as the admin reads them (the names of docs/product.md#states in English, translated in German). */
export const statusLabel = (t: TFunction, status: StatusName): string => t(`admin.codes.status.${status}`, { defaultValue: status })
export const tandemStateLabel = (t: TFunction, state: TandemState): string => t(`admin.codes.tandem.${state}`, { defaultValue: state })
export const proposalStateLabel = (t: TFunction, state: string): string => t(`admin.codes.proposal.${state}`, { defaultValue: state })
/** Gender as stored (Female, Male, Non-binary, NA) in the interface language; '-' when absent. */
export const genderLabel = (t: TFunction, gender: string | null): string | null =>
  gender === null ? null : t(`account.genders.${gender}`, { defaultValue: gender })
