// Signing key pairs for tests, encoded by the key generation itself. Exporting a freshly generated
// key object can hang a Node 20 process for good: the export holds the key's lock while it
// allocates, and a garbage collection in that moment finalises the generation job, whose destructor
// waits for the same lock (seen in a CI run; the identity adapter's provider keys avoid it alike).
import { generateKeyPairSync } from 'node:crypto'

/** A public key as a JSON Web Key and its private key as PKCS #8 PEM (import it with jose's importPKCS8). */
export type EncodedKeyPair = { readonly publicJwk: { readonly kty: string } & Record<string, unknown>; readonly privatePem: string }

type Encodings = { publicKeyEncoding: { format: 'jwk' }; privateKeyEncoding: { format: 'pem'; type: 'pkcs8' } }
// Node's typings know no 'jwk' public key encoding, which Node has taken since 15.9.
const generate = generateKeyPairSync as unknown as (
  type: 'rsa' | 'ec',
  options: ({ modulusLength: number } | { namedCurve: string }) & Encodings,
) => { publicKey: EncodedKeyPair['publicJwk']; privateKey: string }

/** A fresh RS256 (RSA 2048) or ES256 (P-256) key pair. */
export const encodedKeyPair = (alg: 'RS256' | 'ES256'): EncodedKeyPair => {
  const encodings: Encodings = { publicKeyEncoding: { format: 'jwk' }, privateKeyEncoding: { format: 'pem', type: 'pkcs8' } }
  const pair =
    alg === 'RS256' ? generate('rsa', { modulusLength: 2048, ...encodings }) : generate('ec', { namedCurve: 'P-256', ...encodings })
  return { publicJwk: pair.publicKey, privatePem: pair.privateKey }
}
