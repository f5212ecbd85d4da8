// Fluent UI's Dialog behind the app's one dialog shape (ModalDialog.tsx): a title, a text or form,
// the buttons. Fluent makes the rest of the page inert for assistive technology (tabster's
// modalizer), traps the focus, moves it in and answers Escape; the focus goes back to the control
// that opened the dialog when it closes (Fluent restores it only to a DialogTrigger, and the app's
// dialogs are opened by state). A click on the backdrop does not close it: a half-filled form is
// not lost to a stray click. A button inside that waits for the server is `disabledFocusable`, not
// `disabled`, so the focus never drops to the body while the dialog is open: tabster's modalizer
// follows the focus, and a dialog removed with the focus on the body left the page aria-hidden.
// Tabster's focus sentinels and the axe check: docs/web.md and decision 0029.
import { useEffect, useId, useLayoutEffect, useRef } from 'react'
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

  useEffect(() => {
    // Tabster hides every modalizer but the active one (aria-hidden, 250 ms after the page changed)
    // and makes a dialog's modalizer active when it sees the focus arrive inside it, or when it makes
    // the modalizer while the focus is already inside. Fluent focuses the dialog's first control, or
    // the surface itself when nothing in it can take the focus (a notice without buttons; every
    // dialog in jsdom, which lays nothing out, so tabster deems nothing visible). A surface focused
    // before tabster made its modalizer from the attributes (the screen tests showed that order) is
    // neither, and the dialog was hidden with the page while the focus sat in it. So on the next
    // tick, once tabster has made it, the focus arrives once more. Fluent's Popover does the same for
    // its container (useActivateModal, which the components package does not export).
    const timer = window.setTimeout(() => {
      const surface = document.getElementById(surfaceId)
      if (surface === null || document.activeElement !== surface) return
      surface.blur()
      surface.focus()
    }, 0)
    return () => window.clearTimeout(timer)
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
