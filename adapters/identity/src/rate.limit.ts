// In-process fixed-window rate limits for sign-in, sign-up and forgot-password. One process serves
// the app, so a map is enough; several processes would need a shared store (see docs/operations.md).
export type RateLimitRule = { readonly limit: number; readonly windowMs: number }

export type RateLimits = {
  readonly signIn: RateLimitRule
  readonly signUp: RateLimitRule
  readonly forgot: RateLimitRule
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signIn: { limit: 10, windowMs: 15 * 60_000 },
  signUp: { limit: 5, windowMs: 60 * 60_000 },
  forgot: { limit: 5, windowMs: 60 * 60_000 },
}

export type RateLimiter = {
  /** Counts one attempt; false when the key has used up its window. */
  readonly attempt: (key: string, rule: RateLimitRule) => boolean
}

export const createRateLimiter = (now: () => number): RateLimiter => {
  const windows = new Map<string, { start: number; count: number }>()
  return {
    attempt: (key, rule) => {
      const at = now()
      if (windows.size > 50_000) for (const [k, w] of windows) if (at - w.start >= rule.windowMs) windows.delete(k)
      const current = windows.get(key)
      if (current === undefined || at - current.start >= rule.windowMs) {
        windows.set(key, { start: at, count: 1 })
        return true
      }
      current.count += 1
      return current.count <= rule.limit
    },
  }
}

/**
 * Per IP and account, plus a looser per-IP budget (four times the limit) so one address cannot try
 * many accounts. Both are counted on every attempt.
 */
export const allowAttempt = (limiter: RateLimiter, rule: RateLimitRule, action: string, ip: string, account: string): boolean => {
  const perAccount = limiter.attempt(`${action}|${ip}|${account.toLowerCase()}`, rule)
  const perIp = limiter.attempt(`${action}|${ip}`, { limit: rule.limit * 4, windowMs: rule.windowMs })
  return perAccount && perIp
}
