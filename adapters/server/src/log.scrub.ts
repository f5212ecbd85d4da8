// Free text headed for the log (a browser's error report) without the personal data it may quote:
// e-mail addresses, tokens (JWTs, bearer values, long random strings) and the names we know.
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*/gu
const JWT = /eyJ[\w-]+\.[\w-]*\.?[\w-]*/g
const BEARER = /\b(bearer|token|code|password)([=:\s]+)\S+/gi
// Random-looking: 32 or more word characters mixing letters and digits (a session id, a key).
const LONG_SECRET = /\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{32,}\b/g

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The text with addresses, tokens and each of `names` (whole words, any case) replaced. */
export const withoutPersonalData = (text: string, names: readonly string[] = []): string =>
  names
    .map((n) => n.trim())
    .filter((n) => n.length > 1)
    .reduce(
      (out, name) => out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escape(name)}(?![\\p{L}\\p{N}])`, 'giu'), '[name]'),
      text.replace(JWT, '[token]').replace(EMAIL, '[e-mail]').replace(BEARER, '$1$2[token]').replace(LONG_SECRET, '[token]'),
    )
