import { defineConfig } from 'vitest/config'

// The use cases' own tests: what an application module decides, without a server. Tests that drive
// the use cases through HTTP on both databases live with the server (adapters/server/test).
export default defineConfig({
  test: { name: 'application', root: import.meta.dirname, include: ['test/**/*.test.ts'] },
})
