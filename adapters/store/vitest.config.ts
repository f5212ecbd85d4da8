import { defineConfig } from 'vitest/config'

// A hook may start a throwaway PostgreSQL cluster: seconds on a busy machine.
export default defineConfig({
  test: { name: 'store', root: import.meta.dirname, include: ['test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
})
