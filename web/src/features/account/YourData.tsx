// The account page's "Your data" section: the person's own rights over what Tandem holds about them
// (GDPR Art. 15, 17, 20), in one place.
import { Body1, Title3, makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { DeleteAccountDialog } from './DeleteAccountDialog.js'
import { DownloadMyData } from './DownloadMyData.js'

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '8px', alignItems: 'flex-start', marginTop: '16px' },
})

export const YourData = ({ email }: { readonly email: string }) => {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <section className={styles.section} aria-labelledby="your-data-title">
      <Title3 as="h2" id="your-data-title">
        {t('account.yourData.title')}
      </Title3>
      <Body1>{t('account.yourData.intro')}</Body1>
      <DownloadMyData email={email} />
      <DeleteAccountDialog email={email} />
    </section>
  )
}
