// The embedded OpenID Connect provider (oidc-provider) as a mountable Express router: code flow
// with PKCE for the web app, refresh tokens, JWT access tokens for the API; accounts, sessions,
// tokens and keys in the database (SQLite or PostgreSQL), so instances on one database are alike.
import express from 'express'
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import { API_AUDIENCE, WEB_CLIENT_ID, type Language } from '@tandem/core'
import { createAccountStore, type Account, type AccountStore } from './account.store.js'
import { createCsrf } from './csrf.js'
import {
  createEmailVerification,
  emailVerificationRoutes,
  withSignUpConfirmation,
  type ComposeVerificationMail,
} from './email.verification.js'
import { pickLanguage, text } from './identity.messages.js'
import type { IdentityDatabase } from './identity.database.js'
import { createIdentitySchema } from './identity.schema.js'
import { identityRoutes } from './identity.routes.js'
import { PAGE_HEADERS } from './routes.shared.js'
import { composeResetMail as defaultResetMail, type ComposeResetMail, type SendMail } from './mail.reset.js'
import { databaseOidcAdapter } from './oidc.adapter.js'
import { escapeHtml, layout, paragraph } from './pages.render.js'
import { loadOrCreateKeys } from './provider.keys.js'
import type { LimitAttempt } from './limits.port.js'
import { createResetTokens } from './reset.tokens.js'
import { createTokenVerifier, type TokenVerifier } from './token.verifier.js'

export type EmbeddedProviderOptions = {
  /**
   * The database's asynchronous executor (the SQLite file's Kysely, or a PostgreSQL pool's). On
   * SQLite it may share the connection with synchronous code: every identity operation is one
   * statement, never a transaction held across an await.
   */
  readonly db: IdentityDatabase
  /** Where users reach the app, e.g. https://tandem.example.org (TLS may end at a proxy). */
  readonly publicUrl: string
  /** Where an earlier version kept `oidc-keys.json`, taken over into the database on the first start. */
  readonly dataDir: string
  readonly audience?: string
  readonly clientId?: string
  readonly redirectUris: readonly string[]
  readonly postLogoutRedirectUris: readonly string[]
  readonly sendMail: SendMail
  readonly composeResetMail?: ComposeResetMail
  /** The address-confirmation mail after sign-up; a plain bilingual text by default. */
  readonly composeVerificationMail?: ComposeVerificationMail
  readonly onMailError?: (error: unknown) => void
  /** Clock of reset links (tests move it); oidc-provider keeps its own. */
  readonly now?: () => number
  /** The sign-in limiter (sign-in, sign-up, forgot-password), shared by every process on the database. */
  readonly limitAttempt: LimitAttempt
  readonly legalUrls?: { readonly terms: string; readonly privacy: string }
}

export type EmbeddedProvider = {
  /** Mount with app.use('/oidc', handler), before any body parser. */
  readonly handler: express.Router
  readonly issuer: string
  readonly accounts: AccountStore
  readonly verifier: TokenVerifier
  readonly close: () => Promise<void>
}

/** The scopes the web app asks for; our own client is granted all of them without a consent screen. */
export const WEB_SCOPES = 'openid offline_access profile email'
export const MOUNT_PATH = '/oidc'

const PRIVATE_JWK_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'])

/** Resource indicators must be absolute URIs; a bare audience like `tandem-api` becomes `urn:tandem-api`. */
export const resourceIndicatorFor = (audience: string): string => (URL.parse(audience) === null ? `urn:${audience}` : audience)

const accountClaims = (account: Account) => ({
  sub: account.subject,
  email: account.email,
  // Confirmed once the owner opened a mailed link (sign-up confirmation or password reset).
  email_verified: account.emailVerifiedAt !== null,
  given_name: account.givenName,
  family_name: account.familyName,
  name: `${account.givenName} ${account.familyName}`.trim(),
  ...(account.birthdate === null ? {} : { birthdate: account.birthdate }),
  gender: account.gender,
  locale: account.locale,
})

const ctxLanguage = (ctx: KoaContextWithOIDC): Language => {
  const params = (ctx.oidc?.params ?? {}) as Record<string, unknown>
  const uiLocales = typeof params['ui_locales'] === 'string' ? params['ui_locales'] : undefined
  return pickLanguage(uiLocales, ctx.get('accept-language'))
}

export const createEmbeddedProvider = async (options: EmbeddedProviderOptions): Promise<EmbeddedProvider> => {
  const now = options.now ?? Date.now
  const audience = options.audience ?? API_AUDIENCE
  const clientId = options.clientId ?? WEB_CLIENT_ID
  const publicUrl = options.publicUrl.replace(/\/$/, '')
  const issuer = `${publicUrl}${MOUNT_PATH}`
  // The browser-facing path: /oidc, or /prefix/oidc when a proxy serves the app under a prefix.
  const pagesPath = new URL(issuer).pathname
  const resourceIndicator = resourceIndicatorFor(audience)
  const publicOrigin = new URL(publicUrl).origin

  await createIdentitySchema(options.db)
  const keys = await loadOrCreateKeys(options.db, options.dataDir)
  const accounts = createAccountStore(options.db, now)

  const page = (ctx: KoaContextWithOIDC, title: 'logout-title' | 'logout-done-title' | 'error-title', body: string): void => {
    const language = ctxLanguage(ctx)
    ctx.type = 'html'
    ctx.set({ ...PAGE_HEADERS })
    ctx.body = layout({ language, switchLanguageHref: `${publicUrl}/` }, title, body)
  }

  const configuration: Configuration = {
    adapter: databaseOidcAdapter(options.db),
    clients: [
      {
        client_id: clientId,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [...options.redirectUris],
        post_logout_redirect_uris: [...options.postLogoutRedirectUris],
      },
    ],
    jwks: { keys: [...keys.jwks.keys] },
    cookies: {
      keys: [...keys.cookieKeys],
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name', 'birthdate', 'gender', 'locale'],
    },
    // The web app reads names from the ID token: the JWT access token is for the API, not userinfo.
    conformIdTokenClaims: false,
    extraParams: ['screen_hint'],
    clientBasedCORS: (_ctx, origin) => origin === publicOrigin,
    findAccount: async (_ctx, id) => {
      const account = await accounts.findBySubject(id)
      return account === undefined ? undefined : { accountId: id, claims: () => accountClaims(account) }
    },
    extraTokenClaims: async (_ctx, token) => {
      const accountId = 'accountId' in token ? token.accountId : undefined
      const account = typeof accountId === 'string' ? await accounts.findBySubject(accountId) : undefined
      if (account === undefined) return undefined
      // email_verified stays: the API grants ADMIN_EMAILS only on confirmed addresses.
      const { sub: _sub, name: _name, ...claims } = accountClaims(account)
      return claims
    },
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(ctx.oidc.client?.clientId ?? '')
      const existing = grantId === undefined ? undefined : await ctx.oidc.provider.Grant.find(grantId)
      // Our own web app is first party: no consent screen, the grant is made (or completed) here.
      if (ctx.oidc.client?.clientId !== clientId || ctx.oidc.session?.accountId === undefined) return existing
      const grant = existing ?? new ctx.oidc.provider.Grant({ clientId, accountId: ctx.oidc.session.accountId })
      grant.addOIDCScope(WEB_SCOPES)
      grant.addOIDCClaims(['sub', 'email', 'email_verified', 'given_name', 'family_name', 'name', 'birthdate', 'gender', 'locale'])
      grant.addResourceScope(resourceIndicator, WEB_SCOPES)
      await grant.save()
      return grant
    },
    // oidc-provider keeps offline_access only with prompt=consent, which the web app does not send;
    // our own client gets refresh tokens anyway, bound to the session (they end at sign-out).
    issueRefreshToken: (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && (code.scopes.has('offline_access') || client.clientId === clientId),
    interactions: { url: (_ctx, interaction) => `${pagesPath}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          const l = ctxLanguage(ctx)
          page(
            ctx,
            'logout-title',
            `${form}${paragraph(l, 'logout-question')}<button type="submit" class="primary" form="op.logoutForm" name="logout" value="yes">${escapeHtml(text(l, 'logout-submit'))}</button>`,
          )
        },
        postLogoutSuccessSource: (ctx) => {
          const l = ctxLanguage(ctx)
          page(
            ctx,
            'logout-done-title',
            `${paragraph(l, 'logout-done')}<div class="links"><a href="${escapeHtml(publicUrl)}/">${escapeHtml(text(l, 'back-to-app'))}</a></div>`,
          )
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resourceIndicator,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== resourceIndicator) throw new errors.InvalidTarget()
          return { scope: WEB_SCOPES, audience, accessTokenFormat: 'jwt', accessTokenTTL: 15 * 60, jwt: { sign: { alg: 'RS256' } } }
        },
      },
    },
    ttl: {
      AccessToken: 15 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 30 * 24 * 60 * 60,
      Session: 14 * 24 * 60 * 60,
      RefreshToken: 14 * 24 * 60 * 60,
    },
    renderError: (ctx, _out, _error) => {
      page(ctx, 'error-title', paragraph(ctxLanguage(ctx), 'error-text'))
    },
  }

  const provider = new Provider(issuer, configuration)
  // TLS usually ends at a reverse proxy; X-Forwarded-Proto/Host then describe the public request.
  provider.proxy = true

  const handler = express.Router()
  const onMailError = options.onMailError ?? ((error) => console.error('identity mail not sent', error))
  const verification = createEmailVerification({
    db: options.db,
    now,
    issuer,
    sendMail: options.sendMail,
    ...(options.composeVerificationMail === undefined ? {} : { compose: options.composeVerificationMail }),
  })
  handler.use(emailVerificationRoutes({ verification, mountPath: pagesPath, appUrl: `${publicUrl}/` }))
  handler.use(
    identityRoutes({
      provider,
      // Sign-up through the pages mails the confirmation link; accounts made in code (demo) do not.
      accounts: withSignUpConfirmation(accounts, verification, onMailError),
      resetTokens: createResetTokens(options.db, now),
      limitAttempt: options.limitAttempt,
      csrf: createCsrf(keys.cookieKeys[0] ?? '', pagesPath, publicUrl.startsWith('https:')),
      sendMail: options.sendMail,
      composeResetMail: options.composeResetMail ?? defaultResetMail,
      onMailError,
      mountPath: pagesPath,
      issuer,
      appUrl: `${publicUrl}/`,
      legalUrls: options.legalUrls ?? { terms: `${publicUrl}/terms-and-conditions`, privacy: `${publicUrl}/data-privacy-policy` },
      grantScopes: { oidc: WEB_SCOPES, resource: WEB_SCOPES, resourceIndicator },
      clientId,
      now,
    }),
  )
  // The provider believes X-Forwarded-* from anyone (`proxy = true`); the Express app's `trust
  // proxy` (TRUST_PROXY) knows which peers are proxies, so headers from other peers are dropped.
  handler.use((req, _res, next) => {
    const trusts = req.app.get('trust proxy fn') as ((address: string, hop: number) => boolean) | undefined
    if (trusts !== undefined && !trusts(req.socket.remoteAddress ?? '', 0)) {
      for (const name of Object.keys(req.headers)) if (name.startsWith('x-forwarded-')) delete req.headers[name]
    }
    next()
  })
  handler.use(provider.callback())

  const publicKeys = keys.jwks.keys.map((key) => Object.fromEntries(Object.entries(key).filter(([name]) => !PRIVATE_JWK_MEMBERS.has(name))))
  const verifier = createTokenVerifier({ issuer, audience, keySet: { keys: publicKeys } })

  // Nothing to release today (no timers; the database belongs to the caller); kept so the server
  // can stop every part the same way.
  return { handler, issuer, accounts, verifier, close: async () => undefined }
}
