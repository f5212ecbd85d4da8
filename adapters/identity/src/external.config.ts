// Reads OIDC_* environment variables: when OIDC_ISSUER is set, the embedded provider stays off and
// the API and the web app use that external provider. Also what /app-config.json gives the SPA.
import { either as E } from 'fp-ts'
import { CLAIM_MAPPING_PRESETS, type ClaimMapping } from './token.verifier.js'

export type Environment = Readonly<Record<string, string | undefined>>

/** What the web app needs to sign in (served as /app-config.json). */
export type WebAuthConfig = { readonly authority: string; readonly clientId: string; readonly scope: string }

export type ExternalProviderConfig = {
  readonly issuer: string
  readonly clientId: string
  readonly audience: string
  /** From OIDC_JWKS_URI; undefined means "read it from the issuer's discovery document". */
  readonly jwksUri: string | undefined
  readonly claimMapping: ClaimMapping
  readonly scope: string
  readonly web: WebAuthConfig
}

export const DEFAULT_SCOPE = 'openid offline_access profile email'

const CLAIM_VARIABLES: Readonly<Record<keyof ClaimMapping, string>> = {
  subject: 'OIDC_CLAIM_SUBJECT',
  email: 'OIDC_CLAIM_EMAIL',
  givenName: 'OIDC_CLAIM_GIVEN_NAME',
  familyName: 'OIDC_CLAIM_FAMILY_NAME',
  birthdate: 'OIDC_CLAIM_BIRTHDATE',
  gender: 'OIDC_CLAIM_GENDER',
  locale: 'OIDC_CLAIM_LOCALE',
}

const isPreset = (name: string): name is keyof typeof CLAIM_MAPPING_PRESETS => name in CLAIM_MAPPING_PRESETS

const list = (value: string): readonly string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')

/**
 * Right(null) when OIDC_ISSUER is unset (embedded provider), Right(config) when the external provider
 * is fully described, Left(problems) naming each missing or malformed variable otherwise.
 */
export const createExternalProviderConfig = (env: Environment): E.Either<readonly string[], ExternalProviderConfig | null> => {
  const value = (name: string): string => env[name]?.trim() ?? ''
  // Kept verbatim: some issuers (Auth0) end in a slash and the iss claim must match exactly.
  const issuer = value('OIDC_ISSUER')
  if (issuer === '') return E.right(null)
  const problems: string[] = []
  if (URL.parse(issuer)?.protocol.startsWith('http') !== true) problems.push('OIDC_ISSUER must be an http(s) URL')
  const clientId = value('OIDC_CLIENT_ID')
  if (clientId === '') problems.push('OIDC_CLIENT_ID is required with OIDC_ISSUER')
  const audience = value('OIDC_AUDIENCE')
  if (audience === '') problems.push('OIDC_AUDIENCE is required with OIDC_ISSUER')
  const jwksUri = value('OIDC_JWKS_URI')
  if (jwksUri !== '' && URL.parse(jwksUri) === null) problems.push('OIDC_JWKS_URI must be a URL')
  const presetName = value('OIDC_CLAIM_PRESET') || 'default'
  if (!isPreset(presetName)) problems.push(`OIDC_CLAIM_PRESET must be one of ${Object.keys(CLAIM_MAPPING_PRESETS).join(', ')}`)
  const preset: ClaimMapping = isPreset(presetName) ? CLAIM_MAPPING_PRESETS[presetName] : CLAIM_MAPPING_PRESETS.default
  const claimMapping = Object.fromEntries(
    (Object.keys(CLAIM_VARIABLES) as (keyof ClaimMapping)[]).map((field) => {
      const override = list(value(CLAIM_VARIABLES[field]))
      return [field, override.length > 0 ? override : preset[field]]
    }),
  ) as ClaimMapping
  const scope = value('OIDC_SCOPE') || DEFAULT_SCOPE
  if (problems.length > 0) return E.left(problems)
  return E.right({
    issuer,
    clientId,
    audience,
    jwksUri: jwksUri === '' ? undefined : jwksUri,
    claimMapping,
    scope,
    web: { authority: issuer, clientId, scope },
  })
}
