// Data privacy policy: what Tandem holds, who sees it, how long it stays (RETENTION_MONTHS from
// the server's configuration), logs and cookies, and how to use the rights (docs/privacy.md).
import { DEFAULT_RETENTION_MONTHS } from '@tandem/core'
import { useTranslation } from 'react-i18next'
import { useAppSelector } from '../../state/hooks.js'
import { selectConfig } from '../../state/session.slice.js'
import { Sections } from './LegalFrame.js'

export const PRIVACY_SECTIONS = ['controller', 'data', 'purpose', 'recipients', 'retention', 'logs', 'rights'] as const

const PrivacyPage = () => {
  const { t } = useTranslation()
  const months = useAppSelector(selectConfig)?.retentionMonths ?? DEFAULT_RETENTION_MONTHS
  return (
    <article>
      <h1>{t('legal.privacy.title')}</h1>
      <Sections base="legal.privacy.sections" keys={PRIVACY_SECTIONS} values={{ months: String(months) }} />
    </article>
  )
}
export default PrivacyPage
