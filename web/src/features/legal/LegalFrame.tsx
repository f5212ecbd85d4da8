// The frame of the public pages (the legal pages, the check-in and waitlist links of the mails): no
// navigation bar and no footer (docs/product.md#navigation), a way home and the language switch; the
// legal pages' /en and /de variants switch the interface language, and their switch goes to the other variant.
import { useEffect, type ReactNode } from 'react'
import { Main, RouteAnnouncer, SkipLink } from '../../shell/PageFrame.js'
import { Link, useLocation, useNavigate } from 'react-router'
import { makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { Language } from '@tandem/core'
import { useLanguage } from '../../shell/language.js'
import { LanguageSwitch } from '../../shell/LanguageSwitch.js'

const useStyles = makeStyles({
  page: { maxWidth: '860px', margin: '0 auto', padding: '24px', lineHeight: '1.5' },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '12px' },
  lang: { display: 'flex', gap: '4px' },
})

export const LegalFrame = ({ language, children }: { readonly language?: Language; readonly children: ReactNode }) => {
  const styles = useStyles()
  const { t } = useTranslation()
  const { switchTo } = useLanguage()
  const navigate = useNavigate()
  const { pathname, search, hash } = useLocation()
  useEffect(() => {
    if (language !== undefined) void switchTo(language)
  }, [language, switchTo])
  return (
    <div className={styles.page}>
      <SkipLink />
      <header className={styles.header}>
        <Link to="/">{t('legal.backHome')}</Link>
        <LanguageSwitch
          className={styles.lang}
          {...(language === undefined
            ? {}
            : { onSwitch: (l: Language) => void navigate(`${pathname.replace(/\/(en|de)$/, '')}/${l}${search}${hash}`) })}
        />
      </header>
      <Main>
        <RouteAnnouncer />
        {children}
      </Main>
    </div>
  )
}

export default LegalFrame

export const Sections = ({
  base,
  keys,
  values,
}: {
  readonly base: string
  readonly keys: readonly string[]
  readonly values?: Record<string, string>
}) => {
  const { t } = useTranslation()
  return (
    <>
      {keys.map((k) => (
        <section key={k} aria-labelledby={`${base}-${k}`}>
          <h2 id={`${base}-${k}`}>{t(`${base}.${k}.title`, { ...values })}</h2>
          <p>{t(`${base}.${k}.text`, { ...values })}</p>
        </section>
      ))}
    </>
  )
}
