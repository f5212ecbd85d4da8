// The top bar of every admin page (docs/product.md#admin-screens): Export opens the export dialog; Synchronize asks first,
// because it overwrites account data with the identity provider's, then reports success.
import { useState } from 'react'
import { Button, Link, makeStyles } from '@fluentui/react-components'
import { ArrowDownloadRegular, ArrowSyncRegular } from '@fluentui/react-icons'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useAdminSyncFromIdpMutation } from './admin.api.js'
import { apiErrorOf } from '../../state/api.js'
import { errorText } from './admin.i18n.js'
import { useAdminMessages } from './AdminMessages.js'
import { ConfirmDialog } from './ConfirmDialog.js'
import { ExportDialog } from './ExportDialog.js'

const useStyles = makeStyles({
  // at phone width the bar wraps: Fluent's buttons hide their overflow, so in a row that does not
  // wrap they shrank below their text and clipped it (docs/admin.md "Phone width")
  bar: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center', gap: '8px' },
  item: { flexShrink: 0 },
})

export const AdminTopBar = () => {
  const { t } = useTranslation()
  const styles = useStyles()
  const { show } = useAdminMessages()
  const [sync, syncing] = useAdminSyncFromIdpMutation()
  const [exporting, setExporting] = useState(false)
  const [confirmSync, setConfirmSync] = useState(false)
  const navigate = useNavigate()
  const synchronize = async () => {
    setConfirmSync(false)
    const reply = await sync()
    // with an external provider there is nothing to copy: an explanation, not a failure
    if (reply.error !== undefined)
      return show(apiErrorOf(reply.error)?.errorCode === 'ExternalIdentityProvider' ? 'warning' : 'error', errorText(t, reply.error))
    show('success', t('admin.messages.synchronize-success-message'))
  }
  return (
    <>
      {/* A plain group: Fluent's Toolbar adds focusable aria-hidden guards that axe reports as serious. */}
      <div data-admin-top-bar="" role="group" aria-label={t('admin.topBar.label')} className={styles.bar}>
        <Link
          href="/administrator/questionnaire"
          className={styles.item}
          onClick={(e) => {
            e.preventDefault()
            void navigate('/administrator/questionnaire')
          }}
        >
          {t('admin.questionnaire.nav')}
        </Link>
        <Button className={styles.item} icon={<ArrowDownloadRegular />} onClick={() => setExporting(true)}>
          {t('admin.topBar.export')}
        </Button>
        <Button className={styles.item} icon={<ArrowSyncRegular />} disabled={syncing.isLoading} onClick={() => setConfirmSync(true)}>
          {t('admin.topBar.synchronize')}
        </Button>
      </div>
      <ExportDialog open={exporting} onClose={() => setExporting(false)} />
      <ConfirmDialog
        open={confirmSync}
        title={t('admin.sync.title')}
        text={t('admin.sync.confirm')}
        onCancel={() => setConfirmSync(false)}
        onConfirm={() => void synchronize()}
      />
    </>
  )
}
