// The server suite on PostgreSQL (project server-pg): one PostgreSQL server per vitest run (a
// throwaway cluster, or the server of TEST_DATABASE_URL/DATABASE_URL) and one migrated template
// database on it; each harness copies the template into a database of its own
// (test/database.under-test.ts), which takes a fraction of running the migrations again.
import { createIdentitySchema } from '@tandem/identity'
import { openPostgresDatabase } from '@tandem/store'
import { createDatabaseOn, startPostgresServer } from '@tandem/testing'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  // vitest's ProvidedContext is extended by declaration merging, hence an interface
  export interface ProvidedContext {
    /** A URL of the PostgreSQL server the harnesses create their databases on. */
    postgresServer: string
    /** The migrated database each harness's database is copied from. */
    postgresTemplate: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgresServer()
  try {
    const template = await createDatabaseOn(server.url, { prefix: 'tandem_template' })
    const db = await openPostgresDatabase(template.url)
    try {
      await createIdentitySchema(db.kysely)
    } finally {
      await db.close()
    }
    project.provide('postgresServer', server.url)
    project.provide('postgresTemplate', new URL(template.url).pathname.slice(1))
    return async () => {
      await template.drop()
      await server.stop()
    }
  } catch (error) {
    await server.stop()
    throw error
  }
}
