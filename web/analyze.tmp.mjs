import { build } from 'vite'
import { gzipSync } from 'node:zlib'
const report = {
  name: 'report',
  generateBundle(_o, bundle) {
    for (const [name, chunk] of Object.entries(bundle)) {
      if (chunk.type !== 'chunk') continue
      if (process.env.CHUNK && !name.includes(process.env.CHUNK)) continue
      const groups = {}
      for (const [id, m] of Object.entries(chunk.modules)) {
        let key = id.includes('node_modules') ? id.split('node_modules/').pop().split('/').slice(0, id.split('node_modules/').pop().startsWith('@') ? 2 : 1).join('/') : id.replace(/.*delivery\//, '').split('/').slice(0, 3).join('/')
        if (process.env.DEEP && id.includes(process.env.DEEP)) key = id.split(process.env.DEEP).pop()
        groups[key] = (groups[key] ?? 0) + m.renderedLength
      }
      console.log('==', name, chunk.code.length, 'gz', gzipSync(chunk.code).length, 'imports', chunk.imports.join(','), 'dyn', chunk.dynamicImports.length)
      for (const [k, v] of Object.entries(groups).sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log('   ', String(v).padStart(8), k)
    }
  },
}
process.env.NODE_ENV = 'production'
await build({ root: process.cwd(), configFile: 'vite.config.ts', plugins: [report], logLevel: 'silent', build: { write: false } })
