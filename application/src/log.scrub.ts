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

/**
 * A failed mail of the identity provider (address confirmation, password reset) as the log keeps
 * it: the mail server's code and its text without addresses or tokens. No stack: its first line
 * repeats the text, and a refusal quotes the recipient ("550 <someone@…> unknown").
 */
export const mailFailureWithoutPersonalData = (error: unknown): Record<string, unknown> => {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    name?: unknown
    code?: unknown
    responseCode?: unknown
    permanent?: unknown
  }
  return {
    kind: typeof e.name === 'string' ? e.name : typeof error,
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.responseCode === 'number' ? { responseCode: e.responseCode } : {}),
    ...(typeof e.permanent === 'boolean' ? { permanent: e.permanent } : {}),
    reason: withoutPersonalData(error instanceof Error ? error.message : String(error)),
  }
}
