// Units of the HTTP adapter: the error status map, image sniffing, the token cache and the JSON
// body reader (on a real Express app and real HTTP).
import type { AddressInfo } from 'node:net'
import { sniffImageType, type VerifiedIdentity } from '@tandem/core'
import express from 'express'
import { encodedKeyPair } from '@tandem/testing'
import { SignJWT, createLocalJWKSet, importPKCS8, jwtVerify } from 'jose'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { STATUS_OF, messageOf } from '../src/index.js'
import { jsonBody } from '../src/json.body.js'
import { cachedVerifier } from '../src/token.cache.js'

describe('status map', () => {
  it('answers 409 for the state conflicts docs/product.md#errors asks the user to refresh for', () => {
    expect([STATUS_OF.TandemAlreadyClosed, STATUS_OF.TandemChanged, STATUS_OF.ProposalExpired]).toEqual([409, 409, 409])
    expect([STATUS_OF.ValidationFailed, STATUS_OF.NotFound]).toEqual([400, 404])
  })
  it('uses the messages the web app reads for start matching and manual creation', () => {
    expect(messageOf({ _tag: 'ProfileIncomplete' })).toBe('InCompleteProfile')
    expect(messageOf({ _tag: 'NotAvailableForMatching', status: 'PROPOSED' })).toBe('User not available for matching')
    expect(messageOf({ _tag: 'SameUser' })).toBe('admin-mentor-only-differnt-user-error')
  })
  it('answers 403 WrongRole for a participant calling the other side, not the start-matching text (docs/product.md#status-codes)', () => {
    expect(STATUS_OF.WrongRole).toBe(403)
    expect(messageOf({ _tag: 'WrongRole', role: 'Mentor' })).toBe('WrongRole')
  })
})

describe('image sniffing (the core rule the upload route runs)', () => {
  it('recognises png, jpeg and gif by their bytes and nothing else', async () => {
    const base = sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
    expect(sniffImageType(await base.clone().png().toBuffer())).toBe('png')
    expect(sniffImageType(await base.clone().jpeg().toBuffer())).toBe('jpeg')
    expect(sniffImageType(await base.clone().gif().toBuffer())).toBe('gif')
    expect(sniffImageType(await base.clone().webp().toBuffer())).toBeNull()
    expect(sniffImageType(new TextEncoder().encode('<svg/>'))).toBeNull()
  })
})

describe('token cache', () => {
  it('verifies a token once until it expires and never caches a refusal', async () => {
    const pair = encodedKeyPair('RS256')
    const privateKey = await importPKCS8(pair.privatePem, 'RS256')
    const keys = createLocalJWKSet({ keys: [{ ...pair.publicJwk, alg: 'RS256' }] })
    let verifications = 0
    const verify = async (token: string): Promise<VerifiedIdentity | null> => {
      verifications += 1
      try {
        const { payload } = await jwtVerify(token, keys)
        return {
          issuer: 'i',
          subject: String(payload.sub),
          email: 'a@b.org',
          emailVerified: false,
          givenName: '',
          familyName: '',
          birthdate: null,
          gender: 'NA',
          locale: 'en',
          issuedAt: null,
        }
      } catch {
        return null
      }
    }
    let now = Date.now()
    const cached = cachedVerifier(verify, () => now)
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256' })
      .setSubject('s1')
      .setExpirationTime(Math.floor(now / 1000) + 60)
      .sign(privateKey)
    expect((await cached(token))?.subject).toBe('s1')
    expect((await cached(token))?.subject).toBe('s1')
    expect(verifications).toBe(1)
    expect(await cached('forged.token.value')).toBeNull()
    expect(await cached('forged.token.value')).toBeNull()
    expect(verifications).toBe(3)
    now += 61_000
    await cached(token)
    expect(verifications).toBe(4)
  })
})

describe('JSON body reader', () => {
  const post = async (body: string, headers: Record<string, string>) => {
    const app = express()
    app.post('/echo', jsonBody(64), (req, res) => {
      res.json({ body: req.body as unknown })
    })
    app.use((err: { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(err.status ?? 500).json({ error: true })
    })
    const server = app.listen(0)
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/echo`, { method: 'POST', headers, body })
      return { status: response.status, json: await response.json() }
    } finally {
      server.close()
    }
  }
  it('parses UTF-8 JSON, refuses bad JSON with 400, bodies over the limit with 413 and other media types with 415', async () => {
    expect(await post('{"a":"ü"}', { 'content-type': 'application/json' })).toEqual({ status: 200, json: { body: { a: 'ü' } } })
    expect((await post('{"a":', { 'content-type': 'application/json' })).status).toBe(400)
    expect((await post(JSON.stringify({ a: 'x'.repeat(100) }), { 'content-type': 'application/json' })).status).toBe(413)
    // A JSON route no longer reads a text/plain body as empty: it refuses the media type.
    expect((await post('{"a":1}', { 'content-type': 'text/plain' })).status).toBe(415)
  })
})
