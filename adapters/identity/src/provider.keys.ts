// Signing keys and cookie keys of the embedded provider, kept in the database: made once on the
// first start, read by every instance on the database, so tokens and sessions stay valid across
// restarts and across instances, and a backup of the database restores them. Versions before kept
// them in `${DATA_DIR}/oidc-keys.json`; such a file is taken over on the first start.
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { JWK } from 'oidc-provider'
import { identityTables, type IdentityDatabase } from './identity.database.js'

export type ProviderKeys = {
  readonly jwks: { readonly keys: readonly JWK[] }
  readonly cookieKeys: readonly string[]
}

/** The key file of earlier versions in the data folder, imported when the database has no keys yet. */
export const KEYS_FILE = 'oidc-keys.json'

/** The one row of table identity_keys. */
const KEYS_ROW = 'provider'

/**
 * An RS256 key pair as JWK, encoded by the generation itself (the encoding options are those of
 * `keyObject.export`, 'jwk' among them; Node's type declarations leave it out).
 */
const generateJwkPair = generateKeyPairSync as unknown as (
  type: 'rsa',
  options: {
    readonly modulusLength: number
    readonly publicKeyEncoding: { readonly format: 'jwk' }
    readonly privateKeyEncoding: { readonly format: 'jwk' }
  },
) => { readonly publicKey: JWK; readonly privateKey: JWK }

export const generateProviderKeys = (): ProviderKeys => {
  // The key pair comes out as JWK from the generation itself. Exporting the generated key object
  // afterwards can hang the process for good (Node 20): the export holds the key's lock while it
  // allocates, and a garbage collection at that moment finalises the finished generation job, whose
  // destructor waits for the same lock. Seen once, as a server start that never ended.
  const jwk = generateJwkPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { format: 'jwk' },
    privateKeyEncoding: { format: 'jwk' },
  }).privateKey
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

/** The keys of `${dataDir}/oidc-keys.json`, undefined without the file. A corrupt file is a bug to fix by hand. */
const readKeysFile = (dataDir: string): ProviderKeys | undefined => {
  const file = join(dataDir, KEYS_FILE)
  if (!existsSync(file)) return undefined
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'))
  if (!isProviderKeys(parsed)) throw new Error(`${file} is not a valid key file; restore it from a backup or delete it to start over`)
  return parsed
}

const storedKeys = async (database: IdentityDatabase): Promise<ProviderKeys | undefined> => {
  const row = await identityTables(database).selectFrom('identity_keys').select('value').where('name', '=', KEYS_ROW).executeTakeFirst()
  if (row === undefined) return undefined
  const parsed: unknown = JSON.parse(row.value)
  if (!isProviderKeys(parsed)) throw new Error(`table identity_keys holds no valid provider keys; restore them from a backup`)
  return parsed
}

/**
 * The provider's keys from the database, stored there on the first start: those of an existing
 * `${dataDir}/oidc-keys.json` (so tokens and sessions issued before stay valid), else new ones.
 * Insert-if-absent, then read back: instances starting at once on one database all end with the
 * keys of whichever insert came first.
 */
export const loadOrCreateKeys = async (
  database: IdentityDatabase,
  dataDir: string,
  now: () => number = Date.now,
): Promise<ProviderKeys> => {
  const stored = await storedKeys(database)
  if (stored !== undefined) return stored
  const candidate = readKeysFile(dataDir) ?? generateProviderKeys()
  await identityTables(database)
    .insertInto('identity_keys')
    .values({ name: KEYS_ROW, value: JSON.stringify(candidate), created_at: now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const kept = await storedKeys(database)
  if (kept === undefined) throw new Error('the provider keys could not be stored')
  return kept
}
