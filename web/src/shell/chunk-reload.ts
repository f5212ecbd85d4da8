// After an update the old hashed chunks are gone (the server answers 404), so a tab left open
// fails on its next lazy load. Reload it once to fetch the new build; the time of that reload is
// kept in session storage, so a chunk that is missing for good cannot make the tab reload forever.
const KEY = 'tandem.chunk-reload-at'
/** A second failure within this time after a reload shows the error instead of reloading again. */
const QUIET_MS = 60_000

type Host = Pick<Window, 'sessionStorage' | 'location' | 'addEventListener'>

/** Reloads the page unless it already did so within the last minute; answers whether it does. */
export const reloadOnce = (host: Host = window, now: number = Date.now()): boolean => {
  const last = Number(host.sessionStorage.getItem(KEY) ?? 'NaN')
  if (Number.isFinite(last) && now - last < QUIET_MS) return false
  host.sessionStorage.setItem(KEY, String(now))
  host.location.reload()
  return true
}

/** What browsers say when a dynamic import (a lazy chunk) cannot be fetched or evaluated. */
export const isChunkLoadFailure = (error: unknown): boolean =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|module script|Unable to preload/i.test(error.message)

/** Vite announces a failed lazy load (chunk or its preloads) with `vite:preloadError`. */
export const installChunkReload = (host: Host = window): void => {
  host.addEventListener('vite:preloadError', (event) => {
    // when it reloads, the error need not reach the screen; otherwise the error boundary shows it
    if (reloadOnce(host)) event.preventDefault()
  })
}
