// Shown instead of any screen once the API says the account was deleted (401 AccountDeleted): the
// person's old session must not register them again, so the page only explains and signs out.
import { Button, Title1, Body1, makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { useAuth } from '../../shell/services.context.js'
import { clearBrowserStorage } from '../../shared/browser-storage.js'

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '32px', maxWidth: '720px', alignItems: 'flex-start' },
})

export const AccountDeletedPage = () => {
  const styles = useStyles()
  const { t } = useTranslation()
  const auth = useAuth()
  return (
    <main className={styles.page}>
      <Title1 as="h1">{t('accountDeleted.title')}</Title1>
      <Body1>{t('accountDeleted.text')}</Body1>
      <Body1>{t('accountDeleted.again')}</Body1>
      <Button
        appearance="primary"
        onClick={() => {
          clearBrowserStorage()
          void auth.signOut()
        }}
      >
        {t('accountDeleted.signOut')}
      </Button>
    </main>
  )
}
