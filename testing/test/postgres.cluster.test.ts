// The throwaway cluster: a real server on loopback that takes the password it was given and no
// other, owned by the unprivileged user, and gone without a trace after `stop` or a killed test.
import { spawn } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { createConnection } from 'node:net'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, findPostgresBin, startPostgresCluster, type PostgresCluster } from '../src/index.js'

const query = async (url: string, text: string): Promise<Record<string, unknown>[]> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<Record<string, unknown>>(text)).rows
  } finally {
    await client.end()
  }
}

const portAccepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port })
    socket.once('connect', () => (socket.destroy(), resolve(true)))
    socket.once('error', () => resolve(false))
  })

const until = async (check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> => {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return check()
}

describe('throwaway PostgreSQL cluster', () => {
  let cluster: PostgresCluster
  beforeAll(async () => {
    cluster = await startPostgresCluster()
  })
  afterAll(() => cluster.stop())

  it('finds the installed server programs', () => {
    expect(findPostgresBin()).toMatch(/^\/usr\/lib\/postgresql\/\d+\/bin$/)
  })

  it('serves a fresh database on loopback to the password it was given', async () => {
    const url = await cluster.createDatabase()
    const [row] = await query(
      url,
      "select current_database() as name, host(inet_server_addr()) as address, current_setting('listen_addresses') as listening, version() as version",
    )
    expect(row?.['name']).toMatch(/^test_[0-9a-f]{12}$/)
    expect(row?.['address']).toBe('127.0.0.1')
    expect(row?.['listening']).toBe('127.0.0.1')
    expect(String(row?.['version'])).toMatch(/^PostgreSQL \d+/)
    expect(await query(url, 'select count(*)::int as tables from pg_tables where schemaname = current_schema()')).toEqual([{ tables: 0 }])
  })

  it('refuses a wrong password', async () => {
    const wrong = new URL(cluster.url('postgres'))
    wrong.password = 'not-the-password'
    await expect(query(wrong.toString(), 'select 1')).rejects.toThrow(/password authentication failed/)
  })

  it('runs as the unprivileged postgres user, never as root', async () => {
    const [row] = await query(cluster.url('postgres'), "select current_setting('data_directory') as data")
    expect(row?.['data']).toBe(join(cluster.folder, 'data'))
    if (process.getuid?.() === 0) expect(statSync(join(cluster.folder, 'data')).uid).not.toBe(0)
  })

  it('refuses a database name it would have to quote', async () => {
    await expect(cluster.createDatabase('x; drop database postgres')).rejects.toThrow(/not a plain database name/)
  })
})

describe('the end of a cluster', () => {
  it('stop shuts the server down and removes its folder', async () => {
    const cluster = await startPostgresCluster()
    expect(await portAccepts(cluster.port)).toBe(true)
    await cluster.stop()
    await cluster.stop()
    expect(existsSync(cluster.folder)).toBe(false)
    expect(await portAccepts(cluster.port)).toBe(false)
  })

  it('a test process killed with SIGKILL leaves no server and no folder behind', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('${join(import.meta.dirname, '../src/index.ts')}').then(async (m) => { const c = await m.startPostgresCluster(); console.log(JSON.stringify({ folder: c.folder, port: c.port })) })
         setInterval(() => {}, 1000)`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    const started = await new Promise<{ folder: string; port: number }>((resolve, reject) => {
      child.stdout.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString()) as { folder: string; port: number }))
      child.once('exit', (code) => reject(new Error(`child ended early (${code})`)))
    })
    expect(await portAccepts(started.port)).toBe(true)
    child.kill('SIGKILL')
    expect(await until(async () => !existsSync(started.folder) && !(await portAccepts(started.port)), 20_000)).toBe(true)
  })
})

describe('a test database', () => {
  it('is created on the server that TEST_DATABASE_URL names, and dropped again', async () => {
    const cluster = await startPostgresCluster()
    try {
      const given = cluster.url('postgres')
      const database = await createTestDatabase({ TEST_DATABASE_URL: given })
      const name = new URL(database.url).pathname.slice(1)
      expect(name).toMatch(/^tandem_test_[0-9a-f]{12}$/)
      expect(await query(database.url, 'select current_database() as name')).toEqual([{ name }])
      await database.drop()
      expect(await query(given, `select count(*)::int as n from pg_database where datname = '${name}'`)).toEqual([{ n: 0 }])
    } finally {
      await cluster.stop()
    }
  })

  it('without a given server, comes on a cluster of its own that drop removes', async () => {
    const database = await createTestDatabase({})
    expect(await query(database.url, 'select current_database() as name')).toEqual([{ name: 'tandem' }])
    await database.drop()
    await expect(query(database.url, 'select 1')).rejects.toThrow()
  })
})
