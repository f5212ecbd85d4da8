// The error page of docs/product.md#error-page: title, text with subtext and link, and 'error code {code}'. 404 is the
// default; the 401 link clears every local trace of the session and signs out at the provider.
import { Link as FluentLink, Title1, Body1, makeStyles } from '@fluentui/react-components'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useEffect } from 'react'
import { clearBrowserStorage } from './browser-storage.js'
import { documentTitle } from '../shell/page.title.js'
import { useAuth } from '../shell/services.context.js'

const useStyles = makeStyles({ page: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '32px', maxWidth: '720px' } })

export type ErrorPageCode = 401 | 403 | 404

export const ErrorPage = ({ code = 404 }: { readonly code?: ErrorPageCode }) => {
  const styles = useStyles()
  const { t } = useTranslation()
  const auth = useAuth()
  const title = t(`errors.${code}.title`)
  // a guard may show this page on any route: the title says what is shown (after the route's own)
  useEffect(() => {
    document.title = documentTitle(title)
  }, [title])
  return (
    <section className={styles.page} aria-labelledby="error-title">
      <Title1 as="h1" id="error-title">
        {t(`errors.${code}.title`)}
      </Title1>
      <Body1>{t(`errors.${code}.text`)}</Body1>
      <Body1>
        {t(`errors.${code}.subtext`)}{' '}
        {code === 401 ? (
          <FluentLink
            as="button"
            onClick={() => {
              clearBrowserStorage()
              void auth.signOut()
            }}
          >
            {t('errors.401.link')}
          </FluentLink>
        ) : (
          <Link to="/">{t(`errors.${code}.link`)}</Link>
        )}
      </Body1>
      <Body1>{t('errors.code', { code })}</Body1>
    </section>
  )
}
