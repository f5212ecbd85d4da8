// The two stores a contract test runs on: a SQLite file in a temporary folder, and a database on a
// throwaway PostgreSQL cluster (or the server TEST_DATABASE_URL names). `open` may be called more
// than once per test: every call is another instance on the same data (a second process on the
// file, a second machine on the database).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestDatabase, type TestDatabase } from '@tandem/testing'
import pg from 'pg'
import { openDatabase, openPostgresDatabase, type Database } from '../../src/index.js'

export type Store = {
  readonly name: 'sqlite' | 'postgres'
  /** Prepares empty data for the next test (once per file before: the cluster's start). */
  readonly setUp: () => Promise<void>
  /** Another instance on the current test's data. */
  readonly open: () => Promise<Database>
  /** Closes every instance opened since setUp and removes the data. */
  readonly tearDown: () => Promise<void>
  /** Ends the file: stops the cluster. */
  readonly stop: () => Promise<void>
}

export const sqliteStore = (): Store => {
  let folder = ''
  let opened: Database[] = []
  return {
    name: 'sqlite',
    setUp: async () => {
      folder = mkdtempSync(join(tmpdir(), 'tandem-store-'))
      opened = []
    },
    open: async () => {
      const db = await openDatabase(join(folder, 'tandem.db'))
      opened.push(db)
      return db
    },
    tearDown: async () => {
      for (const db of opened) await db.close()
      rmSync(folder, { recursive: true, force: true })
    },
    stop: async () => undefined,
  }
}

export const postgresStore = (): Store => {
  let server: TestDatabase | undefined
  let opened: Database[] = []
  const url = () => {
    if (server === undefined) throw new Error('setUp first')
    return server.url
  }
  return {
    name: 'postgres',
    setUp: async () => {
      server ??= await createTestDatabase()
      opened = []
      // Empty again: the previous test's tables, rows and extension go with the schema.
      const client = new pg.Client({ connectionString: url() })
      await client.connect()
      try {
        await client.query('drop schema public cascade; create schema public')
      } finally {
        await client.end()
      }
    },
    open: async () => {
      const db = await openPostgresDatabase(url())
      opened.push(db)
      return db
    },
    tearDown: async () => {
      for (const db of opened) await db.close()
    },
    stop: async () => {
      await server?.drop()
    },
  }
}

export const bothStores = (): Store[] => [sqliteStore(), postgresStore()]
