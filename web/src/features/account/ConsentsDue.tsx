// Shown after sign-in instead of any screen while a document the person accepted has a newer
// version (GetUserDetails `consentsDue`): links to both documents in the person's language and one
// button that accepts the versions shown. It cannot be dismissed; the rest of the app waits. The
// person's rights over their data do not wait for a consent: whoever does not accept can still
// download their data, delete their account or sign out from here.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, MessageBar, makeStyles } from '@fluentui/react-components'
import { CONSENT_DOCUMENTS, type ConsentDocument } from '@tandem/core'
import type { Me } from '../../state/me.js'
import { useLanguage } from '../../shell/language.js'
import { useAuth } from '../../shell/services.context.js'
import { errorMessageKey } from '../../shell/error.messages.js'
import { ModalDialog } from '../../shared/ModalDialog.js'
import { useAcceptConsentsMutation } from '../../shared/api/account.api.js'
import { DeleteAccountDialog } from './DeleteAccountDialog.js'
import { DownloadMyData } from './DownloadMyData.js'

const useStyles = makeStyles({
  rights: { display: 'flex', flexDirection: 'column', gap: '8px', alignItems: 'flex-start' },
})

const PAGE: Readonly<Record<ConsentDocument, string>> = {
  privacyPolicy: '/data-privacy-policy',
  termsAndConditions: '/terms-and-conditions',
}

export const ConsentsDue = ({ me }: { readonly me: Me }) => {
  const styles = useStyles()
  const { t } = useTranslation()
  const { language } = useLanguage()
  const auth = useAuth()
  const [accept, { isLoading }] = useAcceptConsentsMutation()
  const [failure, setFailure] = useState<string | null>(null)
  const versions = me.user.consentVersions

  const onAccept = async () => {
    setFailure(null)
    const result = await accept({ email: me.email, versions })
    // a version changed while the dialog was open: the details reload with it (invalidated tag)
    if ('error' in result) setFailure(t(errorMessageKey(result.error, { ValidationFailed: 'messages.consent-version-outdated' })))
  }

  return (
    <ModalDialog
      title={t('consents.title')}
      // nothing to go back to: Escape leaves the dialog open
      onCancel={() => undefined}
      actions={
        <>
          {/* disabledFocusable: the focus stays on it, inside the dialog, while the acceptance is
              sent; a disabled button drops the focus to the page's body, and Fluent's dialog then
              leaves the page hidden from assistive technology after it is gone (decision 0029) */}
          <Button appearance="primary" disabledFocusable={isLoading} onClick={() => void onAccept()}>
            {t('consents.accept')}
          </Button>
          <Button onClick={() => void auth.signOut()}>{t('nav.logout')}</Button>
        </>
      }
    >
      <p>{t('consents.intro')}</p>
      <ul>
        {CONSENT_DOCUMENTS.map((document) => (
          <li key={document}>
            <a href={`${PAGE[document]}/${language}`} target="_blank" rel="noreferrer">
              {t(`consents.${document}`, { version: versions[document] })}
            </a>{' '}
            ({t('consents.opensInNewTab')}){me.user.consentsDue.includes(document) ? ` – ${t('consents.changed')}` : ''}
          </li>
        ))}
      </ul>
      <p>{t('consents.otherwise')}</p>
      <div className={styles.rights}>
        <DownloadMyData email={me.email} />
        <DeleteAccountDialog email={me.email} />
      </div>
      {failure === null ? null : (
        <MessageBar intent="error" role="alert">
          {failure}
        </MessageBar>
      )}
    </ModalDialog>
  )
}
