// The identity wiring: the token verifier (a test's, the external provider's, or the embedded
// provider's), and what the services may ask of the provider: deleting an account of ours and
// listing our accounts for SyncDBFromIdp.
import { mailFailureWithoutPersonalData, type ServiceContext } from '@tandem/application'
import { EMBEDDED_PROVIDER_ISSUER } from '@tandem/core'
import type { VerifyToken } from '@tandem/http'
import { createEmbeddedProvider, createTokenVerifier, type EmbeddedProvider } from '@tandem/identity'
import type { MailTransport, OrganisationInfo } from '@tandem/mail'
import type { AttemptLimiter, Database } from '@tandem/store'
import type { Logger } from 'pino'
import type { Config } from '../config.js'
import { resetMailWiring } from '../reset-mail.js'

export type IdentityWiring = {
  readonly provider: EmbeddedProvider | null
  readonly verifyToken: VerifyToken
} & Pick<ServiceContext, 'deleteIdentity' | 'identityAccounts'>

export const wireIdentity = async (
  config: Config,
  verifyTokenOverride: VerifyToken | undefined,
  db: Database,
  limitAttempt: AttemptLimiter,
  mail: { readonly transport: MailTransport; readonly org: OrganisationInfo },
  logger: Logger,
): Promise<IdentityWiring> => {
  const { transport, org } = mail
  let provider: EmbeddedProvider | null = null
  let verifyToken: VerifyToken
  if (verifyTokenOverride !== undefined) verifyToken = verifyTokenOverride
  else if (config.oidc !== null) {
    verifyToken = createTokenVerifier({
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      claimMapping: config.oidc.claimMapping,
      ...(config.oidc.jwksUri === undefined ? {} : { jwksUri: config.oidc.jwksUri }),
    })
  } else {
    provider = await createEmbeddedProvider({
      // The identity tables are reached through the store's Kysely (one statement per operation): on
      // SQLite its statements take their turn with the store's transactions (decision 0019), on
      // PostgreSQL it is the pool every instance shares (decision 0020).
      db: db.kysely,
      publicUrl: config.publicUrl,
      dataDir: config.dataDir,
      limitAttempt,
      redirectUris: [`${config.publicUrl}/`],
      postLogoutRedirectUris: [`${config.publicUrl}/`],
      ...resetMailWiring(transport, org),
      // the confirmation and reset mails go out at once, not through the outbox: their failures are logged here
      onMailError: (error) => logger.error(mailFailureWithoutPersonalData(error), 'identity mail not sent'),
      legalUrls: { terms: `${config.publicUrl}/terms-and-conditions`, privacy: `${config.publicUrl}/data-privacy-policy` },
    })
    // Tokens name the URL issuer; users are kept under the stable one, so PUBLIC_URL may change.
    const embeddedVerifier = provider.verifier
    verifyToken = async (token) => {
      const identity = await embeddedVerifier(token)
      return identity === null ? null : { ...identity, issuer: EMBEDDED_PROVIDER_ISSUER }
    }
  }
  const accounts = provider?.accounts ?? null
  return {
    provider,
    verifyToken,
    deleteIdentity: async (issuer, subject) => {
      const account = await accounts?.findBySubject(subject)
      if (provider !== null && accounts !== null && issuer === EMBEDDED_PROVIDER_ISSUER && account !== undefined)
        await accounts.deleteAccount(account.email)
    },
    identityAccounts: async () => {
      if (config.oidc !== null && verifyTokenOverride === undefined) return null
      return accounts === null
        ? []
        : (await accounts.listAccounts()).map((a) => ({
            issuer: EMBEDDED_PROVIDER_ISSUER,
            subject: a.subject,
            email: a.email,
            givenName: a.givenName,
            familyName: a.familyName,
            birthdate: a.birthdate,
            gender: a.gender,
            locale: a.locale,
          }))
    },
  }
}
