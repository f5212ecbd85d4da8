// Verifies API access tokens (JWT) against the issuer's signing keys with jose and maps their claims
// to a VerifiedIdentity. Works for the embedded provider and for external ones (Keycloak, Entra ID).
import { isIsoDate, type VerifiedIdentity } from '@tandem/core'
import { createLocalJWKSet, createRemoteJWKSet, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose'

/** For each identity field, the claims to read, first present one wins. */
export type ClaimMapping = {
  readonly subject: readonly string[]
  readonly email: readonly string[]
  readonly givenName: readonly string[]
  readonly familyName: readonly string[]
  readonly birthdate: readonly string[]
  readonly gender: readonly string[]
  readonly locale: readonly string[]
}

/**
 * A mapping plus the claims saying the provider confirmed the e-mail address. Kept apart from
 * ClaimMapping so mappings built field by field (OIDC_CLAIM_*) stay complete without it: absent
 * means the standard `email_verified`.
 */
export type VerifierClaimMapping = ClaimMapping & { readonly emailVerified?: readonly string[] }

const DEFAULT_EMAIL_VERIFIED_CLAIMS = ['email_verified'] as const

/** The standard OpenID Connect claims, as the embedded provider and Keycloak issue them. */
export const DEFAULT_CLAIM_MAPPING: VerifierClaimMapping = {
  subject: ['sub'],
  email: ['email'],
  givenName: ['given_name'],
  familyName: ['family_name'],
  birthdate: ['birthdate'],
  gender: ['gender'],
  locale: ['locale'],
  emailVerified: DEFAULT_EMAIL_VERIFIED_CLAIMS,
}

export const CLAIM_MAPPING_PRESETS = {
  default: DEFAULT_CLAIM_MAPPING,
  keycloak: DEFAULT_CLAIM_MAPPING,
  // Entra ID: `oid` is the stable user id across applications; the e-mail is often only in
  // `preferred_username` or `upn` unless the optional `email` claim is configured.
  entra: {
    ...DEFAULT_CLAIM_MAPPING,
    subject: ['oid', 'sub'],
    email: ['email', 'preferred_username', 'upn'],
    locale: ['xms_pl', 'locale'],
    // Entra ID issues `email_verified` only when configured as an optional claim; without it no
    // address counts as confirmed, so ADMIN_EMAILS grants nothing (docs/operations.md).
    emailVerified: ['email_verified'],
  },
} as const satisfies Readonly<Record<string, VerifierClaimMapping>>

export type TokenVerifier = (token: string) => Promise<VerifiedIdentity | null>

export type TokenVerifierOptions = {
  readonly issuer: string
  readonly audience: string
  /** The issuer's JWKS; when neither this nor keySet is given it is read from the discovery document. */
  readonly jwksUri?: string
  readonly keySet?: JSONWebKeySet
  readonly claimMapping?: Partial<VerifierClaimMapping>
  readonly now?: () => number
}

/** Asymmetric algorithms only: `none` and HMAC would let anyone holding a shared secret mint tokens. */
export const ACCEPTED_ALGORITHMS = ['RS256', 'ES256', 'PS256'] as const

const firstString = (payload: JWTPayload, claims: readonly string[]): string | undefined => {
  for (const claim of claims) {
    const value = payload[claim]
    if (typeof value === 'string' && value.trim() !== '') return value.trim()
  }
  return undefined
}

/** Female, Male and Non-binary in any case and common spellings; anything else is not shared ('NA'). */
export const normaliseGender = (value: string | undefined): VerifiedIdentity['gender'] => {
  const v = (value ?? '').toLowerCase().replace(/[\s_]/g, '-')
  if (v === 'female' || v === 'f' || v === 'weiblich') return 'Female'
  if (v === 'male' || v === 'm' || v === 'männlich') return 'Male'
  if (v === 'non-binary' || v === 'nonbinary' || v === 'diverse' || v === 'divers' || v === 'nicht-binär') return 'Non-binary'
  return 'NA'
}

/** Confirmed only by the boolean true or the string "true" (some providers send strings); anything else, absence included, is false. */
export const isEmailVerified = (payload: JWTPayload, claims: readonly string[]): boolean => {
  for (const claim of claims) {
    const value = payload[claim]
    if (value === undefined) continue
    return value === true || value === 'true'
  }
  return false
}

const normaliseBirthdate = (value: string | undefined): string | null => (value !== undefined && isIsoDate(value) ? value : null)

/** Maps verified claims; null when the token names no subject or e-mail, since users need both. */
export const identityFromClaims = (issuer: string, payload: JWTPayload, mapping: VerifierClaimMapping): VerifiedIdentity | null => {
  const subject = firstString(payload, mapping.subject)
  const email = firstString(payload, mapping.email)
  if (subject === undefined || email === undefined) return null
  return {
    issuer,
    subject,
    email,
    emailVerified: isEmailVerified(payload, mapping.emailVerified ?? DEFAULT_EMAIL_VERIFIED_CLAIMS),
    givenName: firstString(payload, mapping.givenName) ?? '',
    familyName: firstString(payload, mapping.familyName) ?? '',
    birthdate: normaliseBirthdate(firstString(payload, mapping.birthdate)),
    gender: normaliseGender(firstString(payload, mapping.gender)),
    locale: firstString(payload, mapping.locale)?.toLowerCase().startsWith('de') === true ? 'de' : 'en',
    issuedAt: typeof payload.iat === 'number' && Number.isFinite(payload.iat) ? payload.iat * 1000 : null,
  }
}

const discoverJwksUri = async (issuer: string): Promise<string> => {
  const response = await fetch(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`)
  if (!response.ok) throw new Error(`discovery of ${issuer} answered ${response.status}`)
  const document = (await response.json()) as { jwks_uri?: unknown }
  if (typeof document.jwks_uri !== 'string') throw new Error(`discovery of ${issuer} names no jwks_uri`)
  return document.jwks_uri
}

type KeyResolver = Parameters<typeof jwtVerify>[1]

export const createTokenVerifier = (options: TokenVerifierOptions): TokenVerifier => {
  const mapping: VerifierClaimMapping = { ...DEFAULT_CLAIM_MAPPING, ...options.claimMapping }
  let keys: Promise<KeyResolver> | undefined
  const resolveKeys = (): Promise<KeyResolver> => {
    if (options.keySet !== undefined) return Promise.resolve(createLocalJWKSet(options.keySet))
    if (options.jwksUri !== undefined) return Promise.resolve(createRemoteJWKSet(new URL(options.jwksUri)))
    return discoverJwksUri(options.issuer).then((uri) => createRemoteJWKSet(new URL(uri)))
  }
  return async (token) => {
    try {
      keys ??= resolveKeys().catch((error: unknown) => {
        keys = undefined // a failed discovery is retried on the next request
        throw error
      })
      const { payload } = await jwtVerify(token, await keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: [...ACCEPTED_ALGORITHMS],
        requiredClaims: ['exp', 'sub'],
        ...(options.now === undefined ? {} : { currentDate: new Date(options.now()) }),
      })
      return identityFromClaims(options.issuer, payload, mapping)
    } catch {
      return null
    }
  }
}
