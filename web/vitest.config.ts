import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// Component tests in jsdom; the Chromium journeys live in the separate `e2e` project.
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
