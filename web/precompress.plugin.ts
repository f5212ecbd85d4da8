// Writes a brotli (.br) and a gzip (.gz) twin beside every text file of the build, so the server
// sends compressed files without compressing them per request. Uses only the writeBundle hook,
// which Rollup (Vite 7) and Rolldown (Vite 8) both call.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/

export const precompress = (): Plugin => ({
  name: 'tandem-precompress',
  apply: 'build',
  writeBundle(options, bundle) {
    const dir = options.dir ?? 'dist'
    for (const fileName of Object.keys(bundle)) {
      if (!TEXT.test(fileName)) continue
      const path = join(dir, fileName)
      const bytes = readFileSync(path)
      // every text file, however small: each response is then compressed (brotli or gzip) alike
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
      )
      writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }))
    }
  },
})
