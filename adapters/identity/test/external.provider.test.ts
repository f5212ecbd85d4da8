// With OIDC_ISSUER/OIDC_CLIENT_ID/OIDC_AUDIENCE the API trusts an external provider instead. A second,
// separate provider instance on another port plays the external issuer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { either as E } from 'fp-ts'
import { createExternalProviderConfig, createTokenVerifier, type TokenVerifier } from '../src/index.js'
import { SIGN_UP, signUp, startHarness, type Harness } from './support/harness.js'
import { DATABASES } from './support/databases.js'

describe.each(DATABASES)('on %s', (database) => {
  let external: Harness
  let app: Harness
  let externalVerifier: TokenVerifier

  beforeAll(async () => {
    external = await startHarness({ database, audience: 'https://api.tandem.example' })
    const config = createExternalProviderConfig({
      OIDC_ISSUER: external.provider.issuer,
      OIDC_CLIENT_ID: 'tandem-web',
      OIDC_AUDIENCE: 'https://api.tandem.example',
      OIDC_CLAIM_PRESET: 'keycloak',
    })
    if (E.isLeft(config) || config.right === null) throw new Error('external config not accepted')
    const { issuer, audience, claimMapping, jwksUri } = config.right
    // No JWKS URI given: the verifier reads it from the external issuer's discovery document.
    externalVerifier = createTokenVerifier({ issuer, audience, claimMapping, ...(jwksUri === undefined ? {} : { jwksUri }) })
    app = await startHarness({ database, verifier: () => externalVerifier })
  })
  afterAll(async () => {
    await app.close()
    await external.close()
  })

  describe('external provider', () => {
    it('runs on its own port with its own issuer', () => {
      expect(external.provider.issuer).not.toBe(app.provider.issuer)
      expect(new URL(external.provider.issuer).port).not.toBe(new URL(app.provider.issuer).port)
    })

    it('lets the API accept tokens of the external issuer, keyed by that issuer and subject', async () => {
      const tokens = await signUp(external, { ...SIGN_UP, email: 'outside@example.org' })
      const response = await fetch(`${app.baseUrl}/api/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })
      expect(response.status).toBe(200)
      const { value } = (await response.json()) as { value: { issuer: string; email: string } }
      expect(value).toMatchObject({ issuer: external.provider.issuer, email: 'outside@example.org' })
    })

    it('makes the API refuse tokens of the embedded provider once it trusts the external one', async () => {
      const tokens = await signUp(app, { ...SIGN_UP, email: 'inside@example.org' })
      expect((await fetch(`${app.baseUrl}/api/me`, { headers: { authorization: `Bearer ${tokens.access_token}` } })).status).toBe(401)
    })
  })

  describe('external provider configuration', () => {
    it('is off without OIDC_ISSUER', () => {
      expect(createExternalProviderConfig({})).toEqual(E.right(null))
    })

    it('names each missing variable', () => {
      expect(createExternalProviderConfig({ OIDC_ISSUER: 'https://kc.example.org/realms/tandem' })).toEqual(
        E.left(['OIDC_CLIENT_ID is required with OIDC_ISSUER', 'OIDC_AUDIENCE is required with OIDC_ISSUER']),
      )
      expect(E.isLeft(createExternalProviderConfig({ OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'c', OIDC_AUDIENCE: 'a' }))).toBe(true)
      expect(
        E.isLeft(
          createExternalProviderConfig({
            OIDC_ISSUER: 'https://x.example',
            OIDC_CLIENT_ID: 'c',
            OIDC_AUDIENCE: 'a',
            OIDC_CLAIM_PRESET: 'okta',
          }),
        ),
      ).toBe(true)
    })

    it('gives the web app authority, client id and scope, and lets OIDC_CLAIM_* override the preset', () => {
      const config = createExternalProviderConfig({
        OIDC_ISSUER: 'https://login.microsoftonline.com/t/v2.0',
        OIDC_CLIENT_ID: 'spa-client',
        OIDC_AUDIENCE: 'api://tandem',
        OIDC_CLAIM_PRESET: 'entra',
        OIDC_CLAIM_EMAIL: 'email, upn',
        OIDC_SCOPE: 'openid profile email offline_access api://tandem/access',
      })
      expect(E.isRight(config) && config.right).toMatchObject({
        web: {
          authority: 'https://login.microsoftonline.com/t/v2.0',
          clientId: 'spa-client',
          scope: 'openid profile email offline_access api://tandem/access',
        },
        claimMapping: { subject: ['oid', 'sub'], email: ['email', 'upn'] },
      })
    })
  })
})
