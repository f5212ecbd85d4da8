// `npm run backup` and `npm run restore` as an operator runs them, against real server processes:
// a backup taken under write load, the server killed (SIGKILL) with its log still beside the file,
// the backup restored: the folder holds exactly the backup's rows, the file is intact and every
// invariant holds. A restore refuses a live server and a damaged backup, changing nothing.
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { checkInvariants } from '@tandem/core'
import { generateProviderKeys, KEYS_FILE } from '@tandem/identity'
import { createUsersRepository, createWorldStore, openDatabase } from '@tandem/store'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, describe, expect, it } from 'vitest'
import { signUpBody, startHarness, type Harness, type Person } from '../support/harness.js'

const CLI = join(import.meta.dirname, '..', '..', 'src', 'backup.cli.ts')
const children: ChildProcess[] = []
const folders: string[] = []
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
  for (const f of folders) rmSync(f, { recursive: true, force: true })
})

const tempFolder = (name: string): string => {
  const dir = mkdtempSync(join(tmpdir(), `tandem-${name}-`))
  folders.push(dir)
  return dir
}

type Cli = { readonly code: number | null; readonly out: string; readonly err: string }
/** The command behind `npm run backup|restore -- PATH`, as a process of its own. */
const runCli = (command: 'backup' | 'restore', dataDir: string, path: string, databaseUrl = ''): Promise<Cli> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, command, path], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString()
    })
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString()
    })
    child.on('exit', (code) => resolve({ code, out, err }))
  })

/** Every table's rows, as sorted JSON lines (blobs as hex): two files with equal row sets compare equal. */
const rowSets = (file: string): Record<string, string[]> => {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true })
  try {
    const tables = db.prepare("select name from sqlite_master where type = 'table' order by name").pluck().all() as string[]
    return Object.fromEntries(
      tables.map((table) => [
        table,
        (db.prepare(`select * from "${table}"`).all() as Record<string, unknown>[])
          .map((row) => JSON.stringify(row, (_k, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v)))
          .sort(),
      ]),
    )
  } finally {
    db.close()
  }
}

/** Names, sizes and hashes of everything in a folder: "untouched" means this stays equal. */
const snapshot = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const file = join(e.parentPath, e.name)
      return `${file.slice(dir.length)} ${statSync(file).size} ${createHash('sha256').update(readFileSync(file)).digest('hex')}`
    })
    .sort()

const killed = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })

const callAt = async (h: Harness, base: string, who: Person, method: 'GET' | 'POST', path: string, body?: unknown): Promise<number> => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${await h.tokenFor(who)}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  await response.arrayBuffer()
  return response.status
}

const profileBody = (p: Person, city: string) => ({
  email: p.email,
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

/**
 * Writes through one server until stopped: sign-ups (inserts), profile edits (updates) and matching
 * runs of ready mentees (tandems, statuses, outbox). Records when each sign-up was answered 200.
 * A sign-up every third round only: the API takes 60 a minute from one address (the counters live
 * in the data folder, which the prepared people counted against too), and a load that spent them
 * all waited out the rest of the minute for the sign-ups after the backup.
 */
const writeLoad = (h: Harness, base: string, mentees: readonly Person[]) => {
  let running = true
  let writes = 0
  const signedUp: { email: string; at: number }[] = []
  const people: Person[] = []
  const done = (async () => {
    for (let i = 0; running; i++) {
      try {
        if (i % 3 === 0) {
          const newcomer = h.person(`Load${i}`)
          people.push(newcomer)
          if ((await callAt(h, base, newcomer, 'POST', '/api/account/signup', signUpBody(newcomer))) === 200)
            signedUp.push({ email: newcomer.email, at: Date.now() })
        }
        const person = people[people.length - 1]
        if (person !== undefined) await callAt(h, base, person, 'POST', '/api/user/UpdateProfile', profileBody(person, `City ${i}`))
        const mentee = mentees[i % mentees.length]
        if (mentee !== undefined)
          await callAt(h, base, mentee, 'POST', '/api/MatchingTandem/CreateMatchingTandem', { menteeEmail: mentee.email })
        writes += 1
      } catch {
        /* the server was killed mid-request */
      }
    }
  })()
  return {
    writes: () => writes,
    signedUp,
    people,
    stop: async () => {
      running = false
      await done
    },
  }
}

const waitFor = async (what: string, holds: () => boolean, limitMs = 60_000): Promise<void> => {
  const until = Date.now() + limitMs
  while (!holds()) {
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/** A data folder with mentors and ready mentees, served by no one (the harness closed). */
const preparedFolder = async (mentees = 0): Promise<{ h: Harness; dir: string; mentees: Person[] }> => {
  const dir = tempFolder('data')
  const h = await startHarness({ dataDir: dir })
  for (const name of ['Anna', 'Bert', 'Carl', 'Dora']) await h.publishedMentor(name)
  const ready: Person[] = []
  for (let i = 0; i < mentees; i++) ready.push(await h.readyMentee(`Mentee${i}`))
  await h.close()
  // A key file as earlier versions of the embedded provider left it in the data folder (the keys now
  // live in the database): a regular file beside it, which backup and restore must carry.
  writeFileSync(join(dir, KEYS_FILE), JSON.stringify(generateProviderKeys()), { mode: 0o600 })
  return { h, dir, mentees: ready }
}

describe('backup and restore', () => {
  it('a backup taken under write load, restored after kill -9: exactly the backup rows, an intact file, every invariant', async () => {
    const { h, dir, mentees } = await preparedFolder(12)
    const victim = await h.spawnProcess()
    children.push(victim.child)
    const load = writeLoad(h, victim.base, mentees)
    await waitFor('writes before the backup', () => load.writes() >= 15)

    const backup = join(tempFolder('backups'), 'nightly')
    const writesBefore = load.writes()
    const startedAt = Date.now()
    const made = await runCli('backup', dir, backup)
    const finishedAt = Date.now()
    expect(made.err).toBe('')
    expect(made.code).toBe(0)
    expect(load.writes()).toBeGreaterThan(writesBefore)
    expect(readdirSync(backup).sort()).toEqual(['manifest.json', 'oidc-keys.json', 'tandem.db'])
    const keys = readFileSync(join(dir, 'oidc-keys.json'))
    // Lost with the crash, as a disk would lose it: the restore brings it back.
    rmSync(join(dir, 'oidc-keys.json'))

    // Committed after the backup, then the server dies under load with its log beside the file.
    await waitFor('writes after the backup', () => load.signedUp.filter((s) => s.at > finishedAt).length >= 10)
    await killed(victim.child)
    await load.stop()
    expect(existsSync(join(dir, 'tandem.db-wal'))).toBe(true)

    const restored = await runCli('restore', dir, backup)
    expect(restored.err).toBe('')
    expect(restored.code).toBe(0)
    expect(existsSync(join(dir, 'tandem.db-wal'))).toBe(false)
    expect(existsSync(join(dir, 'tandem.db-shm'))).toBe(false)
    expect(readFileSync(join(dir, 'oidc-keys.json'))).toEqual(keys)
    const backupRows = rowSets(join(backup, 'tandem.db'))
    expect(rowSets(join(dir, 'tandem.db'))).toEqual(backupRows)
    const emails = backupRows['users']?.map((row) => (JSON.parse(row) as { email: string }).email) ?? []
    for (const s of load.signedUp.filter((x) => x.at < startedAt)) expect(emails).toContain(s.email)
    for (const s of load.signedUp.filter((x) => x.at > finishedAt)) expect(emails).not.toContain(s.email)

    const server = await h.spawnProcess()
    children.push(server.child)
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200)
    const details = (p: Person) => callAt(h, server.base, p, 'GET', `/api/Account/GetUserDetails?emailId=${encodeURIComponent(p.email)}`)
    expect(await details(mentees[0] as Person)).toBe(200)
    const lateEmail = load.signedUp.find((x) => x.at > finishedAt)?.email ?? ''
    const late = load.people.find((p) => p.email === lateEmail)
    expect(late === undefined ? 0 : await details(late)).toBe(404)
    const db = await openDatabase(join(dir, 'tandem.db'))
    try {
      expect(db.raw.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(db.raw.pragma('foreign_key_check')).toEqual([])
      const users = await createUsersRepository(db).all()
      expect(
        checkInvariants(await createWorldStore(db, () => ({ rows: [], stopLinks: [] })).load({ userIds: users.map((u) => u.id) })),
      ).toEqual([])
      // The start changes one thing: matching runs the backup caught between their two steps are
      // set back (PENDING -> AVAILABLE or NEW), as after any stop. Every other row is the backup's.
      const now = rowSets(join(dir, 'tandem.db'))
      for (const table of Object.keys(backupRows)) if (table !== 'users') expect([table, now[table]]).toEqual([table, backupRows[table]])
      const pendingInBackup = new Set(
        (backupRows['users'] ?? []).filter((r) => (JSON.parse(r) as { mentee_status: string | null }).mentee_status === 'PENDING'),
      )
      expect((backupRows['users'] ?? []).filter((r) => !(now['users'] ?? []).includes(r) && !pendingInBackup.has(r))).toEqual([])
      expect(now['users']?.length).toBe(backupRows['users']?.length)
    } finally {
      await db.close()
    }
    await killed(server.child)
  }, 240_000)

  it('refuses while a server holds the data folder, and restores once that server is gone', async () => {
    const { h, dir } = await preparedFolder()
    const server = await h.spawnProcess()
    children.push(server.child)
    const backup = join(tempFolder('backups'), 'b')
    expect((await runCli('backup', dir, backup)).code).toBe(0)
    const before = snapshot(dir)

    const refused = await runCli('restore', dir, backup)
    expect(refused.code).toBe(1)
    expect(refused.err).toContain('a server holds')
    expect(refused.err).toContain(`pid ${String(server.child.pid)}`)
    expect(snapshot(dir)).toEqual(before)

    // Killed, the server leaves its lock file behind; a dead process holds nothing.
    await killed(server.child)
    const done = await runCli('restore', dir, backup)
    expect([done.code, done.err]).toEqual([0, ''])
  }, 120_000)

  it('refuses a damaged backup (bytes changed, a broken index, a dangling reference) and leaves the data folder as it was', async () => {
    const { dir } = await preparedFolder(2)
    const backup = join(tempFolder('backups'), 'b')
    expect((await runCli('backup', dir, backup)).code).toBe(0)
    const before = snapshot(dir)
    const dbFile = join(backup, 'tandem.db')
    const original = readFileSync(dbFile)
    // A broken file whose manifest was made to match: only the database checks can tell.
    const withManifestMatching = (): void => {
      const manifest = JSON.parse(readFileSync(join(backup, 'manifest.json'), 'utf8')) as {
        files: { name: string; bytes: number; sha256: string }[]
      }
      const bytes = readFileSync(dbFile)
      for (const f of manifest.files)
        if (f.name === 'tandem.db') Object.assign(f, { bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') })
      writeFileSync(join(backup, 'manifest.json'), JSON.stringify(manifest))
    }

    const flipped = Buffer.from(original)
    flipped.writeUInt32BE(0xdeadbeef, flipped.length - 100)
    writeFileSync(dbFile, flipped)
    const damaged = await runCli('restore', dir, backup)
    expect(damaged.code).toBe(1)
    expect(damaged.err).toContain('tandem.db differs from the manifest')
    expect(snapshot(dir)).toEqual(before)

    // The index of mentee statuses loses its entries (as in the reported corruption).
    writeFileSync(dbFile, original)
    const probe = new BetterSqlite3(dbFile, { readonly: true })
    const root = probe.prepare("select rootpage from sqlite_master where name = 'users_mentee_status'").pluck().get() as number
    const pageSize = probe.pragma('page_size', { simple: true }) as number
    probe.close()
    const broken = Buffer.from(original)
    broken.fill(0, root * pageSize - 64, root * pageSize)
    writeFileSync(dbFile, broken)
    withManifestMatching()
    const corrupt = await runCli('restore', dir, backup)
    expect(corrupt.code).toBe(1)
    expect(corrupt.err).toContain('integrity_check')
    expect(snapshot(dir)).toEqual(before)

    writeFileSync(dbFile, original)
    const edit = new BetterSqlite3(dbFile)
    edit.pragma('foreign_keys = OFF')
    edit.prepare("insert into profile_images (user_id, mime, bytes) values (999999, 'image/png', x'00')").run()
    edit.close()
    withManifestMatching()
    const dangling = await runCli('restore', dir, backup)
    expect(dangling.code).toBe(1)
    expect(dangling.err).toContain('foreign_key_check')
    expect(dangling.err).toContain('profile_images')
    expect(snapshot(dir)).toEqual(before)
  }, 120_000)

  it('a server refuses a data folder whose restore was interrupted, and starts once the restore is run again', async () => {
    const { dir } = await preparedFolder()
    const backup = join(tempFolder('backups'), 'b')
    expect((await runCli('backup', dir, backup)).code).toBe(0)
    // A restore process that died mid-swap (its pid is gone) left its lock.
    const dead = spawn(process.execPath, ['-e', ''])
    await new Promise((resolve) => dead.on('exit', resolve))
    mkdirSync(join(dir, 'locks'), { recursive: true })
    writeFileSync(
      join(dir, 'locks', 'restore.json'),
      JSON.stringify({ pid: dead.pid, hostname: hostname(), startedAt: '2026-03-02T09:00:00.000Z' }),
    )
    await expect(startHarness({ dataDir: dir })).rejects.toThrow(/a restore into .* was interrupted .*run `npm run restore -- PATH` again/)

    const again = await runCli('restore', dir, backup)
    expect([again.code, again.err]).toEqual([0, ''])
    expect(existsSync(join(dir, 'locks', 'restore.json'))).toBe(false)
    const h = await startHarness({ dataDir: dir })
    expect((await fetch(`${h.base}/api/health`)).status).toBe(200)
    await h.close()
  }, 120_000)

  it('refuses on PostgreSQL (DATABASE_URL), names pg_dump and pg_restore, and writes nothing', async () => {
    const { dir } = await preparedFolder()
    const before = snapshot(dir)
    const target = join(tempFolder('backups'), 'b')
    const url = 'postgres://tandem:secret@127.0.0.1:5432/tandem'
    for (const command of ['backup', 'restore'] as const) {
      const refused = await runCli(command, dir, target, url)
      expect(refused.code).toBe(1)
      expect(refused.err).toContain(`${command} refused: the data is in PostgreSQL (DATABASE_URL)`)
      expect(refused.err).toContain('pg_dump')
      expect(refused.err).toContain('pg_restore')
      expect(refused.err).not.toContain('secret')
    }
    expect(existsSync(target)).toBe(false)
    expect(snapshot(dir)).toEqual(before)
  }, 120_000)
})
