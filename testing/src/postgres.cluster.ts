// A throwaway PostgreSQL cluster for tests: initdb in a temporary folder, one server on a free
// loopback port, gone again at the end — also when the test process dies (an exit hook and a
// watchdog process that outlives a `kill -9`). PostgreSQL refuses to run as root, so on a root
// machine every server program runs as the unprivileged `postgres` user, which owns the folder.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { findPostgresBin } from './postgres.binaries.js'

export type PostgresCluster = {
  /** The folder holding the data directory, the log and the socket; removed by `stop`. */
  readonly folder: string
  readonly port: number
  /** A `postgres://` URL of `database` on this cluster, as the superuser `tandem`. */
  readonly url: (database: string) => string
  /** Creates an empty database (a fresh random name when none is given) and answers its URL. */
  readonly createDatabase: (name?: string) => Promise<string>
  /** Stops the server and removes the folder; safe to call twice. */
  readonly stop: () => Promise<void>
}

const USER = 'tandem'
const OS_USER = 'postgres'

type Runner = { readonly command: string; readonly prefix: readonly string[]; readonly owner?: { uid: number; gid: number } }

/** Root runs the server programs through runuser as `postgres`; anyone else runs them directly. */
const runnerFor = (): Runner => {
  if (process.getuid?.() !== 0) return { command: '', prefix: [] }
  const id = (flag: string) => Number(spawnSync('id', [flag, OS_USER], { encoding: 'utf8' }).stdout.trim())
  const uid = id('-u')
  if (!Number.isInteger(uid) || uid === 0)
    throw new Error(`PostgreSQL cannot run as root and this machine has no '${OS_USER}' user (Debian's postgresql package creates it)`)
  return { command: 'runuser', prefix: ['-u', OS_USER, '--'], owner: { uid, gid: id('-g') } }
}

const run = (runner: Runner, program: string, args: readonly string[]): void => {
  const [command, all] = runner.command === '' ? [program, args] : [runner.command, [...runner.prefix, program, ...args]]
  const result = spawnSync(command, all, { encoding: 'utf8', timeout: 60_000 })
  if (result.status !== 0)
    throw new Error(`${program} ${args.join(' ')} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`)
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))))
    })
  })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits until the server answers queries over TCP (pg_ctl -w already waited for the socket). */
const awaitReady = async (url: string): Promise<void> => {
  const deadline = Date.now() + 30_000
  for (;;) {
    const client = new pg.Client({ connectionString: url })
    try {
      await client.connect()
      await client.query('select 1')
      return
    } catch (error) {
      if (Date.now() > deadline) throw error
      await sleep(100)
    } finally {
      await client.end().catch(() => undefined)
    }
  }
}

/**
 * Stops the server and removes the folder if the test process `pid` ends without doing so: a
 * detached shell polling once a second, which ends by itself once the folder is gone.
 */
const startWatchdog = (runner: Runner, bin: string, folder: string): void => {
  const script = `while kill -0 "$1" 2>/dev/null && [ -d "$2" ]; do sleep 1; done
[ -d "$2" ] || exit 0
$4 "$3/pg_ctl" stop -D "$2/data" -m immediate >/dev/null 2>&1
rm -rf "$2"`
  const as = runner.command === '' ? '' : [runner.command, ...runner.prefix].join(' ')
  spawn('sh', ['-c', script, 'watchdog', String(process.pid), folder, bin, as], { detached: true, stdio: 'ignore' }).unref()
}

export const startPostgresCluster = async (): Promise<PostgresCluster> => {
  const bin = findPostgresBin()
  if (bin === undefined)
    throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): install the Debian package postgresql')
  const runner = runnerFor()
  const folder = mkdtempSync(join(tmpdir(), 'tandem-pg-'))
  const data = join(folder, 'data')
  const password = randomBytes(18).toString('base64url')
  let stopped = false
  const stopNow = (): void => {
    if (stopped) return
    stopped = true
    try {
      run(runner, join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'fast', '-w'])
    } catch {
      // not running (start failed) or already gone: removing the folder is all that is left
    }
    rmSync(folder, { recursive: true, force: true })
  }
  process.once('exit', stopNow)
  try {
    const passwordFile = join(folder, 'password')
    writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 })
    if (runner.owner !== undefined) {
      chownSync(folder, runner.owner.uid, runner.owner.gid)
      chownSync(passwordFile, runner.owner.uid, runner.owner.gid)
    }
    startWatchdog(runner, bin, folder)
    // Local socket connections need no password: the socket lives in the folder only `postgres` can enter.
    run(runner, join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      USER,
      `--pwfile=${passwordFile}`,
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ])
    // A lost race for the port (another process took it between the probe and the start) is retried.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort()
      // Durability is pointless for a cluster that is deleted after the test; speed is not.
      const settings = [
        "listen_addresses = '127.0.0.1'",
        `port = ${port}`,
        `unix_socket_directories = '${folder}'`,
        'fsync = off',
        'synchronous_commit = off',
        'full_page_writes = off',
      ]
      const conf = join(data, 'postgresql.auto.conf')
      writeFileSync(conf, `${settings.join('\n')}\n`)
      if (runner.owner !== undefined) chownSync(conf, runner.owner.uid, runner.owner.gid)
      try {
        run(runner, join(bin, 'pg_ctl'), ['start', '-D', data, '-l', join(folder, 'server.log'), '-w', '-t', '60'])
      } catch (error) {
        if (attempt < 3) continue
        throw error
      }
      const url = (database: string) => `postgres://${USER}:${password}@127.0.0.1:${port}/${encodeURIComponent(database)}`
      await awaitReady(url('postgres'))
      return {
        folder,
        port,
        url,
        createDatabase: async (name = `test_${randomBytes(6).toString('hex')}`) => {
          if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a plain database name: ${name}`)
          const client = new pg.Client({ connectionString: url('postgres') })
          await client.connect()
          try {
            await client.query(`create database ${name}`)
          } finally {
            await client.end()
          }
          return url(name)
        },
        stop: async () => {
          process.removeListener('exit', stopNow)
          stopNow()
        },
      }
    }
  } catch (error) {
    process.removeListener('exit', stopNow)
    stopNow()
    throw error
  }
}
