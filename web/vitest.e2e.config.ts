import { defineConfig } from 'vitest/config'

// Browser journeys: real Chromium (playwright-core) against the built app and the real server.
// Each file starts its own server, data folder and browser, so the journeys share nothing and run
// beside the other projects' files like any file. One at a time, they ran as a batch of their own
// after everything else (vitest runs a project with another worker count separately), a quarter of
// an hour with the second worker idle. The app is built once, before any journey starts.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/support/build.global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
})
