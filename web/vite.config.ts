// Builds the participant single-page app into web/dist; the server serves it from the same origin.
// Admin screens and most routes are lazily loaded, so the first paint stays under the bundle budget;
// a signed-out visitor of a page that needs sign-in loads only the redirect (start-choice.plugin.ts).
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { precompress } from './precompress.plugin.js'
import { startChoice } from './start-choice.plugin.js'

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), startChoice(), precompress()],
  resolve: {
    // The core imports fp-ts's CommonJS build (`fp-ts/lib/…`, which Node's ESM resolution needs);
    // bundled, that is a whole module per import (Either with its instances, 5.2 KiB brotli) beside
    // the ES build io-ts already brings. The ES build of the same version is the same code, and
    // the bundler keeps of it only the functions used (docs/web.md, "Budgets per state").
    alias: [{ find: /^fp-ts\/lib\/(.*)$/, replacement: 'fp-ts/es6/$1' }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // The core, io-ts and fp-ts build codecs at module level; none has side effects beyond its
      // exports, so modules the app does not use may be dropped (the core's package.json does not
      // say so itself).
      treeshake: { moduleSideEffects: (id) => !/\/(core\/src|node_modules\/(io-ts|fp-ts))\//.test(id) },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/oidc': 'http://localhost:3000', '/app-config.json': 'http://localhost:3000' } },
})
