// Remembers verified access tokens until they expire (at most five minutes), so a dashboard that
// polls does not pay a signature verification per request. Only successful verifications are kept.
import type { VerifiedIdentity } from '@tandem/core'
import type { VerifyToken } from './policy.js'

const MAX_ENTRIES = 10_000
const MAX_AGE_MS = 5 * 60_000

/** The `exp` claim of a token whose signature was just verified (so its payload can be trusted). */
const expiryOf = (token: string): number | null => {
  const payload = token.split('.')[1]
  if (payload === undefined) return null
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp
    return typeof exp === 'number' ? exp * 1000 : null
  } catch {
    return null
  }
}

export const cachedVerifier = (verify: VerifyToken, now: () => number = Date.now): VerifyToken => {
  const cache = new Map<string, { readonly identity: VerifiedIdentity; readonly until: number }>()
  return async (token) => {
    const hit = cache.get(token)
    const at = now()
    if (hit !== undefined) {
      if (hit.until > at) return hit.identity
      cache.delete(token)
    }
    const identity = await verify(token)
    const exp = identity === null ? null : expiryOf(token)
    if (identity !== null && exp !== null) {
      if (cache.size >= MAX_ENTRIES) cache.clear()
      cache.set(token, { identity, until: Math.min(exp, at + MAX_AGE_MS) })
    }
    return identity
  }
}
