// Who may call a route: anyone, a signed-in user acting on their own data, or an administrator.
// The caller (actor) is resolved once per request from the verified token and our user table;
// handlers of anonymous routes are typed with `Actor | null` (route.ts), the others with `Actor`.
import type { RoleName, UserId, VerifiedIdentity } from '@tandem/core'

export type Policy = 'anonymous' | 'self' | 'admin'

/** A signed-in caller. `userId` is null until they have signed up. */
export type Actor = {
  readonly identity: VerifiedIdentity
  readonly userId: UserId | null
  /** The account's e-mail (ours when signed up, else the token's): the only one they may name. */
  readonly email: string
  readonly roles: readonly RoleName[]
  readonly isAdmin: boolean
}

/** The token verifier port: null for a missing, expired, forged or foreign token. */
export type VerifyToken = (token: string) => Promise<VerifiedIdentity | null>

export const sameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase()
