// Dialogs opened by state (no DialogTrigger) do not know which control opened them, so after
// Escape or Cancel the focus fell to the page body. This remembers the focused control when the
// dialog opens and gives the focus back when it closes, if nothing else took it meanwhile.
import { useLayoutEffect, useRef } from 'react'

export const useReturnFocus = (open: boolean): void => {
  const opener = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    if (open) {
      const active = document.activeElement
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null
      return
    }
    const control = opener.current
    opener.current = null
    if (control === null) return
    // after the dialog's own focus handling has run
    requestAnimationFrame(() => {
      const now = document.activeElement
      if (control.isConnected && (now === null || now === document.body)) control.focus()
    })
  }, [open])
}
