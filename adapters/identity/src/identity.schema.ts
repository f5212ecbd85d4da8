// Tables of the identity adapter, created and changed by their own list of migrations (Kysely's
// Migrator, bookkept in `identity_migration`, which a copy between databases leaves to each side's
// own migrations, as `kysely_migration`), on SQLite and PostgreSQL alike. They carry an
// `oidc_`/`identity_` prefix so they never collide with the application's migrations. Every step can
// run again after a crash half-way (SQLite runs them without a transaction) and meets data folders
// of earlier versions, whose tables the previous start-up code made with CREATE … IF NOT EXISTS.
import { Migrator, NO_MIGRATIONS, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely'
import type { IdentityDatabase } from './identity.database.js'
import { identityDialect } from './identity.dialect.js'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before there is a schema
type AnyKysely = Kysely<any>

const addColumnIfMissing = async (
  db: AnyKysely,
  table: string,
  column: string,
  build: (db: AnyKysely) => { execute: () => Promise<unknown> },
): Promise<void> => {
  if (!(await identityDialect(db).columnNames(table)).includes(column)) await build(db).execute()
}

const tables: Migration = {
  up: async (db) => {
    const t = identityDialect(db)
    await t.enableCaseInsensitiveText()
    await db.schema
      .createTable('oidc_models')
      .ifNotExists()
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('grant_id', 'text')
      .addColumn('user_code', 'text')
      .addColumn('uid', 'text')
      .addColumn('expires_at', t.integer)
      .addPrimaryKeyConstraint('oidc_models_pkey', ['model', 'id'])
      .execute()
    const partial = (name: string, columns: readonly string[], predicate: string) =>
      db.schema
        .createIndex(name)
        .ifNotExists()
        .on('oidc_models')
        .columns([...columns])
        .where(sql.ref(predicate), 'is not', null)
        .execute()
    await partial('oidc_models_grant', ['grant_id'], 'grant_id')
    await partial('oidc_models_uid', ['model', 'uid'], 'uid')
    await partial('oidc_models_user_code', ['model', 'user_code'], 'user_code')
    await partial('oidc_models_expiry', ['expires_at'], 'expires_at')
    await db.schema
      .createTable('identity_accounts')
      .ifNotExists()
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('email', t.caseInsensitiveText, (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('given_name', 'text', (c) => c.notNull())
      .addColumn('family_name', 'text', (c) => c.notNull())
      .addColumn('birthdate', 'text')
      .addColumn('gender', 'text', (c) => c.notNull())
      .addColumn('locale', 'text', (c) => c.notNull())
      .addColumn('terms_accepted_at', t.integer, (c) => c.notNull())
      .addColumn('privacy_accepted_at', t.integer, (c) => c.notNull())
      .addColumn('created_at', t.integer, (c) => c.notNull())
      .addColumn('updated_at', t.integer, (c) => c.notNull())
      .addColumn('email_verified_at', t.integer)
      .execute()
    await db.schema
      .createTable('identity_password_resets')
      .ifNotExists()
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('identity_accounts.id').onDelete('cascade'))
      .addColumn('expires_at', t.integer, (c) => c.notNull())
      .addColumn('used_at', t.integer)
      .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('reset'))
      .execute()
    await db.schema
      .createIndex('identity_password_resets_account')
      .ifNotExists()
      .on('identity_password_resets')
      .column('account_id')
      .execute()
    // Data folders of versions before the address confirmation have the tables without these.
    await addColumnIfMissing(db, 'identity_accounts', 'email_verified_at', (d) =>
      d.schema.alterTable('identity_accounts').addColumn('email_verified_at', t.integer),
    )
    await addColumnIfMissing(db, 'identity_password_resets', 'purpose', (d) =>
      d.schema.alterTable('identity_password_resets').addColumn('purpose', 'text', (c) => c.notNull().defaultTo('reset')),
    )
  },
  down: async (db) => {
    await db.schema.dropTable('identity_password_resets').ifExists().execute()
    await db.schema.dropTable('identity_accounts').ifExists().execute()
    await db.schema.dropTable('oidc_models').ifExists().execute()
  },
}

/**
 * What several instances on one database need: the keys in a table instead of a file, the account
 * of a session or token as a column (no JSON functions, which differ), consumption as a column (one
 * UPDATE, no read-modify-write of the payload) and at most one live link per account and purpose
 * (so issuing a link is one upsert).
 */
const sharedState: Migration = {
  up: async (db) => {
    const t = identityDialect(db)
    await addColumnIfMissing(db, 'oidc_models', 'account_id', (d) => d.schema.alterTable('oidc_models').addColumn('account_id', 'text'))
    await addColumnIfMissing(db, 'oidc_models', 'consumed_at', (d) =>
      d.schema.alterTable('oidc_models').addColumn('consumed_at', t.integer),
    )
    await db
      .updateTable('oidc_models')
      .set({ account_id: t.jsonText('payload', 'accountId') })
      .where('account_id', 'is', null)
      .execute()
    await db.schema
      .createIndex('oidc_models_account')
      .ifNotExists()
      .on('oidc_models')
      .column('account_id')
      .where(sql.ref('account_id'), 'is not', null)
      .execute()
    // Earlier versions retired older links before issuing one, so there is at most one live link per
    // account and purpose; should a folder hold more, all but the longest-lived one count as used.
    await sql`update identity_password_resets set used_at = expires_at
      where used_at is null and exists (select 1 from identity_password_resets newer
        where newer.account_id = identity_password_resets.account_id and newer.purpose = identity_password_resets.purpose
          and newer.used_at is null and newer.expires_at > identity_password_resets.expires_at)`.execute(db)
    await db.schema
      .createIndex('identity_password_resets_live')
      .ifNotExists()
      .unique()
      .on('identity_password_resets')
      .columns(['account_id', 'purpose'])
      .where(sql.ref('used_at'), 'is', null)
      .execute()
    await db.schema
      .createTable('identity_keys')
      .ifNotExists()
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', t.integer, (c) => c.notNull())
      .execute()
  },
  down: async (db) => {
    await db.schema.dropTable('identity_keys').ifExists().execute()
    await db.schema.dropIndex('identity_password_resets_live').ifExists().execute()
    await db.schema.dropIndex('oidc_models_account').ifExists().execute()
    await db.schema.alterTable('oidc_models').dropColumn('consumed_at').execute()
    await db.schema.alterTable('oidc_models').dropColumn('account_id').execute()
  },
}

const MIGRATIONS: Readonly<Record<string, Migration>> = {
  'identity-0001-tables': tables,
  'identity-0002-shared-state': sharedState,
}

const provider: MigrationProvider = { getMigrations: async () => ({ ...MIGRATIONS }) }

/** The identity tables' own bookkeeping, apart from the application's `kysely_migration`. */
const migratorOf = (db: IdentityDatabase) =>
  new Migrator({ db, provider, migrationTableName: 'identity_migration', migrationLockTableName: 'identity_migration_lock' })

/**
 * Brings the identity tables up to date; run at start before anything else uses them (on SQLite the
 * statements run on the shared connection while nothing else does). Throws when a step fails.
 */
export const createIdentitySchema = async (db: IdentityDatabase): Promise<void> => {
  const { error } = await migratorOf(db).migrateToLatest()
  if (error !== undefined) throw error instanceof Error ? error : new Error('an identity migration failed', { cause: error })
}

/** Undoes every identity migration (tests check that each step can be undone and redone). */
export const dropIdentitySchema = async (db: IdentityDatabase): Promise<void> => {
  const { error } = await migratorOf(db).migrateTo(NO_MIGRATIONS)
  if (error !== undefined) throw error instanceof Error ? error : new Error('an identity migration failed', { cause: error })
}
