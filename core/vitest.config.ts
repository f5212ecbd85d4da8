import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: { name: 'core', root: import.meta.dirname, include: ['test/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
})
