// Access-token verification: signature, issuer, audience, expiry and algorithm are all checked, and
// claims map to a VerifiedIdentity for the embedded provider and for Entra-style tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodedKeyPair } from '@tandem/testing'
import { decodeJwt, importPKCS8, SignJWT, UnsecuredJWT, type JWK } from 'jose'
import { CLAIM_MAPPING_PRESETS, createTokenVerifier, identityFromClaims, normaliseGender, DEFAULT_CLAIM_MAPPING } from '../src/index.js'
import { SIGN_UP, signUp, startHarness, type Harness, type Tokens } from './support/harness.js'
import { DATABASES } from './support/databases.js'

describe.each(DATABASES)('on %s', (database) => {
  let h: Harness
  let tokens: Tokens
  beforeAll(async () => {
    h = await startHarness({ database })
    tokens = await signUp(h, { ...SIGN_UP, email: 'verify@example.org' })
  })
  afterAll(async () => h.close())

  const flip = (token: string, part: number, edit: (json: Record<string, unknown>) => Record<string, unknown>): string => {
    const parts = token.split('.')
    const decoded = JSON.parse(Buffer.from(parts[part] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>
    parts[part] = Buffer.from(JSON.stringify(edit(decoded))).toString('base64url')
    return parts.join('.')
  }

  describe('token verifier', () => {
    it('accepts the untouched token', async () => {
      expect((await h.provider.verifier(tokens.access_token))?.email).toBe('verify@example.org')
    })

    it('refuses a token whose claims were changed after signing', async () => {
      expect(await h.provider.verifier(flip(tokens.access_token, 1, (c) => ({ ...c, email: 'admin@example.org' })))).toBeNull()
    })

    it('refuses a token whose signature was cut off or replaced', async () => {
      const [header, payload] = tokens.access_token.split('.')
      expect(await h.provider.verifier(`${header}.${payload}.`)).toBeNull()
      expect(await h.provider.verifier(`${header}.${payload}.${Buffer.from('x'.repeat(256)).toString('base64url')}`)).toBeNull()
    })

    it('refuses an expired token', async () => {
      const expiry = (decodeJwt(tokens.access_token).exp ?? 0) * 1000
      const later = createTokenVerifier({
        issuer: h.provider.issuer,
        audience: 'tandem-api',
        jwksUri: `${h.provider.issuer}/jwks`,
        now: () => expiry + 1000,
      })
      const before = createTokenVerifier({
        issuer: h.provider.issuer,
        audience: 'tandem-api',
        jwksUri: `${h.provider.issuer}/jwks`,
        now: () => expiry - 60_000,
      })
      expect(await before(tokens.access_token)).not.toBeNull()
      expect(await later(tokens.access_token)).toBeNull()
    })

    it('refuses a token for another audience or from another issuer', async () => {
      const otherAudience = createTokenVerifier({
        issuer: h.provider.issuer,
        audience: 'someone-else',
        jwksUri: `${h.provider.issuer}/jwks`,
      })
      const otherIssuer = createTokenVerifier({
        issuer: 'https://elsewhere.example.org',
        audience: 'tandem-api',
        jwksUri: `${h.provider.issuer}/jwks`,
      })
      expect(await otherAudience(tokens.access_token)).toBeNull()
      expect(await otherIssuer(tokens.access_token)).toBeNull()
    })

    it('refuses the ID token, which is meant for the web app, not the API', async () => {
      expect(await h.provider.verifier(tokens.id_token)).toBeNull()
    })

    it('refuses alg none and HS256 tokens even when the claims are right', async () => {
      const claims = decodeJwt(tokens.access_token)
      const unsecured = new UnsecuredJWT({ ...claims }).encode()
      const hmac = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('a-shared-secret-of-enough-length!!'))
      expect(await h.provider.verifier(unsecured)).toBeNull()
      expect(await h.provider.verifier(hmac)).toBeNull()
    })

    it("refuses a token signed by a key that is not the issuer's", async () => {
      const privateKey = await importPKCS8(encodedKeyPair('RS256').privatePem, 'RS256')
      const claims = decodeJwt(tokens.access_token)
      const forged = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'RS256', kid: 'forged' }).sign(privateKey)
      expect(await h.provider.verifier(forged)).toBeNull()
    })
  })

  describe('claim mapping', () => {
    it('maps Entra ID claims with the entra preset: oid as subject, preferred_username as e-mail', async () => {
      const pair = encodedKeyPair('ES256')
      const privateKey = await importPKCS8(pair.privatePem, 'ES256')
      const jwk: JWK = { ...pair.publicJwk, kid: 'entra-key', alg: 'ES256', use: 'sig' }
      const issuer = 'https://login.microsoftonline.com/tenant-id/v2.0'
      const token = await new SignJWT({
        oid: 'object-id-1',
        preferred_username: 'Max.Muster@contoso.example',
        given_name: 'Max',
        family_name: 'Muster',
        xms_pl: 'de-DE',
      })
        .setProtectedHeader({ alg: 'ES256', kid: 'entra-key' })
        .setIssuer(issuer)
        .setAudience('api://tandem')
        .setSubject('pairwise-sub')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey)
      const verify = createTokenVerifier({
        issuer,
        audience: 'api://tandem',
        keySet: { keys: [jwk] },
        claimMapping: CLAIM_MAPPING_PRESETS.entra,
      })
      expect(await verify(token)).toEqual({
        // No email_verified claim: Entra's address is not taken as confirmed.
        issuer,
        subject: 'object-id-1',
        email: 'Max.Muster@contoso.example',
        emailVerified: false,
        givenName: 'Max',
        familyName: 'Muster',
        birthdate: null,
        gender: 'NA',
        locale: 'de',
        issuedAt: Number(decodeJwt(token).iat) * 1000,
      })
    })

    it('refuses an identity without e-mail, since users need one', () => {
      expect(identityFromClaims('https://issuer', { sub: 'x' }, DEFAULT_CLAIM_MAPPING)).toBeNull()
    })

    it('normalises gender spellings and keeps unknown values out (NA)', () => {
      expect(['female', 'MALE', 'non-binary', 'Non binary', 'divers', 'robot', undefined].map(normaliseGender)).toEqual([
        'Female',
        'Male',
        'Non-binary',
        'Non-binary',
        'Non-binary',
        'NA',
        'NA',
      ])
    })

    it('keeps only a yyyy-mm-dd birth date', () => {
      const base = { sub: 's', email: 'e@example.org' }
      expect(identityFromClaims('i', { ...base, birthdate: '1990-02-03' }, DEFAULT_CLAIM_MAPPING)?.birthdate).toBe('1990-02-03')
      expect(identityFromClaims('i', { ...base, birthdate: '03.02.1990' }, DEFAULT_CLAIM_MAPPING)?.birthdate).toBeNull()
    })
  })
})
