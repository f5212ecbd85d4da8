// What a verified access token says about its bearer, whichever provider issued it. Users are keyed
// by issuer + subject; the other claims refresh names and e-mail at sign-in and sign-up.
import type { Gender } from './gender.js'

export type VerifiedIdentity = {
  readonly issuer: string
  readonly subject: string
  readonly email: string
  /**
   * True only when the provider vouches that the bearer owns `email` (the standard `email_verified`
   * claim). Roles granted by address (ADMIN_EMAILS) depend on it; an absent claim counts as false.
   */
  readonly emailVerified: boolean
  readonly givenName: string
  readonly familyName: string
  /** ISO date (yyyy-mm-dd) or null when the provider does not share it. */
  readonly birthdate: string | null
  readonly gender: Gender
  readonly locale: 'en' | 'de'
  /**
   * When the provider issued the token (its `iat`, epoch milliseconds), or null when it does not
   * say: tokens issued before an account's deletion are refused.
   */
  readonly issuedAt: number | null
}

/** The OpenID Connect client id of the web app at the embedded provider. */
export const WEB_CLIENT_ID = 'tandem-web'
/** The audience (resource indicator) of API access tokens at the embedded provider. */
export const API_AUDIENCE = 'tandem-api'
/**
 * The issuer under which users of the embedded provider are kept. Its tokens say `${PUBLIC_URL}/oidc`,
 * which changes when the installation moves to another address; the accounts must not.
 */
export const EMBEDDED_PROVIDER_ISSUER = 'urn:tandem:embedded-provider'

/**
 * Whether a token issued at `issuedAt` predates an account deletion at `deletedAt` (epoch ms) and
 * must be refused. `iat` counts whole seconds, so a token from the deletion's own second counts as
 * earlier; a token that does not say when it was issued counts as earlier too. A later token (an
 * external provider's user signing in again) starts afresh.
 */
export const issuedBeforeDeletion = (issuedAt: number | null, deletedAt: number): boolean =>
  issuedAt === null || issuedAt < Math.floor(deletedAt / 1000) * 1000 + 1000
