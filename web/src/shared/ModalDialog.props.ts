// What every dialog of the app says: a title, a text or form, the buttons (ModalDialog.tsx).
import type { ReactNode } from 'react'

export type ModalDialogProps = {
  /** `alertdialog` for a confirmation that interrupts (Fluent's `alert` dialog). */
  readonly role?: 'dialog' | 'alertdialog'
  readonly title: string
  /** Whether the content describes the dialog (a short text does; a form does not). */
  readonly described?: boolean
  /** Escape: the owner decides whether the dialog closes. */
  readonly onCancel: () => void
  /** The buttons; a notice that only Escape closes has none. */
  readonly actions?: ReactNode
  readonly children: ReactNode
}
