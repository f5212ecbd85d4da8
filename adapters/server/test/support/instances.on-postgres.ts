// Several server instances on one PostgreSQL database, as behind a proxy: each with its own data
// folder and port, all verifying the tokens of one test key pair and reading one clock the test
// moves (so a test can let time pass for every instance at once).
import { mkdtempSync, rmSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { API_AUDIENCE } from '@tandem/core'
import { createTokenVerifier } from '@tandem/identity'
import { pino } from 'pino'
import { createServer, loadConfig, manualClock, type TandemServer } from '../../src/index.js'
import { ADMIN_EMAIL, ISSUER, START, type Person, type Reply } from './harness.js'
import { testKeys } from './test-keys.js'

export type Instance = {
  readonly server: TandemServer
  readonly call: <T = unknown>(who: Person | null, method: 'GET' | 'POST', path: string, body?: unknown) => Promise<Reply<T>>
  /** GET with the person's token, answering the raw response (downloads). */
  readonly fetchAs: (who: Person, path: string) => Promise<Response>
  /** Stops the instance as a crash would leave its runs: nothing marked, the rows as they are. */
  readonly close: () => Promise<void>
}

export const admin: Person = { email: ADMIN_EMAIL, subject: 'sub-admin', firstName: 'Ada', lastName: 'Admin' }

export const onePostgresDatabase = async (url: string) => {
  const { jwk, tokenFor } = await testKeys()
  const clock = manualClock(START)
  const open: Instance[] = []

  const instance = async (): Promise<Instance> => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-instance-'))
    const config = loadConfig({
      DATA_DIR: dir,
      DATABASE_URL: url,
      ADMIN_EMAILS: ADMIN_EMAIL,
      PUBLIC_URL: 'http://localhost:3000',
      WEB_DIST: join(dir, 'no-web'),
    })
    const server = await createServer(config, {
      clock,
      verifyToken: createTokenVerifier({ issuer: ISSUER, audience: API_AUDIENCE, keySet: { keys: [jwk] } }),
      logger: pino({ level: process.env['TEST_LOG'] ?? 'silent' }),
    })
    const listener: Server = await new Promise((resolve) => {
      const l = server.app.listen(0, '127.0.0.1', () => resolve(l))
    })
    const base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`
    const fetchAs = async (who: Person, path: string) =>
      await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${await tokenFor(who)}` } })
    const call = async <T>(who: Person | null, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply<T>> => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(who === null ? {} : { authorization: `Bearer ${await tokenFor(who)}` }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })
      return { status: response.status, body: (await response.json()) as Reply<T>['body'] }
    }
    let closed = false
    const close = async () => {
      if (closed) return
      closed = true
      await new Promise((resolve) => {
        listener.closeAllConnections()
        listener.close(resolve)
      })
      await server.close()
      rmSync(dir, { recursive: true, force: true })
    }
    const made: Instance = { server, call, fetchAs, close }
    open.push(made)
    return made
  }

  return {
    clock,
    instance,
    closeAll: async () => {
      for (const made of open.splice(0)) await made.close()
    },
  }
}

/** Polls `probe` every 20 ms until it finds something (what another instance wrote); gives up after `ms`. */
export const until = async <T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> => {
  const end = Date.now() + ms
  for (;;) {
    const found = await probe()
    if (found !== undefined) return found
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
