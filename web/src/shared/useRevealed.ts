// Long forms (the questionnaire has 20+ questions, each with its options) render in steps: the
// first few at once, the rest a few at a time in low-priority renders that the browser may
// interrupt. One render of every Fluent radio and check box blocked the main thread for ~400 ms on
// a phone-speed CPU; in steps no task is long and the page answers input while it fills in.
import { startTransition, useEffect, useState } from 'react'

/** How many of `total` items to render now; grows by `step` after each paint until all are there. */
export const useRevealed = (total: number, step: number): number => {
  const [shown, setShown] = useState(() => Math.min(step, total))
  useEffect(() => {
    if (shown >= total) return undefined
    // after the browser has painted what is there (a macrotask, not a microtask)
    const id = window.setTimeout(() => startTransition(() => setShown((s) => Math.min(s + step, total))), 0)
    return () => window.clearTimeout(id)
  }, [shown, total, step])
  return Math.min(shown, total)
}
