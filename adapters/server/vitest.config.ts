import { configDefaults, defineConfig } from 'vitest/config'

// `npm run test:fast` (TANDEM_TEST_FAST=1) leaves out the files that start a PostgreSQL cluster of
// their own or install the project: the full suite (`npm test`, CI) runs them.
export const FAST_LEFT_OUT: readonly string[] = [
  'cohort.shared-across-instances.test.ts',
  'personal-data.shared-across-instances.test.ts',
  'questionnaire.preview.shared-across-instances.test.ts',
  'instances.share-limits-leases-and-runs.test.ts',
  'instances.two-processes-one-postgres-database.test.ts',
  'database.chosen-by-database-url.test.ts',
  'db-copy.moves-an-installation.test.ts',
  'postgres.backup-with-pg-dump-and-pg-restore.test.ts',
  'production.install.test.ts',
]

export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      ...(process.env['TANDEM_TEST_FAST'] === '1' ? FAST_LEFT_OUT.map((file) => `test/**/${file}`) : []),
    ],
    // Each file starts its own servers on its own data folder and tears them down; the modules
    // (Express, Kysely, the drivers, oidc-provider) are imported once per worker instead of once per
    // file: about a third less CPU for the project (README.md, "Test").
    isolate: false,
    testTimeout: 30_000,
    // Two files run at a time: a file's servers may take longer to start than the default 10 s.
    hookTimeout: 60_000,
  },
})
