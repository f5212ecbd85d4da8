// Who may call a route: anyone, a signed-in user acting on their own data, or an administrator.
// The caller (actor) is resolved once per request from the verified token and our user table;
// handlers of anonymous routes are typed with `Actor | null` (route.ts), the others with `Actor`.
import type { VerifiedIdentity } from '@tandem/core'
import type { Actor } from '@tandem/application/ports'

export type Policy = 'anonymous' | 'self' | 'admin'

/** A signed-in caller (the application's Actor). */
export type { Actor }

/** The token verifier port: null for a missing, expired, forged or foreign token. */
export type VerifyToken = (token: string) => Promise<VerifiedIdentity | null>

export const sameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase()
