// Tables of the identity adapter, created idempotently in the application's SQLite file at start.
// They carry an `oidc_`/`identity_` prefix so they never collide with the application's migrations.
import type BetterSqlite3 from 'better-sqlite3'

export const createIdentitySchema = (db: BetterSqlite3.Database): void => {
  db.exec(`
    CREATE TABLE IF NOT EXISTS oidc_models (
      model TEXT NOT NULL,
      id TEXT NOT NULL,
      payload TEXT NOT NULL,
      grant_id TEXT,
      user_code TEXT,
      uid TEXT,
      expires_at INTEGER,
      PRIMARY KEY (model, id)
    );
    CREATE INDEX IF NOT EXISTS oidc_models_grant ON oidc_models (grant_id) WHERE grant_id IS NOT NULL;
    CREATE INDEX IF NOT EXISTS oidc_models_uid ON oidc_models (model, uid) WHERE uid IS NOT NULL;
    CREATE INDEX IF NOT EXISTS oidc_models_user_code ON oidc_models (model, user_code) WHERE user_code IS NOT NULL;
    CREATE INDEX IF NOT EXISTS oidc_models_expiry ON oidc_models (expires_at) WHERE expires_at IS NOT NULL;

    CREATE TABLE IF NOT EXISTS identity_accounts (
      id TEXT PRIMARY KEY,
      email TEXT NOT NULL UNIQUE COLLATE NOCASE,
      password_hash TEXT NOT NULL,
      given_name TEXT NOT NULL,
      family_name TEXT NOT NULL,
      birthdate TEXT,
      gender TEXT NOT NULL,
      locale TEXT NOT NULL,
      terms_accepted_at INTEGER NOT NULL,
      privacy_accepted_at INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    );

    CREATE TABLE IF NOT EXISTS identity_password_resets (
      token_hash TEXT PRIMARY KEY,
      account_id TEXT NOT NULL REFERENCES identity_accounts (id) ON DELETE CASCADE,
      expires_at INTEGER NOT NULL,
      used_at INTEGER
    );
    CREATE INDEX IF NOT EXISTS identity_password_resets_account ON identity_password_resets (account_id);
  `)
  // Later steps add columns to tables that older data folders already have; each runs once.
  addColumn(db, 'identity_accounts', 'email_verified_at', 'INTEGER')
  addColumn(db, 'identity_password_resets', 'purpose', "TEXT NOT NULL DEFAULT 'reset'")
}

const addColumn = (db: BetterSqlite3.Database, table: string, column: string, definition: string): void => {
  // Under the write lock: two processes starting on one file must not both add the column.
  db.transaction(() => {
    const columns = db.prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${table}')`).all()
    if (!columns.some((c) => c.name === column)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`)
  }).immediate()
}
