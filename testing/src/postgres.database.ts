// One empty PostgreSQL database for a test file: on the server named by TEST_DATABASE_URL (or
// DATABASE_URL) when one is given, as CI with a database service would; else on a throwaway cluster
// started for it. Either way the database is fresh, so migrations run from nothing.
// A suite that runs many files on PostgreSQL starts one server per run instead (`startPostgresServer`
// in a vitest global setup) and gives each harness a database of its own there (`createDatabaseOn`),
// copied from a template that already holds the schema.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { startPostgresCluster } from './postgres.cluster.js'

export type TestDatabase = {
  readonly url: string
  /** Drops the database (on a given server) or stops the throwaway cluster; safe to call twice. */
  readonly drop: () => Promise<void>
}

/** A PostgreSQL server for a whole test run: the given one, or a throwaway cluster. */
export type PostgresServer = {
  /** A URL of the server's maintenance database `postgres` (or the given URL), to create databases from. */
  readonly url: string
  /** Stops the throwaway cluster (a given server is left alone); safe to call twice. */
  readonly stop: () => Promise<void>
}

/** The server the tests should use instead of starting their own, if the environment names one. */
export const givenServerUrl = (env: NodeJS.ProcessEnv = process.env): string | undefined =>
  [env['TEST_DATABASE_URL'], env['DATABASE_URL']].find((url) => url !== undefined && url.trim() !== '')

/** Runs one statement on the database of `url` over a connection of its own. */
export const runStatement = async (url: string, statement: string): Promise<void> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** The server of TEST_DATABASE_URL/DATABASE_URL, or a throwaway cluster started now. */
export const startPostgresServer = async (env: NodeJS.ProcessEnv = process.env): Promise<PostgresServer> => {
  const given = givenServerUrl(env)
  if (given !== undefined) return { url: given, stop: async () => undefined }
  const cluster = await startPostgresCluster()
  return { url: cluster.url('postgres'), stop: cluster.stop }
}

const PLAIN_NAME = /^[a-z_][a-z0-9_]{0,62}$/

/**
 * A new database on the server of `serverUrl`, empty or (with `template`) a copy of that database,
 * which no one may be connected to. Copying a migrated template takes a fraction of migrating.
 */
export const createDatabaseOn = async (
  serverUrl: string,
  options: { readonly template?: string; readonly prefix?: string } = {},
): Promise<TestDatabase> => {
  const name = `${options.prefix ?? 'tandem_test'}_${randomBytes(6).toString('hex')}`
  if (!PLAIN_NAME.test(name)) throw new Error(`not a plain database name: ${name}`)
  if (options.template !== undefined && !PLAIN_NAME.test(options.template))
    throw new Error(`not a plain database name: ${options.template}`)
  const template = options.template === undefined ? '' : ` template ${options.template}`
  try {
    await runStatement(serverUrl, `create database ${name}${template}`)
  } catch (error) {
    throw new Error(`cannot create a test database on the server of ${new URL(serverUrl).host} (its role needs CREATEDB)`, {
      cause: error,
    })
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  let dropped = false
  return {
    url: url.toString(),
    drop: async () => {
      if (dropped) return
      dropped = true
      await runStatement(serverUrl, `drop database if exists ${name} with (force)`)
    },
  }
}

export const createTestDatabase = async (env: NodeJS.ProcessEnv = process.env): Promise<TestDatabase> => {
  const server = givenServerUrl(env)
  if (server === undefined) {
    const cluster = await startPostgresCluster()
    return { url: await cluster.createDatabase('tandem'), drop: cluster.stop }
  }
  return createDatabaseOn(server)
}
