// `npm run db:copy`: an installation's data folder moves into an empty PostgreSQL database, run as
// the operator runs it (a child process): every table verified, the provider's keys carried, an
// existing password still signs in there; a running server, a non-empty target or a wrong address
// are refused with a clear message and nothing written.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createTestDatabase, type TestDatabase } from '@tandem/testing'
import { openPostgresKysely } from '@tandem/store'
import { sql } from 'kysely'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/demo.seed.js'
import { startRealServer } from '../support/identity.harness.js'

const root = resolve(import.meta.dirname, '../../../..')
let dir: string
let postgres: TestDatabase

const copy = (args: readonly string[], env: Readonly<Record<string, string>> = {}) => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'adapters/server/src/db-copy.cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, INIT_CWD: root, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { status: run.status, out: run.stdout, err: run.stderr }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tandem-db-copy-'))
  postgres = await createTestDatabase()
  // A real installation: the demo's accounts with passwords, participants, a program year.
  const demo = await startRealServer({ TANDEM_DEMO: '1' }, { dir })
  await demo.close()
}, 120_000)

afterAll(async () => {
  await postgres.drop()
  rmSync(dir, { recursive: true, force: true })
})

it('refuses while a server serves the folder, and writes nothing to PostgreSQL', async () => {
  const running = await startRealServer({}, { dir })
  try {
    const result = copy(['--from', dir, '--to', postgres.url])
    expect(result.status).toBe(1)
    expect(result.err).toMatch(/stop the server first/)
  } finally {
    await running.close()
  }
  const target = openPostgresKysely(postgres.url)
  try {
    const tables = await sql<{
      n: number
    }>`select count(*)::int as n from information_schema.tables where table_schema = current_schema()`.execute(target)
    expect(tables.rows[0]!.n).toBe(0)
  } finally {
    await target.destroy()
  }
}, 120_000)

it('refuses an address that is not PostgreSQL, and a command without its folder', () => {
  const notPostgres = copy(['--from', dir, '--to', 'mysql://localhost/tandem'])
  expect(notPostgres.status).toBe(1)
  expect(notPostgres.err).toMatch(/postgres:\/\//)
  const withoutFolder = copy(['--to', postgres.url])
  expect(withoutFolder.status).toBe(2)
  expect(withoutFolder.err).toMatch(/usage: npm run db:copy/)
})

it('moves every table, verified, and a demo account signs in with its password there', async () => {
  const result = copy(['--from', dir, '--to', postgres.url, '--check-sign-in', DEMO_ACCOUNTS.mentee], {
    TANDEM_CHECK_PASSWORD: DEMO_PASSWORD,
  })
  expect(result.err).not.toMatch(/refused/)
  expect(result.status).toBe(0)
  expect(result.out).toMatch(/users: \d+ rows, verified/)
  expect(result.out).toMatch(/identity_accounts: \d+ rows, verified/)
  expect(result.out).toMatch(/identity_keys: 1 rows, verified/)
  expect(result.out).toContain(`${DEMO_ACCOUNTS.mentee} signs in with the given password`)

  const target = openPostgresKysely(postgres.url)
  try {
    const users = await target.selectFrom('users').select('email').execute()
    expect(users.map((u) => u.email)).toEqual(expect.arrayContaining([DEMO_ACCOUNTS.mentee, DEMO_ACCOUNTS.mentor]))
  } finally {
    await target.destroy()
  }
}, 120_000)

it('refuses to copy into the same database again: it is no longer empty', () => {
  const again = copy(['--from', dir, '--to', postgres.url])
  expect(again.status).toBe(1)
  expect(again.err).toMatch(/not empty/)
})
