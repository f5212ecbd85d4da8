// A fixed-window request counter per key, kept in this process: enough to blunt scripted floods of
// sign-up, sign-in and the browser error log. Several processes each count their own share.
export const fixedWindow = (perMinute: number) => {
  const windows = new Map<string, { start: number; count: number }>()
  return (key: string, now: number): boolean => {
    const w = windows.get(key)
    if (w === undefined || now - w.start >= 60_000) {
      if (windows.size > 10_000) windows.clear()
      windows.set(key, { start: now, count: 1 })
      return true
    }
    w.count += 1
    return w.count <= perMinute
  }
}
