// What every server test plays for the identity provider: one RS256 key pair per test, the public
// key as the JWK the servers verify with, and tokens as the provider would issue them for a person
// whose address it confirmed (ADMIN_EMAILS grants Admin only on confirmed addresses). Also how a
// server started as a child process tells its port.
import type { ChildProcess } from 'node:child_process'
import { API_AUDIENCE } from '@tandem/core'
import { encodedKeyPair } from '@tandem/testing'
import { importPKCS8, SignJWT, type CryptoKey, type JWK } from 'jose'

export const ISSUER = 'https://idp.test'

type Named = { readonly email: string; readonly subject: string; readonly firstName: string; readonly lastName: string }

export const testKeys = async () => {
  const pair = encodedKeyPair('RS256')
  const privateKey = await importPKCS8(pair.privatePem, 'RS256')
  const jwk: JWK = { ...pair.publicJwk, kid: 'test-key', alg: 'RS256' }
  const tokenFor = (p: Named, key: CryptoKey = privateKey, audience: string = API_AUDIENCE): Promise<string> =>
    new SignJWT({ email: p.email, email_verified: true, given_name: p.firstName, family_name: p.lastName, locale: 'en' })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setSubject(p.subject)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key)
  return { jwk, privateKey, tokenFor }
}

/** The port a server child process prints on its first `{"port":…}` line; rejects if it exits first. */
export const portOf = (child: ChildProcess, what: string): Promise<number> =>
  new Promise<number>((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const line = out
        .split('\n')
        .slice(0, -1)
        .find((l) => l.startsWith('{"port"'))
      if (line !== undefined) resolve((JSON.parse(line) as { port: number }).port)
    })
    child.on('exit', (code) => reject(new Error(`${what} exited with ${code}`)))
  })
