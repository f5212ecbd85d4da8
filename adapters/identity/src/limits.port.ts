// What the identity pages need from the sign-in limiter (the server passes the one shared by every
// process on the database): count an attempt by an address on an account, and say whether it may go on.
export type LimitedPageAction = 'signIn' | 'signUp' | 'forgot'

export type LimitDecision = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number }

export type LimitAttempt = (
  action: LimitedPageAction,
  attempt: { readonly address: string; readonly account: string },
) => Promise<LimitDecision>
