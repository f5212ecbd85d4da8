// A modal dialog on the browser's own <dialog> element (showModal): the browser makes the rest of
// the page inert, moves the focus in, answers Escape with a `cancel` event and puts the focus back
// when it closes. Fluent's Dialog does the same through tabster's modalizer, and the modalizer,
// once created (any rendered Dialog creates it, open or not), adds focusable aria-hidden sentinels
// as children of <body> for the rest of the session; axe reports them as aria-hidden-focus
// whenever the focus is not inside the app (docs/web.md). Render it only while it is open.
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react'
import { makeStyles, tokens, typographyStyles } from '@fluentui/react-components'

const useStyles = makeStyles({
  surface: {
    boxSizing: 'border-box',
    width: 'calc(100vw - 32px)',
    maxWidth: '600px',
    maxHeight: 'calc(100vh - 48px)',
    overflowY: 'auto',
    padding: '24px',
    border: `1px solid ${tokens.colorTransparentStroke}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    boxShadow: tokens.shadow64,
    ...typographyStyles.body1,
    '::backdrop': { backgroundColor: tokens.colorBackgroundOverlay },
  },
  title: { ...typographyStyles.subtitle1, margin: '0 0 8px' },
  content: { margin: '0 0 24px' },
  actions: { display: 'flex', gap: '8px', justifyContent: 'flex-end', flexWrap: 'wrap' },
})

export const ModalDialog = ({
  role = 'dialog',
  title,
  described = true,
  onCancel,
  actions,
  children,
}: {
  /** `alertdialog` for a confirmation that interrupts. */
  readonly role?: 'dialog' | 'alertdialog'
  readonly title: string
  /** Whether the content describes the dialog (a short text does; a form does not). */
  readonly described?: boolean
  /** Escape (the browser's `cancel`), or the browser closing the dialog on its own. */
  readonly onCancel: () => void
  /** The buttons; a notice that only Escape closes has none. */
  readonly actions?: ReactNode
  readonly children: ReactNode
}) => {
  const styles = useStyles()
  const id = useId()
  const ref = useRef<HTMLDialogElement>(null)
  // the latest owner's handler, for the listeners added once when the dialog opens
  const cancel = useRef(onCancel)
  useLayoutEffect(() => {
    cancel.current = onCancel
  })

  useLayoutEffect(() => {
    const dialog = ref.current
    if (dialog === null) return
    // runs before the owner's effects, so the focus is still where the person opened the dialog from
    const opener = document.activeElement
    // Without showModal (jsdom, browsers before 2022) the dialog is shown, takes the focus and
    // answers Escape itself; only the rest of the page stays reachable there.
    const native = typeof dialog.showModal === 'function'
    if (native) dialog.showModal()
    else {
      dialog.setAttribute('open', '')
      const first = dialog.querySelector<HTMLElement>('button:not([disabled]), input, select, textarea, [tabindex="0"]')
      first?.focus()
    }
    const onKeyDown = (e: KeyboardEvent) => {
      if (!native && e.key === 'Escape') cancel.current()
    }
    dialog.addEventListener('keydown', onKeyDown)
    const onCancelEvent = (e: Event) => {
      // the owner decides whether it closes (an export under way stays)
      e.preventDefault()
      cancel.current()
    }
    // Chromium closes without a cancel event on a second Escape it was refused once
    const onClose = () => cancel.current()
    dialog.addEventListener('cancel', onCancelEvent)
    dialog.addEventListener('close', onClose)
    return () => {
      dialog.removeEventListener('cancel', onCancelEvent)
      dialog.removeEventListener('close', onClose)
      dialog.removeEventListener('keydown', onKeyDown)
      if (dialog.open && typeof dialog.close === 'function') dialog.close()
      // the browser gives the focus back on close; where it did not (removed first), do it here
      const now = document.activeElement
      if (
        opener instanceof HTMLElement &&
        opener !== document.body &&
        opener.isConnected &&
        (now === null || now === document.body || dialog.contains(now))
      )
        opener.focus()
    }
  }, [])

  return (
    <dialog
      ref={ref}
      // a <dialog> is a dialog already; only the alert kind says so
      role={role === 'alertdialog' ? role : undefined}
      aria-labelledby={`${id}-title`}
      aria-describedby={described ? `${id}-content` : undefined}
      className={styles.surface}
    >
      <h2 id={`${id}-title`} className={styles.title}>
        {title}
      </h2>
      <div id={`${id}-content`} className={styles.content}>
        {children}
      </div>
      {actions !== undefined && <div className={styles.actions}>{actions}</div>}
    </dialog>
  )
}
