// @tandem/identity: the embedded OpenID Connect provider, its accounts and the verification of
// access tokens from it or from an external provider (Keycloak, Entra ID).
export {
  createEmbeddedProvider,
  resourceIndicatorFor,
  MOUNT_PATH,
  WEB_SCOPES,
  type EmbeddedProvider,
  type EmbeddedProviderOptions,
} from './embedded.provider.js'
export {
  createTokenVerifier,
  identityFromClaims,
  isEmailVerified,
  normaliseGender,
  ACCEPTED_ALGORITHMS,
  CLAIM_MAPPING_PRESETS,
  DEFAULT_CLAIM_MAPPING,
  type ClaimMapping,
  type TokenVerifier,
  type TokenVerifierOptions,
  type VerifierClaimMapping,
} from './token.verifier.js'
export {
  createExternalProviderConfig,
  DEFAULT_SCOPE,
  type Environment,
  type ExternalProviderConfig,
  type WebAuthConfig,
} from './external.config.js'
export { createAccountStore, GENDERS, type Account, type AccountStore, type Gender, type NewAccount } from './account.store.js'
export { passwordProblem } from './account.validation.js'
export { composeResetMail, type ComposeResetMail, type MailMessage, type ResetMailInput, type SendMail } from './mail.reset.js'
export type { LimitAttempt, LimitDecision, LimitedPageAction } from './limits.port.js'
export { RESET_LINK_VALIDITY, VERIFY_LINK_VALIDITY } from './reset.tokens.js'
export {
  composeVerificationMail,
  SIGN_UP_MAIL_WAIT_MS,
  type ComposeVerificationMail,
  type VerificationMailInput,
} from './email.verification.js'
export { createIdentitySchema, dropIdentitySchema } from './identity.schema.js'
export type { IdentityDatabase } from './identity.database.js'
export { generateProviderKeys, loadOrCreateKeys, KEYS_FILE, type ProviderKeys } from './provider.keys.js'
export { IDENTITY_TEXTS, type IdentityTextKey } from './identity.messages.js'
