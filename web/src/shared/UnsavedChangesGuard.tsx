// Warns before unsaved changes are lost: a confirmation dialog when a link or the back button
// would leave the page inside the app, the browser's own prompt when the tab is closed or reloaded.
import { useEffect } from 'react'
import { Button } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { ModalDialog } from './ModalDialog.js'
import { useLeaveGate } from '../shell/navigation.js'

export const UnsavedChangesGuard = ({ dirty }: { readonly dirty: boolean }) => {
  const { t } = useTranslation()
  const held = useLeaveGate(dirty)

  useEffect(() => {
    if (!dirty) return
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault()
      // older browsers show their prompt only when returnValue is set
      e.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  // Fluent's alert dialog, mounted only while blocked;
  // Escape stays on the page, as "stay" does
  if (held === null) return null
  return (
    <ModalDialog
      role="alertdialog"
      title={t('questionnaire.leave.title')}
      onCancel={() => held.reset()}
      actions={
        <>
          <Button appearance="primary" onClick={() => held.reset()}>
            {t('questionnaire.leave.stay')}
          </Button>
          <Button onClick={() => held.proceed()}>{t('questionnaire.leave.leave')}</Button>
        </>
      }
    >
      {t('questionnaire.leave.text')}
    </ModalDialog>
  )
}
