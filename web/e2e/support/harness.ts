// Browser journeys against the real thing: the built web app served by the real server (SQLite
// file in a temp folder, the embedded OpenID provider, .eml mail) and real Chromium driven by
// playwright-core, one fresh profile per person.
import { mkdtempSync, readdirSync, statSync, existsSync } from 'node:fs'
import { createServer as createNetServer, type AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { build } from 'vite'
import { createServer, loadConfig, onSqliteFile, type ServerOverrides, type SqliteServer } from '@tandem/server'
import { pino } from 'pino'

const WEB_ROOT = resolve(import.meta.dirname, '../..')
const DIST = join(WEB_ROOT, 'dist')

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const

const newestMtime = (dir: string): number =>
  readdirSync(dir).reduce((latest, name) => {
    const path = join(dir, name)
    const stat = statSync(path)
    return Math.max(latest, stat.isDirectory() ? newestMtime(path) : stat.mtimeMs)
  }, 0)

/** Builds web/dist unless it is newer than every source file (the journeys test the built app). */
export const ensureBuilt = async (): Promise<void> => {
  const index = join(DIST, 'index.html')
  if (existsSync(index) && statSync(index).mtimeMs > newestMtime(join(WEB_ROOT, 'src'))) return
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build
  const nodeEnv = process.env['NODE_ENV']
  process.env['NODE_ENV'] = 'production'
  try {
    await build({ configFile: join(WEB_ROOT, 'vite.config.ts'), root: WEB_ROOT, logLevel: 'warn', mode: 'production' })
  } finally {
    process.env['NODE_ENV'] = nodeEnv
  }
}

const freePort = async (): Promise<number> => {
  const probe = createNetServer()
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((r) => probe.close(() => r()))
  return port
}

export type Stack = {
  readonly baseUrl: string
  /** The server serving now (another one after `restart`). */
  readonly server: SqliteServer
  readonly dataDir: string
  readonly newPerson: (locale?: string) => Promise<{ context: BrowserContext; page: Page }>
  /** Stops the server and starts it again on the same port and data folder with these overrides (a new release); browsers stay open. */
  readonly restart: (overrides?: ServerOverrides) => Promise<void>
  readonly close: () => Promise<void>
}

/**
 * `host` serves the app under another name (an office server's), which Chromium resolves to the
 * loopback address, so test traffic never leaves the machine.
 */
export const startStack = async (env: Record<string, string> = {}, options: { readonly host?: string } = {}): Promise<Stack> => {
  await ensureBuilt()
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'tandem-e2e-'))
  const baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`
  const hostArgs = options.host === undefined ? [] : [`--host-resolver-rules=MAP ${options.host} 127.0.0.1`]
  const config = loadConfig({ PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseUrl, WEB_DIST: DIST, LOG_LEVEL: 'warn', ...env })
  const serve = async (overrides: ServerOverrides) => {
    const server = onSqliteFile(await createServer(config, { logger: pino({ level: process.env['TEST_LOG'] ?? 'silent' }), ...overrides }))
    const listener: Server = await new Promise((r) => {
      const l = server.app.listen(port, '127.0.0.1', () => r(l))
    })
    return { server, listener }
  }
  const stop = async ({ server, listener }: { server: SqliteServer; listener: Server }) => {
    listener.closeAllConnections()
    await new Promise<void>((r) => listener.close(() => r()))
    await server.close()
  }
  let running = await serve({})
  const contexts: BrowserContext[] = []
  return {
    baseUrl,
    get server() {
      return running.server
    },
    dataDir,
    restart: async (overrides = {}) => {
      await stop(running)
      running = await serve(overrides)
    },
    newPerson: async (locale = 'en-GB') => {
      const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'tandem-chromium-')), {
        executablePath: '/usr/bin/chromium',
        headless: true,
        args: [...CHROMIUM_ARGS, ...hostArgs],
        viewport: { width: 1280, height: 900 },
        locale,
      })
      contexts.push(context)
      const page = context.pages()[0] ?? (await context.newPage())
      page.setDefaultTimeout(20_000)
      return { context, page }
    },
    close: async () => {
      for (const c of contexts) await c.close().catch(() => undefined)
      await stop(running)
    },
  }
}
