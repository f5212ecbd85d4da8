// The app's dialogs: Fluent UI's Dialog (ModalDialog.surface.tsx), whose code (the dialog, tabster's
// modalizer, its motion) is loaded when a dialog first opens, so no screen's first load carries it.
// Render it only while it is open.
import { lazy, Suspense } from 'react'
import type { ModalDialogProps } from './ModalDialog.props.js'

export type { ModalDialogProps }

const Surface = lazy(() => import('./ModalDialog.surface.js').then((m) => ({ default: m.ModalDialogSurface })))

export const ModalDialog = (props: ModalDialogProps) => (
  <Suspense fallback={null}>
    <Surface {...props} />
  </Suspense>
)
