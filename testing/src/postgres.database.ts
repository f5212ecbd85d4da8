// One empty PostgreSQL database for a test file: on the server named by TEST_DATABASE_URL (or
// DATABASE_URL) when one is given, as CI with a database service would; else on a throwaway cluster
// started for it. Either way the database is fresh, so migrations run from nothing.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { startPostgresCluster } from './postgres.cluster.js'

export type TestDatabase = {
  readonly url: string
  /** Drops the database (on a given server) or stops the throwaway cluster; safe to call twice. */
  readonly drop: () => Promise<void>
}

/** The server the tests should use instead of starting their own, if the environment names one. */
export const givenServerUrl = (env: NodeJS.ProcessEnv = process.env): string | undefined =>
  [env['TEST_DATABASE_URL'], env['DATABASE_URL']].find((url) => url !== undefined && url.trim() !== '')

const onServer = async (serverUrl: string, statement: string): Promise<void> => {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

export const createTestDatabase = async (env: NodeJS.ProcessEnv = process.env): Promise<TestDatabase> => {
  const server = givenServerUrl(env)
  if (server === undefined) {
    const cluster = await startPostgresCluster()
    return { url: await cluster.createDatabase('tandem'), drop: cluster.stop }
  }
  const name = `tandem_test_${randomBytes(6).toString('hex')}`
  try {
    await onServer(server, `create database ${name}`)
  } catch (error) {
    throw new Error(`cannot create a test database on the server of TEST_DATABASE_URL/DATABASE_URL (its role needs CREATEDB)`, {
      cause: error,
    })
  }
  const url = new URL(server)
  url.pathname = `/${name}`
  let dropped = false
  return {
    url: url.toString(),
    drop: async () => {
      if (dropped) return
      dropped = true
      await onServer(server, `drop database if exists ${name} with (force)`)
    },
  }
}
