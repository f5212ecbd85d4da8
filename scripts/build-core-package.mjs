// Completes `npm run build -w core`: tsc has written the JavaScript and declarations to dist/ (or to
// the folder given); this adds the package.json and README that make that folder an installable
// package, `@tandem/core` for plain Node.js: `npm install <path to core/dist>`.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = join(dirname(fileURLToPath(import.meta.url)), '..', 'core')
const out = process.argv[2] ?? join(here, 'dist')
const source = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'))
const built = {
  name: source.name,
  version: source.version,
  description: source.description,
  type: 'module',
  sideEffects: false,
  main: './index.js',
  types: './index.d.ts',
  exports: { '.': { types: './index.d.ts', default: './index.js' } },
  dependencies: source.dependencies,
  engines: { node: '>=22.12' },
}
writeFileSync(join(out, 'package.json'), `${JSON.stringify(built, null, 2)}\n`)
copyFileSync(join(here, 'README.md'), join(out, 'README.md'))
