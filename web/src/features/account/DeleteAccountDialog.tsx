// "Delete my account" (GDPR Art. 17): a dialog that names what deletion does and asks for the
// account's e-mail address, typed, before it calls the server. The rule for the typed address is
// the core's, so the button and the server agree.
import { useState } from 'react'
import { Button, Field, Input, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { confirmsOwnEmail } from '@tandem/core'
import { errorMessageKey } from '../../shell/error.messages.js'
import { clearBrowserStorage } from '../../shared/browser-storage.js'
import { ModalDialog } from '../../shared/ModalDialog.js'
import { useDeleteOwnAccountMutation } from '../../shared/api/account.api.js'

const CONSEQUENCES = ['profile', 'tandems', 'signIn', 'statistics'] as const

export const DeleteAccountDialog = ({ email }: { readonly email: string }) => {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const [failure, setFailure] = useState<string | null>(null)
  const [deleted, setDeleted] = useState(false)
  const [deleteOwnAccount, state] = useDeleteOwnAccountMutation()
  const confirmed = confirmsOwnEmail(typed, email)

  const close = () => {
    setOpen(false)
    setTyped('')
    setFailure(null)
  }
  const confirm = async () => {
    setFailure(null)
    const result = await deleteOwnAccount({ email, confirmEmail: typed })
    if ('error' in result) {
      setFailure(t(errorMessageKey(result.error)))
      return
    }
    // The session is over: nothing of it may sign the person in again. The dialog says so and then
    // leaves the app for a fresh start (swapping the page under an open modal would leave it hidden).
    clearBrowserStorage()
    setDeleted(true)
  }
  const leave = () => window.location.assign('/')

  // Fluent's dialog, rendered only while open (shared/ModalDialog.tsx).
  if (deleted)
    return (
      <ModalDialog
        role="alertdialog"
        title={t('account.delete.doneTitle')}
        onCancel={leave}
        actions={
          <Button appearance="primary" onClick={leave}>
            {t('account.delete.leave')}
          </Button>
        }
      >
        {t('account.delete.doneText')}
      </ModalDialog>
    )

  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('account.delete.open')}</Button>
      {open && (
        <ModalDialog
          role="alertdialog"
          title={t('account.delete.title')}
          onCancel={close}
          actions={
            <>
              <Button appearance="primary" disabled={!confirmed} disabledFocusable={state.isLoading} onClick={() => void confirm()}>
                {t('account.delete.confirm')}
              </Button>
              <Button onClick={close}>{t('common.cancel')}</Button>
            </>
          }
        >
          <p>{t('account.delete.intro')}</p>
          <ul>
            {CONSEQUENCES.map((c) => (
              <li key={c}>{t(`account.delete.consequences.${c}`)}</li>
            ))}
          </ul>
          <Field label={t('account.delete.typeEmail', { email })} required>
            <Input value={typed} autoComplete="off" onChange={(_e, d) => setTyped(d.value)} />
          </Field>
          {failure !== null && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{failure}</MessageBarBody>
            </MessageBar>
          )}
        </ModalDialog>
      )}
    </>
  )
}
