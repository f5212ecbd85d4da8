// Runs the benchmarks: every bench/*.bench.ts in name order, or only those whose file name
// contains the first argument (`npm run bench -- core`). Each default-exports an async function.
// `npm run bench -- check [name]` runs the bench guard instead (bench/check.ts).
import { readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const filter = process.argv[2]
if (filter === 'check') {
  const { runChecks } = await import('./check.js')
  process.exit(await runChecks(process.argv[3]))
}
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts') && (filter === undefined || f.includes(filter)))
  .sort()

if (files.length === 0) {
  console.error(`no benchmark matches ${filter ?? '*'}`)
  process.exitCode = 1
}
for (const file of files) {
  const module = (await import(pathToFileURL(join(here, file)).href)) as { default?: () => Promise<void> }
  if (typeof module.default !== 'function') throw new Error(`${file} must default-export an async function`)
  console.log(`\n## ${file}`)
  await module.default()
}
