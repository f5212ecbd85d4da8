// The identity adapter's tables as Kysely sees them. Every query is built with Kysely and run on
// the caller's asynchronous executor: the SQLite file's (better-sqlite3 underneath) or a
// PostgreSQL pool, so one set of statements serves both (docs/decisions/0020-identity-storage-shared.md).
import type { ColumnType, Kysely } from 'kysely'

/**
 * A whole number (epoch milliseconds): SQLite INTEGER, PostgreSQL bigint. A pool that does not
 * parse bigint hands it out as text, so rows are read through `toNumber`.
 */
type Int = ColumnType<number | string, number, number>
type NullableInt = ColumnType<number | string | null, number | null, number | null>

export type IdentityTables = {
  readonly identity_accounts: {
    readonly id: string
    readonly email: string
    readonly password_hash: string
    readonly given_name: string
    readonly family_name: string
    readonly birthdate: string | null
    readonly gender: string
    readonly locale: string
    readonly terms_accepted_at: Int
    readonly privacy_accepted_at: Int
    readonly email_verified_at: NullableInt
    readonly created_at: Int
    readonly updated_at: Int
  }
  readonly identity_password_resets: {
    readonly token_hash: string
    readonly account_id: string
    readonly expires_at: Int
    readonly used_at: NullableInt
    readonly purpose: string
  }
  readonly oidc_models: {
    readonly model: string
    readonly id: string
    /** oidc-provider's payload as JSON, as it was given to `upsert`. */
    readonly payload: string
    readonly grant_id: string | null
    readonly user_code: string | null
    readonly uid: string | null
    /** The payload's `accountId`, so an account's sessions and tokens end without reading JSON. */
    readonly account_id: string | null
    /** When the model was consumed (epoch seconds, as oidc-provider wants it), else null. */
    readonly consumed_at: NullableInt
    readonly expires_at: NullableInt
  }
  readonly identity_keys: {
    readonly name: string
    /** JSON of ProviderKeys (provider.keys.ts). */
    readonly value: string
    readonly created_at: Int
  }
}

/**
 * The database the caller hands over: any Kysely whose executor reaches the identity tables (the
 * server's own, typed with its schema, or a pool of its own). The adapter types it as IdentityTables.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the caller's schema is none of this adapter's business
export type IdentityDatabase = Kysely<any>

export type IdentityDb = Kysely<IdentityTables>

export const identityTables = (db: IdentityDatabase): IdentityDb => db as IdentityDb

export const toNumber = (value: number | string): number => (typeof value === 'number' ? value : Number(value))

export const toNullableNumber = (value: number | string | null): number | null => (value === null ? null : toNumber(value))
