// Legal info: the operator's name, telephone and e-mail, taken from the runtime configuration.
import { useTranslation } from 'react-i18next'
import { useAppSelector } from '../../state/hooks.js'
import { selectConfig } from '../../state/session.slice.js'

const LegalInfoPage = () => {
  const { t } = useTranslation()
  const org = useAppSelector(selectConfig)?.organisation
  return (
    <article>
      <h1>{t('legal.info.title')}</h1>
      <h2>{t('legal.info.operator')}</h2>
      <p>{org?.name ?? '-'}</p>
      <h2>{t('legal.info.contact')}</h2>
      <p>
        {t('legal.info.phone', { phone: org?.phone ?? '-' })}
        <br />
        {t('legal.info.email', { email: org?.email ?? '-' })}
      </p>
      <p>{t('legal.info.responsibility')}</p>
    </article>
  )
}
export default LegalInfoPage
