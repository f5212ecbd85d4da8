// A person's time zone (docs/mentorship.md#meetings): an IANA name the runtime knows, the
// organisation's `Europe/Berlin` unless the person chose another.
export const DEFAULT_TIME_ZONE = 'Europe/Berlin'

/** Whether `name` is an IANA time zone the runtime's Intl knows (`UTC` included). */
export const isTimeZone = (name: string): boolean => {
  if (name.length === 0 || name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}
