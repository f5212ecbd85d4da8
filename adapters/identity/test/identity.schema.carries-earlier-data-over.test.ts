// The identity tables' migrations: a data folder of an earlier version (tables made by the old
// start-up code) keeps its accounts, sessions and tokens, and every step runs, undoes and runs
// again on both databases.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { createAccountStore } from '../src/account.store.js'
import { createIdentitySchema, dropIdentitySchema } from '../src/identity.schema.js'
import { databaseOidcAdapter } from '../src/oidc.adapter.js'
import { DATABASES, freshPostgresDatabase, openPostgres, openSqlite, type OpenDatabase } from './support/databases.js'

const opened: OpenDatabase[] = []
const folders: string[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close()
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

/** The tables exactly as the start-up code of the previous version made them in the SQLite file. */
const EARLIER_TABLES = `
  CREATE TABLE oidc_models (model TEXT NOT NULL, id TEXT NOT NULL, payload TEXT NOT NULL, grant_id TEXT, user_code TEXT, uid TEXT,
    expires_at INTEGER, PRIMARY KEY (model, id));
  CREATE INDEX oidc_models_grant ON oidc_models (grant_id) WHERE grant_id IS NOT NULL;
  CREATE INDEX oidc_models_uid ON oidc_models (model, uid) WHERE uid IS NOT NULL;
  CREATE TABLE identity_accounts (id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE COLLATE NOCASE, password_hash TEXT NOT NULL,
    given_name TEXT NOT NULL, family_name TEXT NOT NULL, birthdate TEXT, gender TEXT NOT NULL, locale TEXT NOT NULL,
    terms_accepted_at INTEGER NOT NULL, privacy_accepted_at INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
    email_verified_at INTEGER);
  CREATE TABLE identity_password_resets (token_hash TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES identity_accounts (id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL, used_at INTEGER, purpose TEXT NOT NULL DEFAULT 'reset');
  INSERT INTO identity_accounts VALUES ('a1', 'Old@Example.org', 'h', 'Olga', 'L', NULL, 'NA', 'de', 1, 1, 1, 1, 5);
  INSERT INTO identity_accounts VALUES ('a2', 'other@example.org', 'h', 'Otto', 'M', NULL, 'NA', 'en', 2, 2, 2, 2, NULL);
  INSERT INTO identity_password_resets VALUES ('t1', 'a1', 99, NULL, 'reset');
  INSERT INTO oidc_models VALUES ('Session', 's1', '{"accountId":"a1","uid":"u1"}', NULL, NULL, 'u1', NULL);
  INSERT INTO oidc_models VALUES ('Grant', 'g1', '{"accountId":"a1","clientId":"tandem-web"}', NULL, NULL, NULL, NULL);
  INSERT INTO oidc_models VALUES ('RefreshToken', 'r1', '{"grantId":"g1"}', 'g1', NULL, NULL, NULL);
  INSERT INTO oidc_models VALUES ('AuthorizationCode', 'c1', '{"accountId":"a1","grantId":"g1","consumed":1234}', 'g1', NULL, NULL, NULL);
  INSERT INTO oidc_models VALUES ('Session', 's2', '{"accountId":"a2","uid":"u2"}', NULL, NULL, 'u2', NULL);`

describe('identity tables of an earlier version (SQLite)', () => {
  it('keep their rows: accounts, sessions, consumed codes; ending sessions finds the rows the old code wrote', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tandem-identity-earlier-'))
    folders.push(folder)
    const db = openSqlite(join(folder, 'tandem.db'))
    opened.push(db)
    for (const statement of EARLIER_TABLES.split(';').filter((s) => s.trim() !== '')) await sql.raw(statement).execute(db.kysely)
    await createIdentitySchema(db.kysely)
    await createIdentitySchema(db.kysely)

    const accounts = createAccountStore(db.kysely)
    expect(await accounts.findByEmail('old@example.org')).toMatchObject({
      subject: 'a1',
      givenName: 'Olga',
      locale: 'de',
      emailVerifiedAt: 5,
    })
    const Adapter = databaseOidcAdapter(db.kysely)
    expect(await new Adapter('Session').findByUid('u1')).toEqual({ accountId: 'a1', uid: 'u1' })
    expect((await new Adapter('AuthorizationCode').find('c1'))?.consumed).toBe(1234)

    await accounts.endSessions('a1')
    const left = await db.kysely.selectFrom('oidc_models').select(['model', 'id']).orderBy('id').execute()
    expect(left).toEqual([{ model: 'Session', id: 's2' }])
    expect(await accounts.deleteAccount('OLD@example.org')).toBe(true)
    expect(await db.kysely.selectFrom('identity_password_resets').selectAll().execute()).toEqual([])
  })
})

describe.each(DATABASES)('identity migrations on %s', (kind) => {
  it('run, undo and run again, leaving working tables', async () => {
    const db = kind === 'sqlite' ? openSqlite(':memory:') : openPostgres(await freshPostgresDatabase())
    opened.push(db)
    await createIdentitySchema(db.kysely)
    await dropIdentitySchema(db.kysely)
    const names = async () =>
      (await db.kysely.introspection.getTables())
        .map((t) => t.name)
        .filter((name) => /^(identity|oidc)_/.test(name) && !name.startsWith('identity_migration'))
        .sort()
    expect(await names()).toEqual([])
    await createIdentitySchema(db.kysely)
    expect(await names()).toEqual(['identity_accounts', 'identity_keys', 'identity_password_resets', 'oidc_models'])
    const accounts = createAccountStore(db.kysely)
    const made = await accounts.createAccount({
      email: 'Case@Example.org',
      password: 'long-enough-secret',
      givenName: 'C',
      familyName: 'E',
      birthdate: '1990-01-01',
      gender: 'NA',
      locale: 'en',
    })
    expect(made._tag).toBe('Right')
    // The address is unique whatever its case, on both databases.
    expect((await accounts.findByEmail('case@example.ORG'))?.email).toBe('Case@Example.org')
    const again = await accounts.createAccount({
      email: 'CASE@example.org',
      password: 'long-enough-secret',
      givenName: 'C',
      familyName: 'E',
      birthdate: '1990-01-01',
      gender: 'NA',
      locale: 'en',
    })
    expect(again._tag).toBe('Left')
  })
})
