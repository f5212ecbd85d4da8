// The frame of the public legal pages: no navigation bar and no footer (docs/product.md#navigation), a way home, and
// the /en and /de variants switching the interface language.
import { useEffect, type ReactNode } from 'react'
import { Main, RouteAnnouncer, SkipLink } from '../../shell/PageFrame.js'
import { Link } from 'react-router'
import { makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { Language } from '@tandem/core'
import { useLanguage } from '../../shell/language.js'

const useStyles = makeStyles({ page: { maxWidth: '860px', margin: '0 auto', padding: '24px', lineHeight: '1.5' } })

export const LegalFrame = ({ language, children }: { readonly language?: Language; readonly children: ReactNode }) => {
  const styles = useStyles()
  const { t } = useTranslation()
  const { switchTo } = useLanguage()
  useEffect(() => {
    if (language !== undefined) void switchTo(language)
  }, [language, switchTo])
  return (
    <div className={styles.page}>
      <SkipLink />
      <header>
        <Link to="/">{t('legal.backHome')}</Link>
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
