// Signing keys and cookie keys of the embedded provider: generated on first start and kept in the
// data folder, so tokens and sessions stay valid across restarts and a backup restores them.
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { JWK } from 'oidc-provider'

export type ProviderKeys = {
  readonly jwks: { readonly keys: readonly JWK[] }
  readonly cookieKeys: readonly string[]
}

export const KEYS_FILE = 'oidc-keys.json'

const generateKeys = (): ProviderKeys => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const jwk = privateKey.export({ format: 'jwk' }) as JWK
  return {
    jwks: { keys: [{ ...jwk, kid: randomUUID(), use: 'sig', alg: 'RS256' }] },
    cookieKeys: [randomBytes(32).toString('base64url')],
  }
}

const isProviderKeys = (value: unknown): value is ProviderKeys => {
  const v = value as ProviderKeys | null
  return (
    typeof v === 'object' &&
    v !== null &&
    Array.isArray(v.jwks?.keys) &&
    v.jwks.keys.length > 0 &&
    Array.isArray(v.cookieKeys) &&
    v.cookieKeys.length > 0 &&
    v.cookieKeys.every((k) => typeof k === 'string')
  )
}

/** Reads `${dataDir}/oidc-keys.json`, creating it (mode 600) when missing. A corrupt file is a bug to fix by hand, not to overwrite. */
export const loadOrCreateKeys = (dataDir: string): ProviderKeys => {
  const file = join(dataDir, KEYS_FILE)
  if (existsSync(file)) {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
    if (!isProviderKeys(parsed)) throw new Error(`${file} is not a valid key file; restore it from a backup or delete it to start over`)
    return parsed
  }
  mkdirSync(dataDir, { recursive: true })
  const keys = generateKeys()
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600, flag: 'wx' })
  return keys
}
