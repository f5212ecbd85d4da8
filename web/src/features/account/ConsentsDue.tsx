// Shown after sign-in instead of any screen while a document the person accepted has a newer
// version (GetUserDetails `consentsDue`): links to both documents in the person's language and one
// button that accepts the versions shown. It cannot be dismissed; the rest of the app waits.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, MessageBar } from '@fluentui/react-components'
import { CONSENT_DOCUMENTS, type ConsentDocument } from '@tandem/core'
import type { Me } from '../../app/me.js'
import { useLanguage } from '../../app/language.js'
import { errorMessageKey } from '../../app/error.messages.js'
import { ModalDialog } from '../../shared/ModalDialog.js'
import { useAcceptConsentsMutation } from './account.api.js'

const PAGE: Readonly<Record<ConsentDocument, string>> = {
  privacyPolicy: '/data-privacy-policy',
  termsAndConditions: '/terms-and-conditions',
}

export const ConsentsDue = ({ me }: { readonly me: Me }) => {
  const { t } = useTranslation()
  const { language } = useLanguage()
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
        <Button appearance="primary" disabled={isLoading} onClick={() => void onAccept()}>
          {t('consents.accept')}
        </Button>
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
      {failure === null ? null : (
        <MessageBar intent="error" role="alert">
          {failure}
        </MessageBar>
      )}
    </ModalDialog>
  )
}
