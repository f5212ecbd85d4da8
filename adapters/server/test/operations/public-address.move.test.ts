// Moving the installation to another public address (a restored data folder served under a new
// PUBLIC_URL, so the embedded provider's issuer changes): every account signs in again and finds its
// data. Also for a data folder from before, whose users were keyed by the old URL issuer.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Migrator, sql } from 'kysely'
import { MIGRATIONS } from '@tandem/store'
import { afterAll, describe, expect, it } from 'vitest'
import { SIGN_UP, signIn, signUp } from '../../../identity/test/support/harness.js'
import { openKyselyOf, queryFolder } from '../support/database.under-test.js'
import { claimsOf, signUpBody, startRealServer, type RealServer } from '../support/identity.harness.js'

const folders: string[] = []
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true })
})

type Details = { id: number; email: string; city: string }

const profile = (email: string, city: string) => ({
  email,
  professionalPosition: 'Engineer',
  company: 'ACME',
  countryCodeId: 64,
  stateOriginalId: 1,
  city,
  languageId: 1,
  clusterId: null,
  profileQuestionAnswer: [],
  isDeletedProfileImage: false,
})

/** Signs up through the provider's pages and the API, and saves a profile: an account with data. */
const accountWithData = async (server: RealServer, email: string, city: string): Promise<Details> => {
  const tokens = await signUp(server.endpoint, { ...SIGN_UP, email })
  expect((await server.api(tokens.access_token, 'POST', '/api/account/signup', signUpBody(email, 'Mentor'))).status).toBe(200)
  expect((await server.api(tokens.access_token, 'POST', '/api/user/UpdateProfile', profile(email, city))).status).toBe(200)
  return details(server, tokens.access_token, email)
}

const details = async (server: RealServer, token: string, email: string): Promise<Details> => {
  const reply = await server.api<Details>(token, 'GET', `/api/Account/GetUserDetails?emailId=${encodeURIComponent(email)}`)
  expect(reply.status).toBe(200)
  return { id: reply.body.value.id, email: reply.body.value.email, city: reply.body.value.city }
}

const userCount = async (dir: string): Promise<number> =>
  Number((await queryFolder(dir, sql<{ n: number }>`select count(*) as n from users`))[0]?.n)

describe('moving to a new public address', () => {
  it('keeps every account and its data: signed up under one PUBLIC_URL, signed in under another', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-move-'))
    folders.push(dir)
    const before = await startRealServer({}, { dir })
    const anna = await accountWithData(before, 'anna@example.org', 'Leipzig')
    const bert = await accountWithData(before, 'bert@example.org', 'Bremen')
    await before.close()

    const after = await startRealServer({}, { dir })
    try {
      expect(after.base).not.toBe(before.base)
      const tokens = await signIn(after.endpoint, 'anna@example.org', SIGN_UP.password)
      expect(claimsOf(tokens)['iss']).toBe(`${after.base}/oidc`)
      expect((await after.api(tokens.access_token, 'POST', '/api/Account/signin', { Email: 'anna@example.org', Role: null })).status).toBe(
        200,
      )
      expect(await details(after, tokens.access_token, 'anna@example.org')).toEqual(anna)
      const bertTokens = await signIn(after.endpoint, 'bert@example.org', SIGN_UP.password)
      expect(await details(after, bertTokens.access_token, 'bert@example.org')).toEqual(bert)
      expect(await userCount(dir)).toBe(2)
    } finally {
      await after.close()
    }
  }, 120_000)

  it('moves a data folder from before the stable issuer: users keyed by the old URL are found under the new one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-move-'))
    folders.push(dir)
    const before = await startRealServer({}, { dir })
    const anna = await accountWithData(before, 'anna@example.org', 'Leipzig')
    await before.close()
    // An older version had none of the later migrations: undo them with their own downs (every
    // migration has one), back to the last one before the re-keying migration.
    const older = await openKyselyOf(dir)
    const undone = await new Migrator({ db: older, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } }).migrateTo(
      '0004-scheduler-leases',
    )
    expect(undone.error).toBeUndefined()
    // As an older version left it: keyed by `${PUBLIC_URL}/oidc`, the re-keying migration not applied.
    await older
      .updateTable('users')
      .set({ issuer: `${before.base}/oidc` })
      .where('email', '=', 'anna@example.org')
      .execute()
    await older.destroy()

    const after = await startRealServer({}, { dir })
    try {
      const tokens = await signIn(after.endpoint, 'anna@example.org', SIGN_UP.password)
      expect(await details(after, tokens.access_token, 'anna@example.org')).toEqual(anna)
      expect(await userCount(dir)).toBe(1)
    } finally {
      await after.close()
    }
  }, 120_000)
})
