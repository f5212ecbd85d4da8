// A production install as an operator makes it: the project copied to a fresh folder, `npm ci
// --omit=dev` (no vitest, no vite, no TypeScript compiler needed), then `npm start`. Without a built
// web app it stops at once with the command to run; with one it serves /api/health.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..', '..', '..')
// Not part of a release: installs, local data, build output, the repository itself.
const SKIPPED = new Set(['node_modules', '.git', 'data', 'dist', 'coverage'])

const copy = mkdtempSync(join(tmpdir(), 'tandem-production-'))
let server: ChildProcess | undefined
afterAll(async () => {
  // npm start runs in its own process group: end it, with start.mjs and the server under it.
  if (server?.pid !== undefined && server.exitCode === null) process.kill(-server.pid, 'SIGKILL')
  await rm(copy, { recursive: true, force: true })
}, 300_000)

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0))
    })
  })

const npmStart = (env: Record<string, string>): ChildProcess =>
  spawn('npm', ['start'], { cwd: copy, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true })

const output = (child: ChildProcess): (() => string) => {
  let text = ''
  child.stdout?.on('data', (c: Buffer) => {
    text += c.toString()
  })
  child.stderr?.on('data', (c: Buffer) => {
    text += c.toString()
  })
  return () => text
}

describe('a production install (npm ci --omit=dev)', () => {
  it('installs without dev packages and starts: refuses a missing web build with the command to run, then serves /api/health', async () => {
    cpSync(ROOT, copy, {
      recursive: true,
      filter: (source) =>
        !relative(ROOT, source)
          .split(sep)
          .some((part) => SKIPPED.has(part)),
    })
    // From the local npm cache when it holds every package (it does after any install here), with
    // the packages' install scripts left out: the only one that does work here is better-sqlite3's
    // build from source (minutes on a busy machine), and the checkout's own `npm ci` (CI's first
    // step) ran exactly that build from the same lockfile and Node.js. Its result is copied in
    // below, so this test proves what only it can: the production package set, and a start without
    // the development packages.
    const install = spawnSync('npm', ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
      cwd: copy,
      encoding: 'utf8',
      timeout: 1_200_000,
    })
    expect([
      install.status,
      install.stderr
        .split('\n')
        .filter((l) => l.includes('ERR'))
        .join('\n'),
    ]).toEqual([0, ''])
    expect(existsSync(join(copy, 'node_modules', 'tsx'))).toBe(true)
    const nativeBuild = join('node_modules', 'better-sqlite3', 'build', 'Release')
    expect(existsSync(join(copy, nativeBuild))).toBe(false)
    cpSync(join(ROOT, nativeBuild), join(copy, nativeBuild), { recursive: true })
    expect(existsSync(join(copy, 'node_modules', 'vite'))).toBe(false)
    expect(existsSync(join(copy, 'node_modules', 'vitest'))).toBe(false)

    const dataDir = join(copy, 'data')
    const refused = npmStart({ DATA_DIR: dataDir, PORT: String(await freePort()) })
    const refusedOutput = output(refused)
    expect(await new Promise((resolve) => refused.on('exit', resolve))).toBe(1)
    expect(refusedOutput()).toContain('web/dist is missing and this install has no build tools')
    expect(refusedOutput()).toContain('npm ci && npm run build && npm prune --omit=dev')

    // A bundle built beforehand (its content is the web project's business, not this test's).
    mkdirSync(join(copy, 'web', 'dist'), { recursive: true })
    writeFileSync(join(copy, 'web', 'dist', 'index.html'), '<!doctype html><title>Tandem</title><div id="root"></div>')
    const port = await freePort()
    server = npmStart({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' })
    const serverOutput = output(server)
    const until = Date.now() + 120_000
    let health: Response | null = null
    while (health === null && Date.now() < until && server.exitCode === null) {
      health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null)
      if (health === null) await new Promise((resolve) => setTimeout(resolve, 250))
    }
    expect([health?.status, server.exitCode === null ? '' : serverOutput()]).toEqual([200, ''])
    expect(await health?.json()).toMatchObject({ isSuccess: true, value: { status: 'ok', database: 'ok' } })
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toContain('<title>Tandem</title>')
  }, 1_500_000)
})
