// What the browser keeps of a session: cleared when a person signs out of a broken state or deletes
// their account.

/** Removes local and session storage and every cookie the page can see. */
export const clearBrowserStorage = (): void => {
  window.localStorage.clear()
  window.sessionStorage.clear()
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
}
