// The production entry point (main.ts) as a real child process on a data folder, for the crash
// tests: start it, wait for a condition, kill it with SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { databaseEnv } from './database.under-test.js'

const MAIN = join(import.meta.dirname, '..', '..', 'src', 'main.ts')

export type MainProcesses = {
  /** Starts `node main.ts` on the folder with short intervals and leases; resolves once it listens. */
  readonly start: (dir: string, env?: Readonly<Record<string, string>>) => Promise<ChildProcess>
  /** Kills every child still running (afterAll). */
  readonly killAll: () => void
}

export const mainProcesses = (): MainProcesses => {
  const children: ChildProcess[] = []
  return {
    start: async (dir, env = {}) => {
      const database = await databaseEnv(dir)
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        env: {
          ...process.env,
          DATA_DIR: dir,
          PORT: '0',
          HOST: '127.0.0.1',
          PUBLIC_URL: 'http://localhost:3000',
          WEB_DIST: join(dir, 'no-web'),
          SWEEP_INTERVAL_MS: '100',
          // A killed process's sweeps are taken over after 3 s instead of a minute.
          SWEEP_LEASE_MS: '3000',
          MAIL_INTERVAL_MS: '100',
          LOG_LEVEL: 'info',
          ...database,
          ...env,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      children.push(child)
      return new Promise((resolve, reject) => {
        let out = ''
        child.stdout?.on('data', (chunk: Buffer) => {
          out += chunk.toString()
          if (out.includes('Tandem is listening')) resolve(child)
        })
        child.on('exit', (code) => reject(new Error(`main.ts exited with ${code}: ${out.slice(-2000)}`)))
      })
    },
    killAll: () => {
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
    },
  }
}

export const waitFor = async (what: string, holds: () => boolean | Promise<boolean>, limitMs = 60_000, pollMs = 100): Promise<void> => {
  const until = Date.now() + limitMs
  while (!(await holds())) {
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}

export const killed = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
