// The footer of docs/product.md#navigation: the organisation's website and social pages, contact by e-mail and phone,
// and the three legal pages. Values come from the runtime configuration.
import { Link as FluentLink, makeStyles, tokens } from '@fluentui/react-components'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useAppSelector } from '../state/hooks.js'
import { selectConfig } from '../state/session.slice.js'

const useStyles = makeStyles({
  footer: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '16px',
    padding: '16px',
    marginTop: '32px',
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground2,
  },
})

export const Footer = () => {
  const styles = useStyles()
  const { t } = useTranslation()
  const config = useAppSelector(selectConfig)
  const org = config?.organisation
  return (
    <footer className={styles.footer}>
      {org !== undefined && (
        <>
          <FluentLink href={org.website} target="_blank" rel="noreferrer">
            {t('footer.website', { name: org.name })}
          </FluentLink>
          {(org.social ?? []).map((s) => (
            <FluentLink key={s.url} href={s.url} target="_blank" rel="noreferrer">
              {s.name}
            </FluentLink>
          ))}
          <FluentLink href={`mailto:${org.email}`}>{t('footer.email', { email: org.email })}</FluentLink>
          <FluentLink href={`tel:${org.phone.replace(/\s+/g, '')}`}>{t('footer.phone', { phone: org.phone })}</FluentLink>
        </>
      )}
      <Link to="/terms-and-conditions">{t('legal.terms.title')}</Link>
      <Link to="/data-privacy-policy">{t('legal.privacy.title')}</Link>
      <Link to="/legal-info">{t('legal.info.title')}</Link>
    </footer>
  )
}
