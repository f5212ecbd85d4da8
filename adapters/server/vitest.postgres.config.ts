import { defineConfig } from 'vitest/config'

// The server suite again with every harness on PostgreSQL (test/support/database.under-test.ts): one
// PostgreSQL server per run, a database of its own per data folder, copied from a migrated template.
// The files below are about the SQLite file itself or already test PostgreSQL on their own (a new
// test of that kind belongs here too); every other file runs on both databases.
const LEFT_OUT: Readonly<Record<string, string>> = {
  'backup.restore.test.ts': 'copies, checks and restores the SQLite file of the data folder (PostgreSQL: pg_dump)',
  'db-copy.moves-an-installation.test.ts': 'moves a SQLite installation into PostgreSQL: its source is the SQLite file',
  'database.chosen-by-database-url.test.ts': 'starts servers on both databases itself',
  'cohort.shared-across-instances.test.ts': 'runs its instances on a PostgreSQL database of its own in project server already',
  'personal-data.shared-across-instances.test.ts': 'runs its instances on a PostgreSQL database of its own in project server already',
  'questionnaire.preview.shared-across-instances.test.ts':
    'runs its instances on a PostgreSQL database of its own in project server already',
  'instances.share-limits-leases-and-runs.test.ts': 'runs its instances on a PostgreSQL database of its own in project server already',
  'instances.two-processes-one-postgres-database.test.ts':
    'runs its processes on a PostgreSQL database of its own in project server already',
  'postgres.backup-with-pg-dump-and-pg-restore.test.ts': 'dumps and restores a PostgreSQL database of its own in project server already',
  'production.install.test.ts': 'installs and starts a copy of the project on a SQLite data folder of its own (no harness; minutes)',
}

export default defineConfig({
  test: {
    name: 'server-pg',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    exclude: Object.keys(LEFT_OUT).map((file) => `test/**/${file}`),
    env: { TANDEM_TEST_DATABASE: 'postgres' },
    globalSetup: ['test/support/postgres.global-setup.ts'],
    // Each file starts its own servers on its own data folder and tears them down; the modules
    // (Express, Kysely, the drivers, oidc-provider) are imported once per worker instead of once per
    // file: about a third less CPU for the project (README.md, "Test").
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
