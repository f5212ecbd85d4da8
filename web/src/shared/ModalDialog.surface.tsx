// Fluent UI's Dialog behind the app's one dialog shape (ModalDialog.tsx): a title, a text or form,
// the buttons. Fluent makes the rest of the page inert for assistive technology (tabster's
// modalizer), traps the focus, moves it in and answers Escape; the focus goes back to the control
// that opened the dialog when it closes (Fluent restores it only to a DialogTrigger, and the app's
// dialogs are opened by state). A click on the backdrop does not close it: a half-filled form is
// not lost to a stray click. Tabster's focus sentinels and the axe check: docs/web.md and
// decision 0029.
import { useId, useLayoutEffect, useRef } from 'react'
import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components'
import { MAIN_ID } from '../shell/PageFrame.js'
import type { ModalDialogProps } from './ModalDialog.props.js'

export const ModalDialogSurface = ({ role = 'dialog', title, described = true, onCancel, actions, children }: ModalDialogProps) => {
  const contentId = useId()
  // the latest owner's handler
  const cancel = useRef(onCancel)
  useLayoutEffect(() => {
    cancel.current = onCancel
  })

  const surfaceId = useId()
  useLayoutEffect(() => {
    // runs before Fluent moves the focus in, so it is still where the person opened the dialog from
    const opener = document.activeElement
    return () => {
      // runs while the dialog is still in the page, the focus most likely in it
      const now = document.activeElement
      const lost = now === null || now === document.body || !now.isConnected || document.getElementById(surfaceId)?.contains(now) === true
      if (!lost) return
      // the control that opened it, or the page's main region when that control cannot take it
      // (gone, or disabled while the confirmed change runs): tabster lifts the page's aria-hidden
      // when the focus arrives there, not while it sits on the body
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) opener.focus()
      if (document.activeElement !== opener) document.getElementById(MAIN_ID)?.focus()
    }
  }, [surfaceId])

  return (
    <Dialog
      open
      modalType={role === 'alertdialog' ? 'alert' : 'modal'}
      onOpenChange={(_, data) => {
        // the owner decides whether it closes (an export under way stays)
        if (!data.open && data.type === 'escapeKeyDown') cancel.current()
      }}
    >
      <DialogSurface id={surfaceId} aria-describedby={described ? contentId : undefined}>
        <DialogBody>
          <DialogTitle as="h2">{title}</DialogTitle>
          <DialogContent id={contentId}>{children}</DialogContent>
          {actions !== undefined && <DialogActions>{actions}</DialogActions>}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
