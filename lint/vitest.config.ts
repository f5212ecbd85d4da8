import { defineConfig } from 'vitest/config'

// The repository's own checks (dependency declarations, core purity): each runs the real lint
// configuration on a small planted tree or snippet and expects it to object.
export default defineConfig({
  test: { name: 'lint', root: import.meta.dirname, include: ['test/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 },
})
