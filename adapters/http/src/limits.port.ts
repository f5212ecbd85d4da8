// What the API needs from the sign-in limiter (the server passes the one shared by every process):
// count an attempt of an action by an address or an account, and say whether it may go on.
export type LimitedAction = 'apiSignIn' | 'logError' | 'mailLink'

export type LimitDecision = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number }

export type LimitAttempt = (
  action: LimitedAction,
  attempt: { readonly address?: string; readonly account?: string },
) => Promise<LimitDecision>
