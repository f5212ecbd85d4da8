// Code a page does not need for its first frame (a listbox, a long form) is asked for once that
// frame is on screen: on a slow line the first paint neither waits for it nor shares the line with it.
import { useEffect, useState } from 'react'

/** False until the frame that first showed the page is on screen (or at once once it was). */
let painted = false
export const useAfterFirstPaint = (): boolean => {
  const [after, setAfter] = useState(painted)
  useEffect(() => {
    if (after) return
    let timer: ReturnType<typeof setTimeout> | undefined
    // the frame callback runs before that paint, the timer after it
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        painted = true
        setAfter(true)
      })
    })
    return () => {
      cancelAnimationFrame(frame)
      if (timer !== undefined) clearTimeout(timer)
    }
  }, [after])
  return after
}
