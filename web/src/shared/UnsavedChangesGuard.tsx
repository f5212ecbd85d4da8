// Warns before unsaved changes are lost: a confirmation dialog when a link or the back button
// would leave the page inside the app, the browser's own prompt when the tab is closed or reloaded.
import { useEffect } from 'react'
import { useBlocker } from 'react-router'
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'

export const UnsavedChangesGuard = ({ dirty }: { readonly dirty: boolean }) => {
  const { t } = useTranslation()
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname)

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

  // mounted only while blocked: a closed Fluent dialog still leaves focus-trap sentinels in the page
  if (blocker.state !== 'blocked') return null
  return (
    <Dialog
      open
      modalType="alert"
      onOpenChange={(_e, d) => {
        if (!d.open) blocker.reset?.()
      }}
    >
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('questionnaire.leave.title')}</DialogTitle>
          <DialogContent>{t('questionnaire.leave.text')}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => blocker.reset?.()}>
              {t('questionnaire.leave.stay')}
            </Button>
            <Button onClick={() => blocker.proceed?.()}>{t('questionnaire.leave.leave')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
