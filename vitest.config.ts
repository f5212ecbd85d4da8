import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// One project per package; each package's own vitest.config.ts says how its tests run. The web app
// has two: component tests (jsdom) and the browser journeys in Chromium (e2e); the server suite runs
// twice: on SQLite (server) and on PostgreSQL (server-pg).
export default defineConfig({
  test: {
    // scripts/timing.reporter.ts prints where the time went after every run (CI's too).
    reporters: ['default', './scripts/timing.reporter.ts'],
    // Most files wait on something else (a server process, PostgreSQL, Chromium, a timer) far more
    // than they compute: two files at a time even on two cores, where vitest would run one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: ['core', 'application', 'fixtures', 'testing', 'adapters/*', 'web', 'lint']
      .map((p) => `${p}/vitest.config.ts`)
      .concat('web/vitest.e2e.config.ts', 'adapters/server/vitest.postgres.config.ts'),
  },
})
